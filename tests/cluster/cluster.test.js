// Three nodes behind HAProxy sharing the lobby, lists and counts through Redis (issue 20): seeks
// seen across nodes, one winner of simultaneous accepts on every node, a game played through
// HAProxy, lists of every node's games from any node, a node's death and restart, and Redis's.
// The steps run in order on one cluster: each leaves it whole for the next.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, play, assertNoGaps } from '../e2e/helpers.js';
import { Cluster, until } from './cluster.js';

let cluster;
before(async () => { cluster = await Cluster.start(); });
after(async () => { await cluster?.stop(); });

const lobbyOn = name => cluster.lobbyOn(name);

async function seek(creator) {
  creator.send({ t: 'seek', variant: 'chess', color: 'white', name: 'Creator' });
  return creator.next(m => m.t === 'seeking' || m.t === 'error', 'seeking');
}

// A game made on node `name` with both seats, its players connected through HAProxy.
async function seatedThroughFront(name) {
  const game = await cluster.nodes[name].newGame();
  assert.ok(game.id.startsWith(`${name}_`), game.id);
  const white = await cluster.front.connect(game.id, game.tokens.white);
  const black = await cluster.front.connect(game.id, game.tokens.black);
  return { ...game, white, black };
}

async function listed(name, status) {
  const answer = await cluster.nodes[name].api('GET', `/api/games?status=${status}&limit=100`);
  return answer.status === 200 ? answer.body.games.map(game => game.id) : null;
}

test('a seek opened through node a\'s lobby socket is seen on node c\'s, with the counts of all nodes', async () => {
  const onA = await lobbyOn('a');
  const onC = await lobbyOn('c');
  const opened = await seek(onA);
  assert.equal(opened.t, 'seeking', JSON.stringify(opened));
  assert.ok(opened.seek.id.startsWith('a_'), opened.seek.id);
  await onC.shows(opened.seek.id);
  // Two lobby sockets on two nodes: node c counts both (each node counts its own WebSockets).
  await onC.until(lobby => lobby.online >= 2, 'counts the people of every node');
  onA.send({ t: 'cancel', id: opened.seek.id });
  await onC.hides(opened.seek.id);
});

test('20 simultaneous accepts spread over the three nodes: exactly one wins; both play it through HAProxy to its end', async () => {
  const creator = await lobbyOn('a');
  const takers = [];
  for (let i = 0; i < 20; i++) takers.push(await lobbyOn(['a', 'b', 'c'][i % 3]));
  const opened = await seek(creator);
  await Promise.all(takers.map(taker => taker.shows(opened.seek.id)));
  takers.forEach((taker, i) => taker.send({ t: 'accept', id: opened.seek.id, name: `Taker ${i}` }));
  const answers = await Promise.all(takers.map(taker => taker.next(m => m.t === 'matched' || m.t === 'error', 'an answer')));
  const winners = answers.filter(answer => answer.t === 'matched');
  assert.equal(winners.length, 1, JSON.stringify(answers));
  for (const answer of answers.filter(a => a.t === 'error')) assert.equal(answer.code, 'seek_gone');
  const [won] = winners;
  const mine = await creator.event('matched');
  assert.equal(mine.game, won.game);
  assert.equal(mine.color, 'white');
  assert.match(won.game, /^[abc]_[A-Za-z0-9_-]{12}$/);

  const white = await cluster.front.connect(won.game, opened.token);
  const black = await cluster.front.connect(won.game, won.token);
  assert.equal(white.state.you, 'white');
  assert.equal(black.state.you, 'black');
  await play({ white, black }, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  const [end] = await Promise.all([white.event('end'), black.event('end')]);
  assert.equal(end.result, '0-1');
  const finished = await cluster.front.api('GET', `/api/games/${won.game}`);
  assert.equal(finished.body.status, 'finished');
  assertNoGaps(white, black);
});

test('the lists from every node show the games of every node', async () => {
  const games = {};
  for (const name of ['a', 'b', 'c']) games[name] = (await cluster.nodes[name].newGame()).id;
  for (const name of ['a', 'b', 'c'])
    await until(async () => {
      const ids = await listed(name, 'playing');
      return ids && Object.values(games).every(id => ids.includes(id));
    }, `node ${name} lists the games of a, b and c`);
  const front = await cluster.front.api('GET', '/api/games?status=playing&limit=100');
  for (const id of Object.values(games)) assert.ok(front.body.games.some(game => game.id === id), id);
});

test('a node killed mid-game: the others play on without a gap; its game resumes after its restart with every acknowledged move', async () => {
  const onA = await seatedThroughFront('a');
  const onB = await seatedThroughFront('b');
  await play({ white: onA.white, black: onA.black }, ['e2e4', 'e7e5']);
  await play({ white: onB.white, black: onB.black }, ['d2d4']);
  await until(async () => (await listed('b', 'playing'))?.includes(onA.id), 'node b lists node a\'s game');

  await cluster.nodes.a.kill();
  await play({ white: onB.white, black: onB.black }, ['d7d5', 'c2c4'], { ply: 1, turn: 'black' });
  await until(async () => {
    const ids = await listed('b', 'playing');
    return ids && !ids.includes(onA.id) && ids.includes(onB.id);
  }, 'node b drops node a\'s games from its list');

  await cluster.nodes.a.restart();
  await cluster.front.untilServed('a');
  const white = await cluster.front.connect(onA.id, onA.tokens.white);
  const black = await cluster.front.connect(onA.id, onA.tokens.black);
  assert.deepEqual(white.state.moves, ['e2e4', 'e7e5']);
  await play({ white, black }, ['g1f3', 'b8c6'], { ply: 2 });
  await play({ white: onB.white, black: onB.black }, ['e7e6'], { ply: 3, turn: 'black' });
  assertNoGaps(onB.white, onB.black, white, black);
  await until(async () => (await listed('c', 'playing'))?.includes(onA.id), 'node c lists node a\'s game again');
});

test('Redis stopped and started again: games in play go on, the lobby and lists fail clearly, then come back', async () => {
  const game = await seatedThroughFront('c');
  const onA = await lobbyOn('a');
  const onB = await lobbyOn('b');
  await cluster.redis.stop();

  await play({ white: game.white, black: game.black }, ['e2e4', 'c7c5']);
  const refused = await seek(onA);
  assert.deepEqual([refused.t, refused.code], ['error', 'lobby_unavailable']);
  const lists = await until(async () => {
    const answer = await cluster.nodes.b.api('GET', '/api/games?status=playing');
    return answer.status === 503 && answer;
  }, 'the lists say the cluster is unavailable');
  assert.equal(lists.body.error, 'cluster_unavailable');

  await cluster.redis.start();
  const opened = await until(async () => {
    const answer = await seek(onA);
    return answer.t === 'seeking' && answer;
  }, 'a seek is taken again', { every: 200 });
  await onB.shows(opened.seek.id);
  await until(async () => (await listed('a', 'playing'))?.includes(game.id), 'the lists are back');
  await play({ white: game.white, black: game.black }, ['g1f3'], { ply: 2 });
  assertNoGaps(game.white, game.black);
});
