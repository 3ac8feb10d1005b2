// Soak (run by hand, not a test): many addresses churning games against one real `arbiter serve`
// with its per-address limits on, then the server's resident memory once everyone has gone.
//
//   node bench/soak.mjs [--tasks 120] [--addresses 1000] [--duration 600] [--idle 30]
//                       [--variant chess] [--binary path/to/arbiter] [--args "more serve options"]
//
// Each of --tasks loops for --duration seconds, each round as one of --addresses (X-Real-IP from a
// trusted proxy: the server runs with --trusted-proxy 127.0.0.1) doing one of what people do:
// an untimed game on one device made and never opened; a timed game made, joined and played a
// few random moves, then resigned, drawn, or left by both; a game watched by spectators who
// chat; a game against the computer played a few moves and left. Refusals (429, 503) are counted
// and waited out, as a client would. Prints the server's resident memory at the start, its peak,
// and after --idle seconds with no client connected, with the games the store holds by status
// (read with Debian's sqlite3).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { defaultBinary, parseOptions, startServer } from './bench_server.mjs';

const options = parseOptions({ tasks: 120, addresses: 1000, duration: 600, idle: 30, variant: 'chess', binary: defaultBinary, args: '' });
const { server, base, dir, remove } = await startServer(options.binary, ['--address-limits', 'on', '--trusted-proxy', '127.0.0.1',
  ...options.args.split(' ').filter(Boolean)], 'soak');
const wsBase = base.replace('http', 'ws');
const counts = { rounds: 0, moves: 0, refused: 0, chats: 0, failed: 0 };
const start = residentKiB();
let peak = start;
const sampler = setInterval(() => { peak = Math.max(peak, residentKiB()); }, 500);

const deadline = performance.now() + options.duration * 1000;
await Promise.all(Array.from({ length: options.tasks }, (_, task) => churn(task)));
clearInterval(sampler);
const busy = residentKiB();
await new Promise(resolve => setTimeout(resolve, options.idle * 1000));
const idle = residentKiB();
// /metrics is not served to the trusted proxy's address, which every request here comes from.
const statuses = spawnSync('sqlite3', [path.join(dir, 'soak.db'), "SELECT status || ' ' || count(*) FROM games GROUP BY status"],
  { encoding: 'utf8' }).stdout.trim().split('\n');
console.log(`${options.tasks} tasks, ${options.addresses} addresses, ${options.duration} s: ${counts.rounds} rounds, ${counts.moves} moves, ` +
  `${counts.chats} chat lines, ${counts.refused} refusals (429/503), ${counts.failed} rounds failed`);
console.log(`server resident MB: start ${mb(start)}, peak ${mb(peak)}, at the end of the churn ${mb(busy)}, after ${options.idle} s idle ${mb(idle)}`);
console.log(`games: ${statuses.join(', ')}`);
server.kill('SIGTERM');
await new Promise(resolve => server.once('exit', resolve));
remove();

async function churn(task) {
  for (let round = 0; performance.now() < deadline; round++) {
    const index = (task * 7919 + round) % options.addresses;
    const address = `203.0.${index >> 8}.${index & 255}`;  // a header only: every socket is on loopback
    const kinds = [abandonedLocal, played, watched, againstComputer];
    try {
      await kinds[(task + round) % kinds.length](address);
      counts.rounds++;
    } catch (error) {
      counts.failed++;
      if (counts.failed <= 5) console.error(`round failed: ${error.message}`);
    }
  }
}

async function abandonedLocal(address) {
  await create(address, { variant: options.variant, local: true });
}

