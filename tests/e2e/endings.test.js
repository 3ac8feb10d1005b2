// Ends other than the board's: draw offers (accepted, lapsed), resignation, abort.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

test('a draw offered and accepted ends the game', async () => {
  const { id, white, black, spectator } = await server.seated();
  await play({ white, black, spectator }, ['e2e4', 'e7e5']);
  white.send({ t: 'draw' });
  const offers = await Promise.all([white, black, spectator].map(c => c.event('draw_offer')));
  for (const offer of offers) { assert.equal(offer.by, 'white'); assert.equal(offer.v, 4); }
  white.send({ t: 'draw' });
  await white.error('draw_offered');
  black.send({ t: 'draw' });
  const ends = await Promise.all([white, black, spectator].map(c => c.event('end')));
  for (const end of ends) assert.deepEqual([end.v, end.result, end.reason], [5, '1/2-1/2', 'agreement']);
  assertNoGaps(white, black, spectator);
  assert.equal((await server.api('GET', `/api/games/${id}`)).body.result, '1/2-1/2');
});

test('a draw offer lapses when the game moves on', async () => {
  const { id, white, black } = await server.seated();
  await play({ white, black }, ['d2d4']);
  white.send({ t: 'draw' });
  await Promise.all([white.event('draw_offer'), black.event('draw_offer')]);
  assert.equal((await server.api('GET', `/api/games/${id}`)).body.draw_offer, 'white');
  await play({ white, black }, ['d7d5'], { ply: 1, turn: 'black' });  // declined by playing on
  assert.equal((await server.api('GET', `/api/games/${id}`)).body.draw_offer, null);
  black.send({ t: 'draw' });  // now a new offer, not an acceptance
  const offer = await white.event('draw_offer');
  assert.equal(offer.by, 'black');
  const { body } = await server.api('GET', `/api/games/${id}`);
  assert.equal(body.status, 'playing');
  assert.equal(body.draw_offer, 'black');
});

test('resigning loses', async () => {
  const { white, black, spectator } = await server.seated();
  await play({ white, black }, ['e2e4']);
  black.send({ t: 'resign' });
  const ends = await Promise.all([white, black, spectator].map(c => c.event('end')));
  for (const end of ends) assert.deepEqual([end.result, end.reason], ['1-0', 'resign']);
  spectator.send({ t: 'resign' });
  await spectator.error('not_a_player');
});

test('abort while a side has not moved; too late once both have', async () => {
  const early = await server.seated();
  await play({ white: early.white, black: early.black }, ['e2e4']);
  early.spectator.send({ t: 'abort' });
  await early.spectator.error('not_a_player');
  early.black.send({ t: 'abort' });
  const end = await early.white.event('end');
  assert.deepEqual([end.result, end.reason], ['*', 'abort']);

  const late = await server.seated();
  await play({ white: late.white, black: late.black }, ['e2e4', 'e7e5']);
  late.white.send({ t: 'abort' });
  await late.white.error('too_late');
  const { body } = await server.api('GET', `/api/games/${late.id}`);
  assert.equal(body.status, 'playing');

  const waiting = await server.api('POST', '/api/games', { variant: 'chess', color: 'white' });
  const creator = await server.connect(waiting.body.id, waiting.body.token);
  creator.send({ t: 'abort' });
  assert.equal((await creator.event('end')).reason, 'abort');
  const join = await server.api('POST', `/api/join/${waiting.body.invite.split('/').pop()}`);
  assert.equal(join.status, 409, 'an aborted game cannot be joined');
});
