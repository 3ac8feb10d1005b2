// Lobby burst benchmark (run by hand, not a test): S lobby sockets open at once, then each opens
// one seek at the same moment, against a real `arbiter serve` (address limits off: every socket
// is this machine). Prints whether the server survived, how long each socket took from the
// burst to a list counting every seek (p50 and max), the lobby messages each socket got, and the
// server's peak memory (VmHWM).
//
//   node bench/lobby_burst.mjs [--sockets S] [--threads T] [--binary path/to/arbiter]
import fs from 'node:fs';
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { defaultBinary, parseOptions, startServer } from './bench_server.mjs';

const options = parseOptions({ sockets: 600, threads: 0, binary: defaultBinary });

const { server, base } = await startServer(options.binary, ['--address-limits', 'off', '--reserved-for-players', '0',
  ...(options.threads ? ['--threads', String(options.threads)] : [])], 'lobby');
let exited = null;
server.once('exit', (code, signal) => { exited = { code, signal }; });
const url = `${base.replace('http', 'ws')}/ws/lobby`;

// A socket keeping its list (snapshot plus updates); `full` resolves once it counts `target`.
function open(target) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const state = { socket, seeks: new Map(), more: 0, messages: 0, done: null };
    state.full = new Promise(ok => { state.reached = ok; });
    socket.on('message', data => {
      const message = JSON.parse(String(data));
      if (message.t === 'lobby') state.seeks = new Map(message.seeks.map(s => [s.id, s]));
      else if (message.t === 'lobby_update') {
        for (const id of message.removed) state.seeks.delete(id);
        for (const seek of message.added) state.seeks.set(seek.id, seek);
      } else return;
      state.messages++;
      state.more = message.more;
      if (state.seeks.size + state.more >= target && !state.done) { state.done = performance.now(); state.reached(); }
    });
    socket.once('open', () => resolve(state));
    socket.once('error', reject);
  });
}

const sockets = await Promise.all(Array.from({ length: options.sockets }, () => open(options.sockets)));
const burst = performance.now();
for (const s of sockets) s.socket.send(JSON.stringify({ t: 'seek', variant: 'chess' }));
const finished = await Promise.race([
  Promise.all(sockets.map(s => s.full)).then(() => true),
  new Promise(resolve => setTimeout(() => resolve(false), 60000)),
  new Promise(resolve => server.once('exit', () => resolve(false))),
]);
const status = exited ? null : fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
const hwm = status ? /VmHWM:\s+(\d+ kB)/.exec(status)[1] : 'n/a';
const times = sockets.filter(s => s.done).map(s => s.done - burst).sort((a, b) => a - b);
const pick = q => times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0) : 'n/a';
const messages = sockets.map(s => s.messages).sort((a, b) => a - b);
console.log(`sockets ${options.sockets}, seeks ${options.sockets}, threads ${options.threads || 'default'}`);
console.log(`server ${exited ? `DIED (${exited.signal ?? exited.code})` : 'up'}; ${finished ? 'every socket saw every seek' : `${times.length} sockets saw every seek`}`);
console.log(`time to a full list: p50 ${pick(0.5)} ms, max ${times.length ? times.at(-1).toFixed(0) : 'n/a'} ms`);
console.log(`lobby messages a socket: p50 ${messages[messages.length >> 1]}, max ${messages.at(-1)}`);
console.log(`server VmHWM ${hwm}`);
for (const s of sockets) s.socket.terminate();
server.kill('SIGTERM');
process.exit(finished ? 0 : 1);
