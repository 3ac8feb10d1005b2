// Moves and claims the server must refuse, each answered with an error to the sender alone
// and nothing changed for anyone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

async function snapshot(id) {
  const { body } = await server.api('GET', `/api/games/${id}`);
  return { v: body.v, moves: body.moves, fen: body.fen, status: body.status };
}

test('illegal, out-of-turn, stale-ply and spectator moves change nothing', async () => {
  const { id, white, black, spectator } = await server.seated();
  await play({ white, black, spectator }, ['e2e4']);
  const before = await snapshot(id);

  black.move('e5e4', 1);  // no man there
  assert.equal((await black.error('illegal_move')).t, 'error');
  black.move('e8e7', 1);  // into its own pawn
  await black.error('illegal_move');
  white.move('d2d4', 1);  // black is to move
  await white.error('not_your_turn');
  black.move('e7e5', 0);  // an old ply
  await black.error('stale_ply');
  black.move('e7e5', 7);  // a future ply
  await black.error('stale_ply');
  spectator.move('e7e5', 1);
  await spectator.error('not_a_player');
  black.send({ t: 'move', move: 'zz9zz9', ply: 1 });
  await black.error('illegal_move');

  assert.deepEqual(await snapshot(id), before);
  const next = await play({ white, black, spectator }, ['e7e5'], { ply: 1, turn: 'black' });
  assert.equal(next.v, before.v + 1, 'no event was spent on the refused moves');
  assertNoGaps(white, black, spectator);
  for (const client of [white, spectator]) assert.equal(client.inbox.filter(m => m.t === 'error').length, 0, 'errors go to the sender alone');
});

test('a repeated move at the same ply is answered again, not played twice', async () => {
  const { id, white, black } = await server.seated();
  const first = await play({ white, black }, ['g1f3']);
  white.move('g1f3', 0);
  const again = await white.event('move');
  assert.deepEqual(again, first);
  const state = await snapshot(id);
  assert.deepEqual(state.moves, ['g1f3']);
  assert.equal(state.v, first.v);
  assert.equal(black.inbox.length, 0, 'the opponent hears nothing of it');
  // The other move at that ply is stale.
  white.move('b1c3', 0);
  await white.error('stale_ply');
});

test('a second join is refused (409), an unknown invitation is 404', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'black' });
  const code = created.body.invite.split('/').pop();
  const first = await server.api('POST', `/api/join/${code}`);
  assert.equal(first.status, 200);
  assert.equal(first.body.color, 'white');
  const second = await server.api('POST', `/api/join/${code}`);
  assert.equal(second.status, 409);
  assert.equal(typeof second.body.error, 'string');
  assert.equal(typeof second.body.message, 'string');
  assert.equal(second.body.id, created.body.id, 'the 409 names the game, to watch it');
  assert.equal((await server.api('POST', '/api/join/nosuchinvitecodeatall00')).status, 404);
  assert.equal((await server.api('POST', '/api/join/..%2F..')).status, 404);
  const local = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  assert.equal(local.body.invite, undefined, 'a local game has no invitation');
});

test('two joins at once: exactly one gets the seat', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white' });
  const code = created.body.invite.split('/').pop();
  const answers = await Promise.all(Array.from({ length: 8 }, () => server.api('POST', `/api/join/${code}`)));
  assert.deepEqual(answers.map(a => a.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
});

test('no move before the opponent joins, none after the end', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white' });
  const white = await server.connect(created.body.id, created.body.token);
  white.move('e2e4', 0);
  await white.error('not_started');
  const joined = await server.api('POST', `/api/join/${created.body.invite.split('/').pop()}`);
  const black = await server.connect(created.body.id, joined.body.token);
  await white.event('joined');
  await play({ white, black }, ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  await white.event('end');
  white.move('e1f2', 4);
  await white.error('game_over');
  white.send({ t: 'resign' });
  await white.error('game_over');
  black.send({ t: 'draw' });
  await black.error('game_over');
});

test('a forged token is a spectator and cannot move', async () => {
  const { id, white } = await server.seated();
  const forged = await server.connect(id, 'A'.repeat(24));
  assert.equal(forged.state.you, 'spectator');
  assert.deepEqual(forged.state.legal, []);
  forged.move('e2e4', 0);
  await forged.error('not_a_player');
  const resource = await server.api('GET', `/api/games/${id}?token=${'B'.repeat(24)}`);
  assert.equal(resource.body.you, 'spectator');
  assert.equal(resource.body.moves.length, 0);
  assert.deepEqual(white.inbox.filter(m => m.t !== 'presence'), [], 'White hears nothing of it');
});