// Joined by a second address, a few random moves, then an ending chosen by the round.
async function played(address) {
  const created = await create(address, { variant: options.variant, color: 'white', clock: { initial_s: 60, increment_s: 1 } });
  if (!created) return;
  const joined = await request(`198.51.${address.split('.').slice(2).join('.')}`, 'POST', `/api/join/${created.invite.split('/').pop()}`);
  if (!joined) return;
  const white = await open(created.id, created.token, address);
  const black = await open(created.id, joined.token, address);
  const plies = 2 + Math.floor(Math.random() * 20);
  for (let ply = 0; ply < plies; ply++) {
    const mover = ply % 2 ? black : white;
    const legal = mover.last.legal;
    if (!legal?.length) break;
    const waiting = (ply % 2 ? white : black).next('move');
    mover.send({ t: 'move', move: legal[Math.floor(Math.random() * legal.length)], ply });
    mover.last = await mover.next('move');
    (ply % 2 ? white : black).last = await waiting;
    counts.moves++;
  }
  const ending = Math.floor(Math.random() * 3);
  if (ending === 0) white.send({ t: 'resign' });
  if (ending === 1) { white.send({ t: 'draw' }); black.send({ t: 'draw' }); }
  await new Promise(resolve => setTimeout(resolve, 200));
  white.close();
  black.close();
}

// A game made, watched by three spectators of the address who chat, then left by everyone.
async function watched(address) {
  const created = await create(address, { variant: options.variant, color: 'white' });
  if (!created) return;
  const spectators = [];
  for (let i = 0; i < 3; i++) spectators.push(await open(created.id, '', address));
  for (let line = 0; line < 4; line++) {
    for (const spectator of spectators) spectator.send({ t: 'chat', text: `line ${line}`, name: 'soak' });
    counts.chats += spectators.length;
    await new Promise(resolve => setTimeout(resolve, 500));
  }
  for (const spectator of spectators) spectator.close();
}

async function againstComputer(address) {
  const created = await create(address, { variant: options.variant, color: 'white', opponent: { computer: 1 } });
  if (!created) return;
  const person = await open(created.id, created.token, address);
  for (let ply = 0; ply < 6; ply += 2) {
    const legal = person.last.legal;
    if (!legal?.length) break;
    person.send({ t: 'move', move: legal[Math.floor(Math.random() * legal.length)], ply });
    await person.next('move');
    person.last = await person.next('move');
    counts.moves += 2;
  }
  person.close();
}

async function create(address, body) {
  return request(address, 'POST', '/api/games', body);
}

// The answer's body, or null after waiting out a refusal (429, 503) as a client would.
async function request(address, method, path, body) {
  const response = await fetch(base + path, {
    method, headers: { 'content-type': 'application/json', 'x-real-ip': address }, body: body && JSON.stringify(body),
  });
  if (response.status === 429 || response.status === 503) {
    counts.refused++;
    await new Promise(resolve => setTimeout(resolve, 1000));
    return null;
  }
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

// A socket whose `last` is its latest state or move and `next(t)` the next message of kind t.
function open(id, token, address) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}/ws/${id}${token ? `?token=${token}` : ''}`, { headers: { 'x-real-ip': address } });
    const waiting = [];
    const held = [];
    const client = {
      last: null,
      send: message => socket.readyState === 1 && socket.send(JSON.stringify(message)),
      close: () => socket.close(),
      next: t => new Promise((found, lost) => {
        const index = held.findIndex(message => message.t === t);
        if (index >= 0) return found(held.splice(index, 1)[0]);
        const timer = setTimeout(() => lost(new Error(`no ${t} in 30 s`)), 30000);
        waiting.push({ t, found: message => { clearTimeout(timer); found(message); } });
      }),
    };
    socket.on('message', data => {
      const message = JSON.parse(data);
      if (message.t === 'state' && !client.last) { client.last = message; return resolve(client); }
      const index = waiting.findIndex(entry => entry.t === message.t);
      if (index >= 0) waiting.splice(index, 1)[0].found(message);
      else if (message.t === 'move') held.push(message);
    });
    socket.on('error', reject);
    socket.on('unexpected-response', (_, response) => { counts.refused++; reject(new Error(`upgrade refused: ${response.statusCode}`)); });
  });
}

function residentKiB() {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
}

function mb(kib) {
  return (kib / 1024).toFixed(0);
}
