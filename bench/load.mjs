// Load benchmark (run by hand, not a test): games played at once over real WebSocket against a
// real `arbiter serve` (address limits off: all the load comes from this one machine) with its
// SQLite file, each move acknowledged only once durable.
//
//   node bench/load.mjs [--mode flat|paced] [--games N] [--plies P] [--interval S] [--duration S]
//                       [--variant V] [--binary path/to/arbiter]
//                       [--computers N] [--computer-level L] [--computer-threads T] [--computer-nice N|idle]
//                       [--clients K]
//
// flat (default): N games, each move sent as soon as the previous one arrives, P plies a game.
// paced: N games, one move per game every S seconds (human-like), for --duration seconds;
//   a game that ends is replaced by a new one.
// --computers N: besides, N games against the computer at level L (on T search threads, the
//   server's default when 0), whose person answers at once with a random move so that the
//   computer always has a move to think about; a game that ends is replaced, and one the server
//   refuses (503: its pool is full) is counted and not retried. Their moves are not counted: the
//   figures are the people's, while the computer thinks.
// --clients K: the games are shared among K client threads (worker threads, each its own heap),
//   so that one thread's garbage collection pauses only its share of the sockets: with one thread
//   and 18,000 sockets, its young-generation collections paused it 5-30 ms some 50 times in 30 s,
//   which the figures count as the server's. (On the 2-core machine of bench/RESULTS.md's figures, 2 or
//   4 threads changed nothing measurable: there they share the cores with the server.)
// Prints the move round trip (sending a move to receiving its own event back) and, on the same
// sockets, the round trip of an application ping; the server's own histograms scraped from
// /metrics (move handling, its stages, commit, batch size); and the server's CPU time per move.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { defaultBinary, parseOptions, startServer } from './bench_server.mjs';

// --- the main thread ----------------------------------------------------------------------

