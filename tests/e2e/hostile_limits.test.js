// Hostile clients against the limits on making games: a rematch of any kind is charged to the
// address that asks for it like POST /api/games, an address may have only a few computer games in
// play, and a full computer pool refuses a new game (503) rather than weaken those in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, metricSamples } from './helpers.js';

// More than any burst below: a loop not refused by then never will be.
const MOST_ROUNDS = 30;

async function withServer(args, body) {
  const server = await Server.start(args);
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

// Resigns the finished-or-not game on `client` and asks for a rematch: the new game's id, or the
// error that refused it (the game then has no rematch: nothing changed).
async function resignAndRematch(server, id, client) {
  if (client.state.status === 'waiting') await client.event('joined');  // the computer sits down as its room opens
  if (client.state.status !== 'finished') {
    client.send({ t: 'resign' });
    await client.event('end');
  }
  client.send({ t: 'rematch' });
  const answer = await client.next(m => (m.t === 'rematch' && m.game) || m.t === 'error', 'the rematch or its refusal');
  if (answer.t === 'rematch') return { game: answer.game };
  const game = (await server.api('GET', `/api/games/${id}`)).body;
  assert.equal(game.next_game, null, 'a refused rematch makes no game');
  assert.equal(game.rematch_offer, null, 'nor an offer');
  return { refused: answer };
}

// Rematches with `token` (which holds a seat of every game in the chain) until one is refused.
async function rematchUntilRefused(server, id, token) {
  for (let round = 1; round <= MOST_ROUNDS; round++) {
    const client = await server.connect(id, token);
    const { game, refused } = await resignAndRematch(server, id, client);
    client.close();
    if (refused) return { round, refused };
    id = game;
  }
  assert.fail(`${MOST_ROUNDS} rematches and none refused`);
}

function assertRateLimited(refused) {
  assert.equal(refused.code, 'rate_limited');
  assert.ok(refused.retry_after_s >= 1, 'it says when to try again');
}

test('a local game resigned and rematched in a loop is refused once its address has made its burst of games', async () => {
  await withServer(['--address-limits', 'on', '--creates-per-minute', '3'], async server => {  // a burst of 6
    const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
    assert.equal(created.status, 201, created.text);
    const { round, refused } = await rematchUntilRefused(server, created.body.id, created.body.tokens.white);
    assertRateLimited(refused);
    assert.equal(round, 6, 'the creation and five rematches use the burst of six');
    assert.equal((await server.api('POST', '/api/games', { variant: 'chess' })).status, 429, 'one budget for every path');
  });
});

test('a rematch between two people is charged to each who asks: the offer and the acceptance', async () => {
  await withServer(['--address-limits', 'on', '--creates-per-minute', '1'], async server => {  // a burst of 2
    const game = await server.newGame();  // the creation: one of two
    const white = await server.connect(game.id, game.tokens.white);
    const black = await server.connect(game.id, game.tokens.black);
    white.send({ t: 'resign' });
    await black.event('end');
    white.send({ t: 'rematch' });  // two of two
    await black.event('rematch_offer');
    black.send({ t: 'rematch' });  // the same address, over its budget
    assertRateLimited(await black.error('rate_limited'));
    const after = (await server.api('GET', `/api/games/${game.id}`)).body;
    assert.equal(after.next_game, null);
    assert.equal(after.rematch_offer, 'white', 'the offer stands');
  });
});

test('a game against the computer resigned and rematched in a loop is refused after the burst', async () => {
  await withServer(['--address-limits', 'on', '--creates-per-minute', '3'], async server => {
    const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white', opponent: { computer: 1 } });
    assert.equal(created.status, 201, created.text);
    const { round, refused } = await rematchUntilRefused(server, created.body.id, created.body.token);
    assertRateLimited(refused);
    assert.equal(round, 6);
  });
});

async function againstComputer(server, level = 1) {
  return server.api('POST', '/api/games', { variant: 'chess', color: 'white', opponent: { computer: level } });
}

test('computer games in play are capped per address, and a game that ends frees its place', async () => {
  await withServer(['--address-limits', 'on', '--computer-games-per-address', '2'], async server => {
    const first = await againstComputer(server);
    const second = await againstComputer(server);
    assert.equal(first.status, 201, first.text);
    assert.equal(second.status, 201, second.text);
    const third = await againstComputer(server);
    assert.equal(third.status, 429, third.text);
    assert.equal(third.body.error, 'too_many_computer_games');
    assert.ok(Number(third.headers.get('retry-after')) >= 1);

    const me = await server.connect(first.body.id, first.body.token);
    me.send({ t: 'resign' });
    await me.event('end');
    const replacement = await againstComputer(server);
    assert.equal(replacement.status, 201, 'the ended game gave its place back');

    // A rematch of the ended game would be a third in play: refused, and the game unchanged.
    me.send({ t: 'rematch' });
    const refused = await me.error('too_many_computer_games');
    assert.ok(refused.retry_after_s >= 1);
    const game = (await server.api('GET', `/api/games/${first.body.id}`)).body;
    assert.equal(game.next_game, null);
    assert.equal(game.rematch_offer, null);

    const other = await server.connect(second.body.id, second.body.token);
    other.send({ t: 'resign' });
    await other.event('end');
    me.send({ t: 'rematch' });
    assert.ok((await me.next(m => m.t === 'rematch' && m.game, 'the rematch')).game, 'with a place free, it is made');
    const metrics = metricSamples((await server.api('GET', '/metrics')).text);
    assert.equal(metrics['arbiter_refusals_total{reason="computer_games"}'], 1, 'the HTTP refusal');
  });
});

test('a computer game its person left is claimed by the computer, which frees its place', async () => {
  await withServer(['--address-limits', 'on', '--computer-games-per-address', '2', '--abandon-after', '3'], async server => {
    // Each person is there until the cap has been seen: no game can be claimed meanwhile.
    const left = [];
    for (let i = 0; i < 2; i++) {
      const created = await againstComputer(server);
      assert.equal(created.status, 201, created.text);
      left.push({ id: created.body.id, person: await server.connect(created.body.id, created.body.token) });
    }
    assert.equal((await againstComputer(server)).status, 429);
    for (const { person } of left) {
      person.close();
      await person.closed;
    }
    for (const { id } of left) {
      let game;
      for (const giveUp = Date.now() + 15000; game?.status !== 'finished' && Date.now() < giveUp;) {
        if (game) await new Promise(resolve => setTimeout(resolve, 50));
        game = (await server.api('GET', `/api/games/${id}`)).body;
      }
      assert.equal(game.status, 'finished', 'the game is not held open for ever');
      assert.equal(game.reason, 'abandoned');
      assert.equal(game.result, '0-1', 'the computer (Black) claimed the win');
    }
    assert.equal((await againstComputer(server)).status, 201, 'the places are free again');
  });
});

// Plays the person's moves (the first legal move each time, at once) as White until the computer
// has replied `replies` times.
async function playInstantly(server, { id, token, client }, replies) {
  if (client.state.status === 'waiting') await client.event('joined');
  let { legal } = (await server.api('GET', `/api/games/${id}`, undefined, { token })).body;
  for (let ply = 0; ply < 2 * replies; ply += 2) {
    client.move(legal[0], ply);
    legal = (await client.next(m => m.t === 'move' && m.ply === ply + 1, "the computer's reply")).legal;
  }
}

test('a full computer pool answers 503 with Retry-After; the games in play keep their whole budget', async () => {
  // One thread holds three level-8 games (a third of a thread each: 1 s against a person's 2 s).
  await withServer(['--computer-threads', '1'], async server => {
    const games = [];
    for (let i = 0; i < 3; i++) {
      const created = await againstComputer(server, 8);
      assert.equal(created.status, 201, created.text);
      const { id, token } = created.body;
      games.push({ id, token, client: await server.connect(id, token) });
    }
    for (const level of [8, 1]) {
      const refused = await againstComputer(server, level);
      assert.equal(refused.status, 503, refused.text);
      assert.equal(refused.body.error, 'computer_busy');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    }
    // Every person answers at once: the pool's one thread always has work queued.
    await Promise.all(games.map(game => playInstantly(server, game, 2)));
    // The pool counts a search once its job has handed the move to the room, so the last reply
    // can reach us before its count: read the metrics until all six are there (or give up).
    const thinking = 'arbiter_computer_thinking_seconds_count{level="8"}';
    let metrics = metricSamples((await server.api('GET', '/metrics')).text);
    for (let read = 0; read < 100 && metrics[thinking] < 6; read++) {
      await new Promise(resolve => setTimeout(resolve, 20));
      metrics = metricSamples((await server.api('GET', '/metrics')).text);
    }
    assert.equal(metrics[thinking], 6);
    assert.equal(metrics['arbiter_computer_moves_cut_short_total'], 0, 'no search was stopped early');
    // Level 8 searches until over 60% of its second is spent (engine/search.cpp) unless it finds
    // a mate: a search cut to share the thread would stop sooner.
    assert.equal(metrics['arbiter_computer_thinking_seconds_bucket{level="8",le="0.5"}'], 0, 'each thought its budget');
    assert.equal(metrics['arbiter_refusals_total{reason="computer_busy"}'], 2);

    games[0].client.send({ t: 'resign' });
    await games[0].client.event('end');
    assert.equal((await againstComputer(server, 8)).status, 201, 'an ended game makes room');
  });
});
