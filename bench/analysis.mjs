// Game analysis benchmark (run by hand, not a test), against a fresh `arbiter serve
// --address-limits off` at its default analysis settings (one thread at nice 19, 200 ms a position
// unless --movetime says otherwise):
//
// 1. analysis time per game: G finished chess games of P plies (random legal moves, then a
//    resignation) analysed one after the other; the server's own time for each (took_ms) and
//    the time from asking to reading it done.
// 2. the players' move p99 while analyses run: N local games, one move per game every S
//    seconds, for D seconds, first with no analysis, then with A analyses queued and running
//    all the time (as each ends another is asked for); the move round trip (sending a move to
//    its own event coming back) in each phase.
//
//   node bench/analysis.mjs [--games 5] [--plies 40] [--players 200] [--interval 2]
//                           [--duration 20] [--analyses 8] [--movetime 0] [--binary path/to/arbiter]
//
// --movetime 0 leaves --analysis-movetime at the server's default.
import fs from 'node:fs';
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { defaultBinary, parseOptions, startServer } from './bench_server.mjs';

const options = parseOptions({ games: 5, plies: 40, players: 200, interval: 2, duration: 20, analyses: 8, movetime: 0, binary: defaultBinary });
const { server, base, remove } = await startServer(options.binary, ['--address-limits', 'off', '--reserved-for-players', '0',
  '--header-timeout', '60', ...(options.movetime ? ['--analysis-movetime', String(options.movetime)] : [])], 'analysis');
