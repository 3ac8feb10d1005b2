// The conventions players know from lichess, through the real server: draw offers that stand
// and are declined, takebacks by consent, premoves, and a game claimed from a player who left.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

let server;
before(async () => { server = await Server.start(['--abandon-after', '0.3']); });
after(async () => { await server.stop(); });

test('a draw offer stands through the offerer\'s move; the opponent declines it', async () => {
  const { white, black, spectator } = await server.seated();
  white.send({ t: 'draw' });
  await Promise.all([white, black, spectator].map(c => c.event('draw_offer')));
  const moved = await play({ white, black, spectator }, ['e2e4']);
  assert.ok(moved.v > 0);
  black.send({ t: 'draw_decline' });
  const declined = await Promise.all([white, black, spectator].map(c => c.event('draw_declined')));
  for (const event of declined) assert.equal(event.by, 'black');
  white.send({ t: 'draw' });
  assert.equal((await white.error('too_soon')).code, 'too_soon');
  black.send({ t: 'draw_decline' });
  await black.error('no_offer');
  assertNoGaps(white, black, spectator);
});

test('a takeback asked and accepted undoes the move for everyone; declined, nothing changes', async () => {
  const { id, white, black, spectator } = await server.seated();
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  black.send({ t: 'takeback' });
  for (const event of await Promise.all([white, black, spectator].map(c => c.event('takeback_offer')))) assert.equal(event.by, 'black');
  white.send({ t: 'takeback_decline' });
  await Promise.all([white, black, spectator].map(c => c.event('takeback_declined')));
  black.send({ t: 'takeback' });
  await white.event('takeback_offer');
  white.send({ t: 'takeback' });
  const [toWhite, toBlack, toSpectator] = await Promise.all([white, black, spectator].map(c => c.event('takeback')));
  for (const event of [toWhite, toBlack, toSpectator]) {
    assert.equal(event.plies, 1);
    assert.deepEqual(event.moves, ['e2e4']);
    assert.equal(event.ply, 1);
    assert.equal(event.turn, 'black');
  }
  assert.ok(toBlack.legal.includes('e7e5'));
  assert.deepEqual(toWhite.legal, []);
  const resource = (await server.api('GET', `/api/games/${id}`)).body;
  assert.deepEqual(resource.moves, ['e2e4']);
  await play({ white, black, spectator }, ['c7c5'], { ply: 1, turn: 'black' });
  assertNoGaps(white, black, spectator);
});

test('Kriegspiel has no takebacks', async () => {
  const { white, black } = await server.seated({ variant: 'kriegspiel' });
  white.move('e2e4', 0);
  await black.event('umpire');
  white.send({ t: 'takeback' });
  await white.error('hidden_game');
});

// Bug (issue 32): a premove sent over the socket in such a game was queued, then played as the
// player's move (a try in Kriegspiel) as their turn came. Their own move at that ply is the
// witness that none was: it is taken, not refused as stale.
test('Kriegspiel and a game on one device have no premoves: refused, and nothing is played', async () => {
  const hidden = await server.seated({ variant: 'kriegspiel' });
  hidden.black.send({ t: 'premove', move: 'e7e5' });
  await hidden.black.error('premoves_off');
  hidden.white.move('e2e4', 0);
  assert.equal((await hidden.black.event('umpire')).by, 'white');
  hidden.black.move('d7d5', 1);
  const tried = await hidden.black.event('umpire');
  assert.deepEqual([tried.say, tried.by, tried.move], ['moved', 'black', 'd7d5']);
  assert.ok(!hidden.black.inbox.some(m => m.t === 'premove' || m.t === 'error'));

  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  assert.equal(created.status, 201, created.text);
  const { id, tokens } = created.body;
  const local = { white: await server.connect(id, tokens.white), black: await server.connect(id, tokens.black) };
  local.black.send({ t: 'premove', move: 'e7e5' });
  await local.black.error('premoves_off');
  await play(local, ['e2e4']);
  await play(local, ['d7d5'], { ply: 1, turn: 'black' });
  assert.ok(!local.black.inbox.some(m => m.t === 'premove' || m.t === 'error'));
  assert.deepEqual((await server.api('GET', `/api/games/${id}`)).body.moves, ['e2e4', 'd7d5']);
});

test('a premove is played as soon as its turn comes, and shown only to its player', async () => {
  const { white, black, spectator } = await server.seated();
  await play({ white, black, spectator }, ['e2e4']);
  white.send({ t: 'premove', move: 'g1f3' });
  assert.equal((await white.event('premove')).move, 'g1f3');
  await play({ white, black, spectator }, ['e7e5'], { ply: 1, turn: 'black' });
  const premoved = await spectator.next(m => m.t === 'move' && m.ply === 2, 'the premove played');
  assert.equal(premoved.move, 'g1f3');
  assert.ok(!black.inbox.some(m => m.t === 'premove') && !spectator.inbox.some(m => m.t === 'premove'));
  // On one's own turn there is nothing to queue.
  black.send({ t: 'premove', move: 'b8c6' });
  await black.error('your_turn');
  // One that is no longer legal when its turn comes is dropped, and its player told why.
  await play({ white, black, spectator }, ['b8c6', 'd2d3'], { ply: 3, turn: 'black' });
  white.send({ t: 'premove', move: 'e4e5' });  // the pawn on e5 blocks it
  await white.event('premove');
  await play({ white, black, spectator }, ['g8f6'], { ply: 5, turn: 'black' });
  const dropped = await white.event('premove');
  assert.equal(dropped.move, null);
  assert.ok(dropped.reason.length > 0);
  const resource = (await server.api('GET', `/api/games/${spectator.state.id}`)).body;
  assert.equal(resource.ply, 6);
  assert.equal(resource.turn, 'white');
});

test('presence is told to everyone; a player gone long enough lets the other claim the game', async () => {
  const { id, tokens, white, black, spectator } = await server.seated({ clock: { initial_s: 600, increment_s: 0 } });
  assert.deepEqual(spectator.state.presence, { white: true, black: true });
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  white.send({ t: 'claim', result: 'victory' });
  await white.error('opponent_here');
  black.close();
  const gone = await spectator.event('presence');
  assert.deepEqual([gone.white, gone.black], [true, false]);
  // Past the server's --abandon-after 0.3: the wait is the server's rule, not a timing assertion.
  await new Promise(resolve => setTimeout(resolve, 400));
  white.send({ t: 'claim', result: 'victory' });
  const end = await spectator.event('end');
  assert.deepEqual([end.result, end.reason], ['1-0', 'abandoned']);
  const pgn = await server.api('GET', `/api/games/${id}/pgn`);
  assert.match(pgn.text, /\[Termination "abandoned"\]/);
  const back = await server.connect(id, tokens.black);
  assert.equal(back.state.reason, 'abandoned');
});
