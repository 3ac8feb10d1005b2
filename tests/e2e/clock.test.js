// Server clocks: times in every message, the increment, a flag that falls with nobody sending
// anything, and lichess's start: each side's first move is free, and a game whose first moves
// do not come is aborted, not lost on time. The shortest clock allowed (initial_s 1) keeps the
// tests fast.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

let server, impatient;  // impatient: a first move is awaited half a second only
before(async () => {
  server = await Server.start();
  impatient = await Server.start(['--first-move-limit', '0.5']);
});
after(async () => { await Promise.all([server.stop(), impatient.stop()]); });

// Watchers connect before the invited player joins.
async function timedGame(initial_s, on = server) {
  const created = await on.api('POST', '/api/games', { variant: 'chess', color: 'white', clock: { initial_s, increment_s: 0 } });
  const white = await on.connect(created.body.id, created.body.token);
  const spectator = await on.connect(created.body.id);
  assert.equal(white.state.clock.running, null, 'no clock runs before the game starts');
  const joined = await on.api('POST', `/api/join/${created.body.invite.split('/').pop()}`);
  return { id: created.body.id, white, spectator, blackToken: joined.body.token };
}

test('a player who runs out of time loses, with no message sent', async () => {
  const { id, white, spectator, blackToken } = await timedGame(1);
  assert.equal((await white.event('joined')).clock.running, null, 'no clock runs before the first moves');
  const black = await server.connect(id, blackToken);
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  const ends = await Promise.all([white, spectator].map(c => c.event('end')));
  for (const end of ends) {
    assert.equal(end.reason, 'timeout');
    assert.equal(end.result, '0-1');
    assert.equal(end.clock.white, 0);
    assert.equal(end.clock.black, 1000, 'Black\'s first move was free');
    assert.equal(end.clock.running, null);
  }
  assertNoGaps(white, spectator);
  white.move('g1f3', 2);
  await white.error('game_over');
  const again = await server.connect(id, blackToken);
  assert.deepEqual([again.state.status, again.state.reason, again.state.result], ['finished', 'timeout', '0-1']);
});

test('the flag falls on whoever is to move', async () => {
  const { id, white, spectator, blackToken } = await timedGame(1);
  await white.event('joined');
  const black = await server.connect(id, blackToken);
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  white.move('g1f3', 2);  // at once; then black, who sends nothing, runs out
  const end = await spectator.event('end');
  assert.equal(end.reason, 'timeout');
  const moved = spectator.inbox.some(m => m.t === 'move');
  assert.equal(end.result, moved ? '1-0' : '0-1', 'white flags instead only if its move came too late');
});

test('a first move not made in time aborts the game: no result, no loss on time', async () => {
  const { white, spectator } = await timedGame(1, impatient);
  assert.equal(white.state.first_move_ms, undefined, 'no wait before the second seat is filled');
  const joined = await white.event('joined');
  assert.ok(joined.first_move_ms > 0 && joined.first_move_ms <= 500, `first_move_ms ${joined.first_move_ms}`);
  const ends = await Promise.all([white, spectator].map(c => c.event('end')));
  for (const end of ends) assert.deepEqual([end.result, end.reason], ['*', 'abort']);
});

test('the second player\'s first move has its own wait, from the first player\'s', async () => {
  const { id, white, spectator, blackToken } = await timedGame(60, impatient);
  await white.event('joined');
  const black = await impatient.connect(id, blackToken);
  await play({ white, black, spectator }, ['d2d4']);
  const end = await spectator.event('end');
  assert.deepEqual([end.result, end.reason], ['*', 'abort']);
  assert.deepEqual([end.clock.white, end.clock.black], [60000, 60000], 'nobody was charged');
});

test('times are in every state and move, with the increment added after a move', async () => {
  const { id, tokens, white, black } = await server.seated({ clock: { initial_s: 300, increment_s: 2 } });
  assert.deepEqual({ ...white.state.clock, white: undefined, black: undefined },
    { initial_ms: 300000, increment_ms: 2000, white: undefined, black: undefined, running: null });
  assert.ok(white.state.first_move_ms > 0, 'White\'s first move is awaited');
  const first = await play({ white, black }, ['e2e4', 'e7e5']);
  assert.equal(first.clock.running, 'white');
  assert.equal(first.first_move_ms, undefined, 'no wait once both sides have moved');
  assert.deepEqual([first.clock.white, first.clock.black], [300000, 300000], 'first moves are free');
  const sentAt = Date.now();
  const event = await play({ white, black }, ['g1f3'], { ply: 2 });
  const roundTrip = Date.now() - sentAt;
  assert.equal(event.clock.running, 'black');
  assert.ok(event.clock.white <= 302000 && event.clock.white > 290000, `white ${event.clock.white}`);
  // Black runs from the moment the move was stored; the message tells the times as it was built,
  // a moment later: never more than the round trip of the move.
  assert.ok(event.clock.black <= 300000 && event.clock.black >= 300000 - roundTrip,
    `black ${event.clock.black} within ${roundTrip} ms of its untouched 300000`);
  const resource = await server.api('GET', `/api/games/${id}`, undefined, { token: tokens.black });
  assert.equal(resource.body.clock.white, event.clock.white);
  assert.ok(resource.body.clock.black <= 300000);
});

test('a bad clock is refused with 400', async () => {
  for (const clock of [{ initial_s: 0 }, { initial_s: 0.0005 }, { initial_s: 0.5 }, { initial_s: -1 }, { initial_s: 'ten' }, { increment_s: 1 }, 'fast']) {
    const response = await server.api('POST', '/api/games', { variant: 'chess', clock });
    assert.equal(response.status, 400, JSON.stringify(clock));
    assert.equal(response.body.error, 'bad_clock');
  }
});
