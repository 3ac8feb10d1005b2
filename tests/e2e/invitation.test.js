// GET /api/join/<code>: what an invitation shows before it is taken (who invites, to what, the
// seat a join would take), never a token, and no seat taken by looking.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

const FIELDS = ['clock', 'color', 'id', 'names', 'status', 'variant'];

test('an invitation shows the game, its clock, the inviter and the free seat until it is taken', async () => {
  const created = await server.api('POST', '/api/games',
    { variant: 'capablanca', color: 'black', name: 'Ann', clock: { initial_s: 12, increment_s: 0 } });
  assert.equal(created.status, 201, created.text);
  const code = created.body.invite.split('/').pop();

  const looked = await server.api('GET', `/api/join/${code}`);
  assert.equal(looked.status, 200, looked.text);
  assert.deepEqual(Object.keys(looked.body).sort(), FIELDS);
  assert.deepEqual(looked.body, {
    id: created.body.id, variant: 'capablanca', status: 'waiting', color: 'white',
    clock: { initial_ms: 12000, increment_ms: 0 }, names: { white: null, black: 'Ann' },
  });
  assert.ok(!looked.text.includes(created.body.token), 'no seat token');
  assert.equal((await server.api('HEAD', `/api/join/${code}`)).status, 200);

  // Looking took no seat: the join still gets it.
  const joined = await server.api('POST', `/api/join/${code}`, { name: 'Bob' });
  assert.equal(joined.status, 200, joined.text);
  assert.equal(joined.body.color, 'white');

  const after = await server.api('GET', `/api/join/${code}`);
  assert.equal(after.status, 200, after.text);
  assert.deepEqual(after.body, { ...looked.body, status: 'playing', color: null, names: { white: 'Bob', black: 'Ann' } });
  assert.ok(!after.text.includes(joined.body.token), 'no seat token');
});

test('an untimed invitation has no clock; an unknown or malformed code is 404', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white' });
  const looked = await server.api('GET', created.body.invite.replace('/join/', '/api/join/'));
  assert.equal(looked.body.clock, null);
  assert.equal(looked.body.color, 'black');
  assert.deepEqual(looked.body.names, { white: 'Anonymous', black: null });
  for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'no*such', 'x'.repeat(40)]) {
    const missing = await server.api('GET', `/api/join/${encodeURIComponent(code)}`);
    assert.equal(missing.status, 404, code);
    assert.equal(missing.body.error, 'not_found');
  }
  assert.equal((await server.api('DELETE', created.body.invite.replace('/join/', '/api/join/'))).status, 405);
});