async function main() {
  const options = parseOptions({
    mode: 'flat', games: 200, plies: 60, interval: 5, duration: 30, variant: 'chess',
    computers: 0, 'computer-level': 8, 'computer-threads': 0, 'computer-nice': '', clients: 1,
    binary: defaultBinary,
  });
  if (!['flat', 'paced'].includes(options.mode)) throw new Error('--mode is flat or paced');
  if (!(options.clients >= 1 && options.clients <= options.games)) throw new Error('--clients is 1 to --games');

  // --header-timeout 60: on a machine loaded by other work, the client's own upgrade requests could
  // take over the default 5 s and be closed, leaving their games waiting for ever.
  // The message rates lifted: flat out, a socket sends more than the 20 messages a second a person
  // may, and each refused move, sent again, would change what is measured. A binary older than
  // --connection-messages-per-second (a baseline for A/B) runs without it.
  const knowsConnectionRate = spawnSync(options.binary, ['serve', '--help'], { encoding: 'utf8' }).stdout
    .includes('--connection-messages-per-second');
  const unlimitedRates = ['--seat-messages-per-second', '1000000',
    ...(knowsConnectionRate ? ['--connection-messages-per-second', '1000000'] : [])];
  const { server, base, remove } = await startServer(options.binary, ['--address-limits', 'off', '--reserved-for-players', '0',
    '--header-timeout', '60', ...unlimitedRates,
    ...(options['computer-threads'] ? ['--computer-threads', String(options['computer-threads'])] : []),
    ...(options['computer-nice'] ? ['--computer-nice', options['computer-nice']] : [])], 'load');

  let benchRunning = true;
  const computers = Array.from({ length: options.computers }, () => computerGame(options, base, () => benchRunning));
  const emptyKiB = options.mode === 'paced' ? await settledKiB(server.pid) : null;

  // Each client thread opens its share of the games (paced: before the figures start), says
  // `ready`, plays once told `go`, and answers with what it measured.
  const clients = Array.from({ length: options.clients }, (_, index) => {
    const first = Math.floor(index * options.games / options.clients);
    const games = Math.floor((index + 1) * options.games / options.clients) - first;
    const worker = new Worker(new URL(import.meta.url), { workerData: { options, base, first, games } });
    const messages = [];
    let wake = null;
    worker.on('message', message => { messages.push(message); wake?.(); });
    worker.on('error', error => { throw error; });
    const next = async () => {
      while (!messages.length) await new Promise(resolve => { wake = resolve; });
      return messages.shift();
    };
    return { worker, next };
  });
  for (const { next } of clients) await next();  // ready
  const memoryPerGame = emptyKiB === null ? null : (residentKiB(server.pid) - emptyKiB) / options.games;

  const start = { metrics: await scrape(base), cpu: cpuSeconds(server.pid), time: performance.now() };
  for (const { worker } of clients) worker.postMessage('go');
  const measured = [];
  for (const { next } of clients) measured.push(await next());
  for (const { worker } of clients) await worker.terminate();
  benchRunning = false;

  const computerMoves = computers.reduce((sum, game) => sum + game.moves(), 0);
  const computerRefused = computers.filter(game => game.refused()).length;
  // Paced: moves are sent for --duration seconds (the last tick of each game comes later).
  const seconds = options.mode === 'paced' ? options.duration : (performance.now() - start.time) / 1000;
  const cpu = cpuSeconds(server.pid) - start.cpu;
  const metricsBefore = start.metrics;
  const metricsAfter = await scrape(base);
  server.kill('SIGTERM');
  await new Promise(resolve => server.once('exit', resolve));
  remove();

  const moveLatencies = measured.flatMap(m => m.moveLatencies).sort((a, b) => a - b);
  const pingLatencies = measured.flatMap(m => m.pingLatencies).sort((a, b) => a - b);
  const moves = measured.reduce((sum, m) => sum + m.moves, 0);
  const rateLimited = measured.reduce((sum, m) => sum + m.rateLimited, 0);
  const describe = (name, values) => values.length
    ? `${name} round trip ms: p50 ${ms(quantile(values, 0.5))}, p90 ${ms(quantile(values, 0.9))}, p99 ${ms(quantile(values, 0.99))}, max ${ms(values.at(-1))} (${values.length})`
    : `${name}: none`;
  const server_ = name => {
    const [before, after] = [metricsBefore[name], metricsAfter[name]];
    if (!after) return 'not measured by this server';
    return `p50 <= ${ms(histogramQuantile(before, after, 0.5))}, p99 <= ${ms(histogramQuantile(before, after, 0.99))}`;
  };
  const batches = metricsAfter.arbiter_commit_batch_writes;
  const batchBefore = metricsBefore.arbiter_commit_batch_writes;
  console.log(`${options.mode}: ${options.games} ${options.variant} games on ${options.clients} client thread${options.clients > 1 ? 's' : ''}, ${moves} moves in ${seconds.toFixed(1)} s: ${(moves / seconds).toFixed(0)} moves/s`);
  console.log(describe('move', moveLatencies));
  console.log(describe('ping', pingLatencies));
  console.log(`server move handling ms (receive to broadcast): ${server_('arbiter_move_seconds')}`);
  console.log(`server move stages ms: ${['decided', 'committed', 'sent'].map(stage =>
    `${stage} ${server_(`arbiter_move_stage_seconds{stage="${stage}"}`)}`).join('; ')}`);
  console.log(`  (received to decided; decided to committed, synced and back in the room; committed to the write begun on each recipient's socket)`);
  console.log(`server commit ms (queued to synced): ${server_('arbiter_commit_seconds')}; writes per transaction: ${
    ((batches.sum - batchBefore.sum) / (batches.count - batchBefore.count)).toFixed(1)} on average`);
  if (options.computers) console.log(`computer: ${options.computers} games at level ${options['computer-level']} asked for, ${computerRefused} refused (pool full), ${computerMoves} computer moves in the run (its thinking is in the server's CPU below)`);
  if (memoryPerGame !== null) console.log(`server memory: ${memoryPerGame.toFixed(1)} KiB per game in play (resident, two sockets each)`);
  console.log(`server CPU: ${cpu.toFixed(2)} s, ${(cpu / moves * 1e6).toFixed(0)} µs per move; ${rateLimited} messages rate-limited`);
}

function residentKiB(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;  // utime + stime, in clock ticks of 1/100 s
}

