// Load benchmark (run by hand, not a test): many games played at once over real WebSocket
// against a real `arbiter serve` with its SQLite file, each move acknowledged only once durable.
//   node bench/load.mjs [path/to/arbiter] [games=200] [plies=60] [variant=chess]
// Prints moves per second and the latency from sending a move to receiving its event.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const [binary = path.join(here, '../build/server/arbiter'), games = '200', plies = '60', variant = 'chess'] =
  process.argv.slice(2);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-load-'));
const server = spawn(binary, ['serve', '--port', '0', '--db', path.join(dir, 'load.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', chunk => {
    out += chunk;
    const found = /listening on (http:\/\/[^\s]+)/.exec(out);
    if (found) resolve(found[1].replace(/\/$/, ''));
  });
  server.once('exit', () => reject(new Error('arbiter serve exited: ' + out)));
});

const latencies = [];
let moves = 0;

// One local game: a socket per seat; whoever receives a non-empty `legal` plays a random move.
async function play() {
  const created = await (await fetch(base + '/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant, local: true }),
  })).json();
  const wsBase = base.replace('http', 'ws');
  const seats = ['white', 'black'].map(color => new WebSocket(`${wsBase}/ws/${created.id}?token=${created.tokens[color]}`));
  await new Promise(resolve => {
    const sentAt = new Map();  // ply -> when its move was sent
    let done = false;
    const finish = () => { if (!done) { done = true; seats.forEach(s => s.close()); resolve(); } };
    for (const socket of seats) {
      socket.on('message', data => {
        const msg = JSON.parse(data);
        if (msg.t === 'move' && sentAt.has(msg.ply)) {
          latencies.push(performance.now() - sentAt.get(msg.ply));
          sentAt.delete(msg.ply);
          moves++;
        }
        // `state` carries the number of moves played, `move` the ply of the move it reports.
        const played = msg.t === 'move' ? msg.ply + 1 : msg.ply;
        if (msg.t === 'end' || played >= Number(plies)) return finish();
        if ((msg.t === 'state' || msg.t === 'move') && msg.legal?.length) {
          sentAt.set(played, performance.now());
          socket.send(JSON.stringify({ t: 'move', move: msg.legal[Math.floor(Math.random() * msg.legal.length)], ply: played }));
        }
      });
      socket.on('error', finish);
    }
  });
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(games) }, play));
const seconds = (performance.now() - started) / 1000;
server.kill('SIGTERM');
fs.rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const at = q => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
console.log(`${games} ${variant} games, ${moves} moves in ${seconds.toFixed(2)} s: ${(moves / seconds).toFixed(0)} moves/s`);
console.log(`move -> event latency ms: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`);
