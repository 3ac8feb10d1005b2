// Reconnecting with the last event held (?v=N): the missed events, in order and as this viewer
// was sent them, then `resumed`; a gap older than the room keeps, or a future v, gets `state`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// 36 plies without a repetition: every pawn two single steps, then knights out.
const LONG = [];
for (const file of 'abcdefgh') LONG.push(`${file}2${file}3`, `${file}7${file}6`, `${file}3${file}4`, `${file}6${file}5`);
LONG.push('b1c3', 'b8c6', 'g1f3', 'g8f6');

test('a reconnect gets the events it missed, then resumed; the same events everyone got', async () => {
  const { id, tokens, white, black, spectator } = await server.seated({ clock: { initial_s: 600, increment_s: 0 } });
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  const held = black.lastV;
  black.close();
  await black.closed;

  await play({ white, spectator }, ['g1f3'], { ply: 2 });
  white.send({ t: 'draw' });
  const offer = await spectator.event('draw_offer');

  const back = await server.resume(id, tokens.black, held);
  const missed = [await back.next(m => m.v === held + 1, 'the move'), await back.next(m => m.v === held + 2, 'the offer')];
  assert.equal(missed[0].t, 'move');
  assert.equal(missed[0].move, 'g1f3');
  assert.ok(missed[0].legal.length > 0, 'as Black was sent it: with its legal moves');
  assert.equal(missed[1].t, 'draw_offer');
  assert.equal(missed[1].v, offer.v);
  const resumed = await back.event('resumed');
  assert.equal(resumed.latest, offer.v);
  assert.equal(resumed.clock.running, 'black');
  assert.deepEqual(resumed.presence, { white: true, black: true }, 'who is connected now');
  assert.ok(!back.inbox.some(m => m.t === 'state'), 'no state when the events can be resent');
  assertNoGaps(back);

  // Play goes on over the resumed connection.
  back.move('b8c6', 3);
  assert.equal((await white.next(m => m.t === 'move' && m.ply === 3, 'the move after resuming')).move, 'b8c6');
});

test('a reconnect that holds everything gets only resumed', async () => {
  const { id, tokens, white, black } = await server.seated();
  await play({ white, black }, ['d2d4']);
  const back = await server.resume(id, tokens.white, white.lastV);
  const resumed = await back.event('resumed');
  assert.equal(resumed.latest, white.lastV);
  assert.equal(back.inbox.length, 0);
});

test('too old or from the future: the whole state instead', async () => {
  const { id, tokens, white, black, spectator } = await server.seated();
  await play({ white, black, spectator }, LONG);
  const old = await server.resume(id, tokens.white, 1);
  const state = await old.event('state');
  assert.equal(state.ply, LONG.length);
  assert.equal(state.v, spectator.lastV);
  const future = await server.resume(id, undefined, spectator.lastV + 5);
  assert.equal((await future.event('state')).v, spectator.lastV);
  const refused = await server.resume(id, undefined, 'x').catch(error => error);
  assert.equal(refused.status, 400);
});