// {name: {le: cumulative count}, name_count, name_sum} of the histograms in Prometheus text.
async function scrape(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const histograms = {};
  for (const line of text.split('\n')) {
    // A labelled series is named name{label="value"} (all but `le`).
    const bucket = /^(\w+)_bucket\{(?:(\w+="[^"]*"),)?le="([^"]+)"\} (\S+)$/.exec(line);
    const le = bucket && (bucket[3] === '+Inf' ? Infinity : Number(bucket[3]));
    const series = bucket && (bucket[2] ? `${bucket[1]}{${bucket[2]}}` : bucket[1]);
    if (bucket) (histograms[series] ??= { buckets: [] }).buckets.push([le, Number(bucket[4])]);
    const total = /^(\w+)_(count|sum)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    const name = total && (total[3] ? `${total[1]}{${total[3]}}` : total[1]);
    if (total) (histograms[name] ??= { buckets: [] })[total[2]] = Number(total[4]);
  }
  return histograms;
}

// The quantile's bucket bound from the difference of two scrapes: "at most this".
function histogramQuantile(before, after, q) {
  const buckets = after.buckets.map(([le, count], i) => [le, count - (before?.buckets[i]?.[1] ?? 0)]);
  const total = buckets.at(-1)[1];
  if (!total) return NaN;
  return buckets.find(([, count]) => count >= q * total)[0];
}

const quantile = (values, q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
const ms = value => (value === Infinity ? 'inf (over the last bucket, 1 s)'
  : value * 1000 >= 10 ? (value * 1000).toFixed(0) : (value * 1000).toFixed(2));

// --- games ---------------------------------------------------------------------------------

// A game against the computer whose person answers at once, for as long as `running()` says.
function computerGame(options, base, running) {
  const wsBase = base.replace('http', 'ws');
  let thinking = 0;  // computer moves received (the person's replies are not measured)
  let refused = false;  // the server refused the game (503: its pool was full)
  const open = async () => {
    const response = await fetch(base + '/api/games', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: options.variant, color: 'white', opponent: { computer: options['computer-level'] } }),
    });
    // A full pool takes no more (each game in play keeps its budget): this slot stays empty.
    if (response.status === 503) return refused = true;
    if (response.status !== 201) throw new Error(`create against the computer: HTTP ${response.status} ${await response.text()}`);
    const created = await response.json();
    const socket = new WebSocket(`${wsBase}/ws/${created.id}?token=${created.token}`);
    socket.on('error', () => {});
    socket.on('message', data => {
      const message = JSON.parse(data);
      if (message.t === 'end') {
        socket.close();
        if (running()) open();
      } else if ((message.t === 'state' || message.t === 'move') && message.legal?.length) {
        if (message.t === 'move') thinking++;
        const ply = message.t === 'move' ? message.ply + 1 : message.ply;
        socket.send(JSON.stringify({ t: 'move', move: message.legal[Math.floor(Math.random() * message.legal.length)], ply }));
      }
    });
    return socket;
  };
  open();
  return { moves: () => thinking, refused: () => refused };
}

// The server's size once it stops growing by itself (up to 5 s): a build whose computer threads
// make their tables (16 MB each) after it listens would count them as the games'.
async function settledKiB(pid) {
  let size = residentKiB(pid);
  for (let waited = 0; waited < 5000; waited += 250) {
    await new Promise(resolve => setTimeout(resolve, 250));
    const now = residentKiB(pid);
    if (now === size) break;
    size = now;
  }
  return size;
}

// --- a client thread ------------------------------------------------------------------------

async function client({ options, base, first, games }) {
  const wsBase = base.replace('http', 'ws');
  // What this thread measured.
  const moveLatencies = [];
  const pingLatencies = [];
  let moves = 0;
  let rateLimited = 0;

  async function createGame() {
    const response = await fetch(base + '/api/games', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: options.variant, local: true }),
    });
    if (response.status !== 201) throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  }

  // One local game: a socket per seat. `next(game)` decides when the side to move plays.
  class Game {
    constructor(created, onReady) {
      this.sentAt = new Map();  // ply -> when its move was sent
      this.pingsAt = [];
      this.ended = false;
      this.turnSocket = null;
      this.legal = [];
      this.ply = 0;
      let open = 0;
      this.sockets = ['white', 'black'].map(color => {
        const socket = new WebSocket(`${wsBase}/ws/${created.id}?token=${created.tokens[color]}`);
        socket.on('message', data => this.receive(socket, JSON.parse(data)));
        socket.on('open', () => { if (++open === 2) onReady(this); });
        socket.on('error', () => {});
        return socket;
      });
    }

    receive(socket, message) {
      if (message.t === 'pong') {
        const sent = this.pingsAt.shift();
        if (sent !== undefined) pingLatencies.push((performance.now() - sent) / 1000);
        return;
      }
      if (message.t === 'error' && message.code === 'rate_limited') {
        rateLimited++;
        if (this.lastMove && socket === this.sentBy) setTimeout(() => socket.send(this.lastMove), 50);  // refused unread: again
        return;
      }
      if (message.t === 'move' && this.sentAt.has(message.ply) && socket === this.sentBy) {
        moveLatencies.push((performance.now() - this.sentAt.get(message.ply)) / 1000);
        this.sentAt.delete(message.ply);
        moves++;
      }
      if (message.t === 'end') {
        this.ended = true;
        this.onEnd?.();
      }
      if ((message.t === 'state' || message.t === 'move') && message.legal?.length) {
        this.turnSocket = socket;
        this.legal = message.legal;
        this.ply = message.t === 'move' ? message.ply + 1 : message.ply;
      }
      // The mover's own event and the opponent's may come in either order: play once both have.
      if (this.turnSocket && !this.sentAt.size) this.onTurn?.();
    }

    // The side to move plays a random legal move; false if it cannot (game over, reply pending).
    play() {
      if (this.ended || !this.turnSocket || this.sentAt.size) return false;
      this.sentBy = this.turnSocket;
      this.sentAt.set(this.ply, performance.now());
      this.lastMove = JSON.stringify({ t: 'move', move: this.legal[Math.floor(Math.random() * this.legal.length)], ply: this.ply });
      this.turnSocket.send(this.lastMove);
      this.turnSocket = null;
      return true;
    }

    ping() {
      this.pingsAt.push(performance.now());
      this.sockets[0].send('{"t":"ping"}');
    }

    close() { for (const socket of this.sockets) socket.close(); }
  }

  const openGame = () => createGame().then(created => new Promise(resolve => new Game(created, resolve)));
  const go = new Promise(resolve => parentPort.once('message', resolve));

  async function flat() {
    parentPort.postMessage('ready');
    await go;
    await Promise.all(Array.from({ length: games }, async () => {
      const game = await openGame();
      await new Promise(resolve => {
        game.onEnd = resolve;
        game.onTurn = () => {
          if (game.ply >= options.plies) return resolve();
          if (game.ply % 10 === 0) game.ping();
          game.play();
        };
        if (game.turnSocket) game.onTurn();
      });
      game.close();
    }));
  }

  async function paced() {
    const open = [];
    for (let i = 0; i < games; i += 100)
      open.push(...await Promise.all(Array.from({ length: Math.min(100, games - i) }, openGame)));
    parentPort.postMessage('ready');
    await go;
    const stopAt = performance.now() + options.duration * 1000;
    await Promise.all(open.map((firstGame, index) => new Promise(resolve => {
      let game = firstGame;
      const tick = async () => {
        if (performance.now() >= stopAt) return resolve();
        if (game.ended || game.ply >= options.plies) {
          game.close();
          game = await openGame();
        }
        game.play();
        setTimeout(() => game.ping(), options.interval * 500);  // halfway to the next move
        setTimeout(tick, options.interval * 1000);
      };
      // Spread over the interval, across every thread's games.
      setTimeout(tick, ((first + index) / options.games) * options.interval * 1000);
    })));
    for (const game of open) game.close();
  }

  await (options.mode === 'flat' ? flat() : paced());
  parentPort.postMessage({ moveLatencies, pingLatencies, moves, rateLimited });
}

// The games run on --clients worker threads; this main thread starts the server, plays the
// computer games, scrapes the server's figures and prints them.
if (isMainThread) await main();
else await client(workerData);