const wsBase = base.replace('http', 'ws');
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function post(path, body) {
  const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

// A local game: a socket per seat; play() sends a random legal move for the side to move and
// resolves when its own event comes back, with the round trip in ms.
async function openGame() {
  const created = await post('/api/games', { variant: 'chess', local: true });
  if (created.status !== 201) throw new Error(`create: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  const game = { id: created.body.id, ended: false, turn: null, legal: [], ply: 0, waiting: null };
  game.sockets = await Promise.all(['white', 'black'].map(color => new Promise(resolve => {
    const socket = new WebSocket(`${wsBase}/ws/${game.id}?token=${created.body.tokens[color]}`);
    socket.on('error', () => {});
    socket.on('open', () => resolve(socket));
    socket.on('message', data => {
      const message = JSON.parse(data);
      if (message.t === 'end') game.ended = true;
      if ((message.t === 'state' || message.t === 'move') && message.legal?.length)
        Object.assign(game, { turn: socket, legal: message.legal, ply: message.t === 'move' ? message.ply + 1 : message.ply });
      if (message.t === 'move' && game.waiting?.socket === socket && message.ply === game.waiting.ply) {
        const { resolve: done, sentAt } = game.waiting;
        game.waiting = null;
        done(performance.now() - sentAt);
      }
      // The end wakes a play() too: a move that ends the game may come before its `end`.
      if (['move', 'state', 'end'].includes(message.t) && game.onChange) game.onChange();
    });
  })));
  game.play = async () => {
    while (!game.ended && (!game.turn || game.waiting)) await new Promise(resolve => { game.onChange = resolve; });
    game.onChange = null;
    if (game.ended) return null;
    const socket = game.turn, ply = game.ply;
    game.turn = null;
    return new Promise(resolve => {
      game.waiting = { resolve, socket, ply, sentAt: performance.now() };
      socket.send(JSON.stringify({ t: 'move', move: game.legal[Math.floor(Math.random() * game.legal.length)], ply }));
    });
  };
  game.finish = async () => {
    if (!game.ended) {
      (game.turn ?? game.sockets[0]).send('{"t":"resign"}');
      while (!game.ended) await new Promise(resolve => { game.onChange = resolve; setTimeout(resolve, 50); });
    }
    for (const socket of game.sockets) socket.close();
  };
  return game;
}

// A finished game of up to `plies` plies, ready to analyse.
async function finishedGame(plies) {
  const game = await openGame();
  for (let i = 0; i < plies && (await game.play()) !== null; i++);
  await game.finish();
  return game.id;
}

// Asks for the game's analysis and reads it until it is done (null: `keepGoing` said stop first).
async function analysed(id, keepGoing = () => true) {
  const asked = performance.now();
  let read = await post(`/api/games/${id}/analysis`);
  if (![200, 202].includes(read.status)) throw new Error(`analysis: HTTP ${read.status} ${JSON.stringify(read.body)}`);
  while (read.body.status !== 'done') {
    if (!keepGoing()) return null;
    await new Promise(resolve => setTimeout(resolve, 100));
    read = { body: await (await fetch(`${base}/api/games/${id}/analysis`)).json() };
  }
  return { took: read.body.took_ms, wall: performance.now() - asked, positions: read.body.positions.length, movetime: read.body.movetime_ms };
}

// --- 1. analysis time per game ---
const times = [];
for (let i = 0; i < options.games; i++) times.push(await analysed(await finishedGame(options.plies)));
const perGame = times.map(t => t.took / 1000);
console.log(`analysis time per game (${options.games} games, ${times.map(t => t.positions).join('/')} positions, ${times[0].movetime} ms a position): ` +
  `mean ${(perGame.reduce((a, b) => a + b, 0) / perGame.length).toFixed(1)} s, min ${Math.min(...perGame).toFixed(1)} s, max ${Math.max(...perGame).toFixed(1)} s ` +
  `(server's took_ms); asked to read done: mean ${(times.reduce((a, t) => a + t.wall, 0) / times.length / 1000).toFixed(1)} s; ` +
  `per position ${(times.reduce((a, t) => a + t.took / t.positions, 0) / times.length).toFixed(0)} ms`);

// --- 2. the players' move round trip, without and with analyses running ---
async function paced(label, background) {
  const games = [];
  for (let i = 0; i < options.players; i += 50)
    games.push(...await Promise.all(Array.from({ length: Math.min(50, options.players - i) }, openGame)));
  const latencies = [];
  const stopAt = performance.now() + options.duration * 1000;
  let running = true;
  const busy = background ? background(() => running) : Promise.resolve(0);
  await Promise.all(games.map((first, index) => new Promise(resolve => {
    let game = first;
    const tick = async () => {
      if (performance.now() >= stopAt) return resolve();
      if (game.ended || game.ply >= 60) {
        game.finish();
        game = await openGame();
      }
      const took = await game.play();
      if (took !== null) latencies.push(took);
      setTimeout(tick, Math.max(0, options.interval * 1000 - took));
    };
    setTimeout(tick, (index / options.players) * options.interval * 1000);
  })));
  running = false;
  const analysesDone = await busy;
  await Promise.all(games.map(game => game.finish()));
  console.log(`${label}: ${latencies.length} moves, round trip p50 ${quantile(latencies, 0.5).toFixed(2)} ms, ` +
    `p99 ${quantile(latencies, 0.99).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(1)} ms` +
    (background ? `; ${analysesDone} analyses completed meanwhile` : '') + `; load average ${loadAverage()}`);
}

// Finished games made beforehand, so that making them adds nothing to the phase measured.
const toAnalyse = [];
for (let i = 0; i < options.analyses * 3; i++) toAnalyse.push(await finishedGame(options.plies));

// Keeps `options.analyses` analyses asked for at any moment until the phase ends (or the games
// made beforehand run out); returns how many completed.
async function analysesRunning(running) {
  let done = 0;
  await Promise.all(Array.from({ length: options.analyses }, async () => {
    while (running() && toAnalyse.length) {
      if (await analysed(toAnalyse.shift(), running)) done++;
    }
  }));
  return done;
}

await paced(`players alone (${options.players} games, a move each every ${options.interval} s)`);
await paced(`players while ${options.analyses} analyses are asked for at all times`, analysesRunning);
server.kill('SIGTERM');
await new Promise(resolve => server.once('exit', resolve));
remove();
