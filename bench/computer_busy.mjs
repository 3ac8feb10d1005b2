// Computer pool benchmark (run by hand, not a test): one address asks for N games against the
// computer at one level and answers every computer move at once (the hostile case: the pool
// always has work), for --duration seconds. Prints how many games were admitted and how the rest
// were refused (429: the address's cap; 503: the pool is full), then the computer's thinking per
// move as the server measured it (/metrics: arbiter_computer_thinking_seconds,
// arbiter_computer_moves_cut_short_total) and the reply's round trip as the person saw it.
//
//   node bench/computer_busy.mjs [--games 30] [--level 8] [--threads T] [--per-address C]
//                                [--duration 20] [--binary path/to/arbiter]
//
// --per-address 0 turns address limits off (the cap is lifted: the pool alone decides);
// --threads 0 leaves --computer-threads at the server's default.
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { defaultBinary, parseOptions, startServer } from './bench_server.mjs';

const options = parseOptions({ games: 30, level: 8, threads: 0, 'per-address': 2, duration: 20, binary: defaultBinary });

const limits = options['per-address'] > 0
  ? ['--address-limits', 'on', '--computer-games-per-address', String(options['per-address']), '--creates-per-minute', '1000']
  : ['--address-limits', 'off'];
const { server, base, remove } = await startServer(options.binary,
  [...limits, ...(options.threads ? ['--computer-threads', String(options.threads)] : [])], 'computer-busy');

async function scrape() {
  const samples = {};
  for (const line of (await (await fetch(base + '/metrics')).text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return samples;
}

const statuses = {};
const admitted = [];
for (let i = 0; i < options.games; i++) {
  const response = await fetch(base + '/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'chess', color: 'white', opponent: { computer: options.level } }),
  });
  const body = await response.json();
  const key = response.status === 201 ? '201' : `${response.status} ${body.error} (Retry-After ${response.headers.get('retry-after')})`;
  statuses[key] = (statuses[key] ?? 0) + 1;
  if (response.status === 201) admitted.push(body);
}

// Each admitted game: the person answers at once; the round trip is from the person's move to the
// computer's reply. A game that ends is left ended (a new one might be refused: that is measured above).
const replies = [];
let running = true;
const sockets = admitted.map(created => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws/${created.id}?token=${created.token}`);
  let sentAt;
  socket.on('error', () => {});
  socket.on('message', data => {
    const message = JSON.parse(data);
    if (!running || !((message.t === 'state' || message.t === 'move' || message.t === 'joined') && message.legal?.length)) return;
    if (message.t === 'move' && sentAt !== undefined) replies.push(performance.now() - sentAt);
    const ply = message.t === 'move' ? message.ply + 1 : message.ply;
    sentAt = performance.now();
    socket.send(JSON.stringify({ t: 'move', move: message.legal[Math.floor(Math.random() * message.legal.length)], ply }));
  });
  return socket;
});
await new Promise(resolve => setTimeout(resolve, options.duration * 1000));
running = false;
const metrics = await scrape();
for (const socket of sockets) socket.close();
server.kill('SIGTERM');

const level = `level="${options.level}"`;
const count = metrics[`arbiter_computer_thinking_seconds_count{${level}}`] ?? 0;
const sum = metrics[`arbiter_computer_thinking_seconds_sum{${level}}`] ?? 0;
const bucket = le => metrics[`arbiter_computer_thinking_seconds_bucket{${level},le="${le}"}`] ?? 0;
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
replies.sort((a, b) => a - b);

console.log(`asked for ${options.games} level-${options.level} games from one address: ${JSON.stringify(statuses)}`);
console.log(`computer moves in ${options.duration} s: ${count}, thinking mean ${count ? ((1000 * sum) / count).toFixed(0) : '-'} ms; ` +
  `under 0.5 s: ${bucket('0.5')}, under 0.8 s: ${bucket('0.8')}, under 1 s: ${bucket('1')}, under 1.25 s: ${bucket('1.25')}; ` +
  `cut short by the pool: ${metrics['arbiter_computer_moves_cut_short_total']}`);
console.log(`reply round trip (person's move to the computer's): p50 ${quantile(replies, 0.5).toFixed(0)} ms, ` +
  `p99 ${quantile(replies, 0.99).toFixed(0)} ms, max ${(replies.at(-1) ?? NaN).toFixed(0)} ms over ${replies.length}`);
remove();
