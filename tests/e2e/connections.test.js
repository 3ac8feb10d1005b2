// Connections: reconnecting, several tabs per seat, and input that must be refused without
// effect (oversized frames, non-JSON, binary frames, unknown types, floods, unknown games).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, Client, play, assertNoGaps } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

test('reconnecting mid-game gives the same state and the game goes on', async () => {
  const { id, tokens, white, black } = await server.seated();
  const last = await play({ white, black }, ['d2d4', 'd7d5', 'c2c4']);
  black.close();
  await black.closed;
  const again = await server.connect(id, tokens.black);
  assert.equal(again.state.you, 'black');
  assert.equal(again.state.v, last.v);
  assert.equal(again.state.fen, last.fen);
  assert.deepEqual(again.state.moves, ['d2d4', 'd7d5', 'c2c4']);
  assert.ok(again.state.legal.includes('e7e6'));
  const before = await server.api('GET', `/api/games/${id}`, undefined, { token: tokens.black });
  assert.deepEqual(again.state.legal, before.body.legal);
  assert.equal(again.state.turn, 'black');
  const next = await play({ white, black: again }, ['e7e6'], { ply: 3, turn: 'black' });
  assert.equal(next.v, last.v + 1);
});

test('two tabs of one seat both receive every event, and either may move', async () => {
  const { id, tokens, white, black } = await server.seated();
  const secondTab = await server.connect(id, tokens.white);
  assert.equal(secondTab.state.you, 'white');
  assert.ok(secondTab.state.legal.length > 0);
  secondTab.move('e2e4', 0);
  const seen = await Promise.all([white, secondTab, black].map(c => c.event('move')));
  for (const event of seen) assert.equal(event.move, 'e2e4');
  black.move('c7c5', 1);
  const reply = await Promise.all([white.event('move'), secondTab.event('move')]);
  assert.deepEqual(reply[0], reply[1]);
  assert.ok(reply[0].legal.length > 0, 'both tabs are told the moves');
  assertNoGaps(white, secondTab, black);
});

test('invalid JSON, unknown types, wrong fields and binary frames get an error and change nothing', async () => {
  const { id, white, black } = await server.seated();
  const answers = [];
  for (const bad of ['not json', '[]', '{"t":"teleport"}', '{"t":"move","move":"e2e4"}', '{"t":"move","move":"e2e4","ply":"0"}', '{"move":"e2e4","ply":0}']) {
    white.send(bad);
    answers.push(await white.error('bad_message'));
  }
  white.ws.send(Buffer.from(JSON.stringify({ t: 'move', move: 'e2e4', ply: 0 })), { binary: true });
  answers.push(await white.error('bad_message'));
  for (const answer of answers) { assert.equal(answer.v, undefined); assert.equal(typeof answer.message, 'string'); }
  const { body } = await server.api('GET', `/api/games/${id}`);
  assert.equal(body.v, 1);
  assert.deepEqual(body.moves, []);
  white.send({ t: 'ping' });
  assert.deepEqual(await white.next(m => m.t === 'pong'), { t: 'pong' });
  await play({ white, black }, ['e2e4']);
});

test('a frame over 8 KiB is refused with a close, and the game is untouched', async () => {
  const { id, white } = await server.seated();
  white.send(JSON.stringify({ t: 'move', move: 'e2e4', ply: 0, pad: 'x'.repeat(9000) }));
  const closed = await white.closed;
  assert.equal(closed.code, 1009);
  const { body } = await server.api('GET', `/api/games/${id}`);
  assert.deepEqual(body.moves, []);
  const spectator = await server.connect(id);  // the server still serves
  assert.equal(spectator.state.v, 1);
});

test('a flood is rate limited', async () => {
  const { white } = await server.seated();
  for (let i = 0; i < 200; i++) white.send({ t: 'ping' });
  await white.error('rate_limited');
});

test('an unknown game is 404, over HTTP and WebSocket', async () => {
  assert.equal((await server.api('GET', '/api/games/nosuchgame')).status, 404);
  assert.equal((await server.api('GET', '/api/games/nosuchgame/pgn')).status, 404);
  const client = new Client(`ws://127.0.0.1:${server.port}/ws/nosuchgame`);
  await assert.rejects(client.opened, error => error.status === 404);
  const elsewhere = new Client(`ws://127.0.0.1:${server.port}/elsewhere`);
  await assert.rejects(elsewhere.opened, error => error.status === 404);
});
