// Redis as an attacker or an outage leaves it (issue 32): junk under made-up node keys, Redis at
// its maxmemory, Redis hung (SIGSTOP). The nodes skip what no node wrote, say what failed (logs,
// /metrics), answer 503 where the lists cannot be read whole, and keep no growing queue.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LobbyClient } from '../e2e/lobby_client.js';
import { Cluster, until } from './cluster.js';

let cluster;
before(async () => { cluster = await Cluster.start(); });
after(async () => {
  cluster?.redis.resume();
  await cluster?.stop();
});

function metrics(name) {
  return cluster.metrics(name);
}

async function playing(name) {
  return cluster.nodes[name].api('GET', '/api/games?status=playing&limit=100');
}

test('junk under made-up node keys: every node\'s lists stay 200 with the real games, the junk skipped and counted', async () => {
  const games = [];
  for (const name of ['a', 'b', 'c']) games.push((await cluster.nodes[name].newGame()).id);
  const redis = cluster.redis;
  // A node key that is no hash, one without an expiry, and one shaped as a node's with junk items.
  await redis.cli('SET', 'arbiter:node:fake1', 'junk');
  await redis.cli('HSET', 'arbiter:node:fake2', 'online', '5', 'games', '1', 'playing', '[]', 'finished', '[]');
  await redis.cli('HSET', 'arbiter:node:fake3', 'online', 'many', 'games', '-1',
    'playing', JSON.stringify([{ id: 7 }, 'x', null, [], { id: 'z_000000000000', variant: 'chess' }]), 'finished', '{');
  await redis.cli('PEXPIRE', 'arbiter:node:fake3', '600000');
  await redis.cli('SET', 'arbiter:seeks:fake3', 'junk');
  await redis.cli('SADD', 'arbiter:nodes', 'fake1', 'fake2', 'fake3');
  try {
    await listsSkipJunk(games);
  } finally {
    await redis.cli('DEL', 'arbiter:node:fake1', 'arbiter:node:fake2', 'arbiter:node:fake3', 'arbiter:seeks:fake3');
  }
});

// Every answer a 200, until the node has read (and skipped) the junk and lists every node's games.
async function listsSkipJunk(games) {
  for (const name of ['a', 'b', 'c'])
    await until(async () => {
      const skipped = (await metrics(name))['arbiter_redis_troubles_total{kind="junk"}'] > 0;
      const answer = await playing(name);
      assert.equal(answer.status, 200, answer.text);
      const ids = answer.body.games.map(game => game.id);
      assert.ok(!ids.includes('z_000000000000'), 'the junk item is not listed');
      return skipped && games.every(id => ids.includes(id));
    }, `node ${name} skips the junk and lists the games of a, b and c`);
  // The counts leave the junk out too: a lobby is told the people of the real nodes only.
  const lobby = new LobbyClient(`ws://127.0.0.1:${cluster.nodes.a.port}/ws/lobby`);
  cluster.nodes.a.clients.push(lobby);
  await lobby.opened;
  const first = await lobby.next(m => m.t === 'lobby', 'the lobby');
  assert.ok(first.online < 5, JSON.stringify(first));
}

test('Redis at its maxmemory: the lists answer 503 (not empty lists), the refusals are counted; then all comes back', async () => {
  const game = await cluster.nodes.a.newGame();
  await until(async () => (await playing('c')).body?.games?.some(g => g.id === game.id), 'node c lists node a\'s game');
  await cluster.redis.cli('CONFIG', 'SET', 'maxmemory', '1');
  try {
    const refused = await until(async () => {
      const answer = await playing('c');
      return answer.status === 503 && answer;
    }, 'node c says it cannot read the lists whole');
    assert.equal(refused.body.error, 'cluster_unavailable');
    await until(async () => (await metrics('c'))['arbiter_redis_troubles_total{kind="out_of_memory"}'] > 0, 'node c counts the OOM refusals');
  } finally {
    await cluster.redis.cli('CONFIG', 'SET', 'maxmemory', '0');
  }
  await until(async () => (await playing('c')).body?.games?.some(g => g.id === game.id), 'the lists are back');
});

test('Redis hung (SIGSTOP): requests are answered, heartbeats are skipped rather than queued, and all comes back', async () => {
  const lobby = new LobbyClient(`ws://127.0.0.1:${cluster.nodes.a.port}/ws/lobby`);
  cluster.nodes.a.clients.push(lobby);
  await lobby.opened;
  await lobby.next(m => m.t === 'lobby', 'the lobby');
  const before = await metrics('a');
  cluster.redis.pause();
  try {
    // A seek needs Redis: refused once the command times out, not left waiting.
    lobby.send({ t: 'seek', variant: 'chess', color: 'white', name: 'Creator' });
    const refused = await lobby.next(m => m.t === 'seeking' || m.t === 'error', 'an answer to the seek');
    assert.deepEqual([refused.t, refused.code], ['error', 'lobby_unavailable']);
    // A game is still made on this node (the creation budget falls back to the node's share).
    const created = await cluster.nodes.a.api('POST', '/api/games', { variant: 'chess', color: 'white' });
    assert.equal(created.status, 201, created.text);
    const lists = await until(async () => {
      const answer = await playing('a');
      return answer.status === 503 && answer;
    }, 'the lists say the cluster is unavailable');
    assert.equal(lists.body.error, 'cluster_unavailable');
    const skipped = 'arbiter_redis_beats_skipped_total';
    const timeouts = 'arbiter_redis_timeouts_total';
    const hung = await until(async () => {
      const now = await metrics('a');
      return now[skipped] >= before[skipped] + 3 && now[timeouts] >= before[timeouts] + 2 && now;
    }, 'node a skips heartbeats and drops the hung connection');
    // A beat's three commands and the seek's at most: nothing piles up while Redis hangs.
    assert.ok(hung.arbiter_redis_pending_commands <= 4, String(hung.arbiter_redis_pending_commands));
  } finally {
    cluster.redis.resume();
  }
  await until(async () => (await playing('a')).status === 200, 'the lists are back');
  lobby.send({ t: 'seek', variant: 'chess', color: 'white', name: 'Creator' });
  const opened = await lobby.next(m => m.t === 'seeking' || m.t === 'error', 'an answer to the seek');
  assert.equal(opened.t, 'seeking', JSON.stringify(opened));
});
