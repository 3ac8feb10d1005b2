// Cluster benchmark (run by hand, not a test): Redis, HAProxy (deploy/haproxy.cfg) and three
// `arbiter serve --node a|b|c` on this machine's loopback, started as tests/cluster does.
//
//   node bench/cluster.mjs [--games N] [--plies P] [--seeks S]
//
// 1. Move round trip (a move sent to its own event back), N games of P random legal plies at once
//    on node a: first straight to node a, then the same load through HAProxy.
// 2. Seek to seen: a seek opened on node a's lobby socket until node c's lobby socket shows it.
// 3. A node's death: node b SIGKILLed with a game in play and an open seek; the seconds until
//    node a's list and lobby no longer show them, and, once b restarts, until they show them again.
import WebSocket from '../tests/node_modules/ws/wrapper.mjs';
import { parseOptions } from './bench_server.mjs';
import { Cluster, until } from '../tests/cluster/cluster.js';
import { LobbyClient } from '../tests/e2e/lobby_client.js';

const options = parseOptions({ games: 50, plies: 40, seeks: 20 });
process.env.ARBITER_BIN ??= new URL('../build/arbiter', import.meta.url).pathname;
const cluster = await Cluster.start();

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const ms = value => `${value.toFixed(2)} ms`;

// One game of random legal moves over two sockets at `port`; pushes each move's round trip.
async function playGame(port, plies, rtts) {
  const game = await cluster.nodes.a.newGame();
  const sockets = [game.tokens.white, game.tokens.black].map(token => new WebSocket(`ws://127.0.0.1:${port}/ws/${game.id}?token=${token}`));
  await new Promise((resolve, reject) => {
    let ply = 0, sentAt = 0, pending = false, turn = null;  // turn: the side to move's socket and moves
    for (const socket of sockets) {
      socket.once('error', reject);
      socket.on('message', data => {  // from the start: the state may come before the other socket opens
        const message = JSON.parse(String(data));
        if (message.t === 'move' && pending && message.ply === ply - 1 && socket === sockets[(ply - 1) % 2]) {
          rtts.push(performance.now() - sentAt);
          pending = false;
        }
        if (message.t === 'end' || ply >= plies) return resolve();
        if ((message.t === 'state' || message.t === 'move') && message.legal?.length) turn = { socket, legal: message.legal };
        if (turn && !pending) {  // its own move's echo and the opponent's turn may come in either order
          pending = true;
          sentAt = performance.now();
          turn.socket.send(JSON.stringify({ t: 'move', move: turn.legal[Math.floor(Math.random() * turn.legal.length)], ply: ply++ }));
          turn = null;
        }
      });
    }
  });
  for (const socket of sockets) socket.close();
}

async function roundTrips(port) {
  const rtts = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: options.games }, () => playGame(port, options.plies, rtts)));
  const seconds = (performance.now() - started) / 1000;
  return `${rtts.length} moves in ${seconds.toFixed(1)} s: p50 ${ms(quantile(rtts, 0.5))}, p99 ${ms(quantile(rtts, 0.99))}`;
}

async function lobbyOn(name) {
  const client = new LobbyClient(`ws://127.0.0.1:${cluster.nodes[name].port}/ws/lobby`);
  await client.opened;
  await client.next(m => m.t === 'lobby', 'the lobby');
  return client;
}

try {
  console.log(`move round trip, ${options.games} games of ${options.plies} plies on node a`);
  console.log(`  direct to node a: ${await roundTrips(cluster.nodes.a.port)}`);
  console.log(`  through HAProxy:  ${await roundTrips(cluster.frontPort)}`);

  const watcher = await lobbyOn('c');
  const seen = [];
  for (let i = 0; i < options.seeks; i++) {
    const creator = await lobbyOn('a');  // a fresh socket each time: a socket's seeks are rate limited
    const sent = performance.now();
    creator.send({ t: 'seek', variant: 'chess', color: 'white' });
    const { seek } = await creator.event('seeking');
    await watcher.shows(seek.id);
    seen.push(performance.now() - sent);
    creator.close();
  }
  console.log(`seek on node a to seen on node c, ${seen.length} seeks: p50 ${ms(quantile(seen, 0.5))}, max ${ms(Math.max(...seen))}`);

  const onA = await lobbyOn('a');
  const game = await cluster.nodes.b.newGame();
  const seeker = await lobbyOn('b');
  seeker.send({ t: 'seek', variant: 'chess', color: 'white' });
  const { seek } = await seeker.event('seeking');
  const listsB = async () => (await cluster.nodes.a.api('GET', '/api/games?status=playing&limit=100')).body?.games?.some(g => g.id === game.id);
  await until(listsB, 'node a lists node b\'s game');
  await onA.shows(seek.id);
  const killed = performance.now();
  await cluster.nodes.b.kill();
  const gone = await Promise.all([
    until(async () => !(await listsB()), 'the list drops b', { every: 20 }).then(() => performance.now() - killed),
    onA.hides(seek.id).then(() => performance.now() - killed),
  ]);
  console.log(`node b SIGKILLed: gone from node a's list after ${(gone[0] / 1000).toFixed(2)} s, its seek from the lobby after ${(gone[1] / 1000).toFixed(2)} s`);
  const restarted = performance.now();
  await cluster.nodes.b.restart();
  const listedAgain = await until(listsB, 'the list shows b again', { every: 20 }).then(() => performance.now() - restarted);
  await cluster.front.untilServed('b');
  const routed = performance.now() - restarted;
  console.log(`node b restarted: in node a's list again after ${(listedAgain / 1000).toFixed(2)} s, HAProxy routes to it after ${(routed / 1000).toFixed(2)} s`);
  onA.close();
  watcher.close();
} finally {
  await cluster.stop();
}
