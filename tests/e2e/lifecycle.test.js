// A game's life across restarts and neglect, through a real process: a restart (after a crash or
// a clean stop) resumes the games in play with their seats and clocks; an invitation nobody takes
// expires, loaded or not, and a restart resumes only the games in play; a join whose answer was
// lost is repeated with the joiner's own secret and gets the same seat. What a restart charges
// the side to move (its thinking while the server was up, never the downtime) is measured on a
// hand-moved clock in tests/server/registry_test.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server, metricSamples, play } from './helpers.js';

const INITIAL_MS = 60000;

const secret = () => randomBytes(16).toString('base64url');  // 22 characters, 128 bits

// White to move, its clock running, Black's untouched; both seats still move.
async function assertResumed(server, id, tokens) {
  const white = await server.connect(id, tokens.white);
  const { clock } = white.state;
  assert.equal(white.state.status, 'playing');
  assert.equal(clock.running, 'white');
  assert.equal(clock.black, INITIAL_MS);
  assert.ok(clock.white > 0 && clock.white <= INITIAL_MS, `White has ${clock.white} ms`);
  const black = await server.connect(id, tokens.black);
  await play({ white, black }, ['g1f3', 'b8c6'], { ply: 2 });
}

for (const stop of ['SIGKILL', 'SIGTERM']) {
  test(`${stop} while White thinks: the restart resumes the game, seats and clocks kept`, async () => {
    const server = await Server.start();
    try {
      const { id, tokens, white, black } = await server.seated({ clock: { initial_s: INITIAL_MS / 1000, increment_s: 0 } });
      await play({ white, black }, ['e2e4', 'e7e5']);  // the clocks run from Black's reply
      if (stop === 'SIGKILL') await server.kill();
      else assert.deepEqual(await server.terminate(), { code: 0, signal: null });
      await server.restart();
      assert.match(server.child.output, /1 games resumed/);
      await assertResumed(server, id, tokens);
    } finally {
      await server.stop();
    }
  });
}

test('two crashes before anyone moves: the game resumes after each', async () => {
  const server = await Server.start();
  try {
    const { id, tokens, white, black } = await server.seated({ clock: { initial_s: INITIAL_MS / 1000, increment_s: 0 } });
    await play({ white, black }, ['e2e4', 'e7e5']);
    await server.kill();
    await server.restart();  // up again, White still thinking, nobody connected
    await server.kill();
    await server.restart();
    await assertResumed(server, id, tokens);
  } finally {
    await server.stop();
  }
});

test('a loaded invitation nobody takes expires: the creator is told, joins are refused', async () => {
  const server = await Server.start(['--waiting-expiry', '1']);
  try {
    const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white' });
    assert.equal(created.status, 201);
    const creator = await server.connect(created.body.id, created.body.token);
    assert.equal(creator.state.status, 'waiting');
    const end = await creator.event('end');
    assert.equal(end.reason, 'expired');
    assert.equal(end.result, '*');
    const code = created.body.invite.split('/').pop();
    const join = await server.api('POST', `/api/join/${code}`);
    assert.equal(join.status, 409);
    const resource = (await server.api('GET', `/api/games/${created.body.id}`)).body;
    assert.equal(resource.status, 'finished');
    assert.equal(resource.reason, 'expired');
    for (const status of ['playing', 'finished'])
      assert.ok(!(await server.api('GET', `/api/games?status=${status}`)).body.games.some(g => g.id === created.body.id),
        `an expired invitation is not listed as ${status}`);
  } finally {
    await server.stop();
  }
});

test('a restart resumes only games in play; invitations not loaded expire in the store', async () => {
  const server = await Server.start();
  try {
    const waiting = [];
    for (let i = 0; i < 3; i++) waiting.push((await server.api('POST', '/api/games', { variant: 'chess' })).body);
    const { id: playing } = await server.newGame();
    await server.kill();
    server.extraArgs.push('--waiting-expiry', '2');
    await server.restart();
    assert.match(server.child.output, /1 games resumed/);
    // Nothing asks for the waiting games: the store's sweep ends them.
    let values;
    for (let attempt = 0; attempt < 100; attempt++) {
      values = metricSamples((await server.api('GET', '/metrics')).text);
      if (values['arbiter_games{status="finished"}'] === 3) break;
      await sleep(100);
    }
    assert.equal(values['arbiter_games{status="finished"}'], 3);
    assert.equal(values['arbiter_games{status="waiting"}'] ?? 0, 0);
    assert.equal(values['arbiter_games{status="playing"}'], 1);
    // Loaded on demand, the game tells the same, with its end recorded; its invitation is spent.
    const resource = (await server.api('GET', `/api/games/${waiting[0].id}`)).body;
    assert.equal(resource.reason, 'expired');
    assert.equal((await server.api('POST', `/api/join/${waiting[1].invite.split('/').pop()}`)).status, 409);
    assert.equal((await server.api('GET', `/api/games/${playing}`)).body.status, 'playing');
    assert.ok((await server.api('GET', '/api/games?status=playing')).body.games.some(g => g.id === playing));
  } finally {
    await server.stop();
  }
});

test('a join repeated with its own secret gets the same seat, across a restart; another secret gets 409', async () => {
  const server = await Server.start();
  try {
    const created = (await server.api('POST', '/api/games', { variant: 'chess', color: 'white', clock: { initial_s: 60, increment_s: 0 } })).body;
    const code = created.invite.split('/').pop();
    const mine = secret();
    assert.equal((await server.api('POST', `/api/join/${code}`, { token: 'short' })).status, 400);
    const first = await server.api('POST', `/api/join/${code}`, { name: 'Bea', token: mine });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body, { id: created.id, color: 'black', token: mine });
    // The answer was lost: the same join again, then after a crash.
    assert.deepEqual((await server.api('POST', `/api/join/${code}`, { name: 'Bea', token: mine })).body, first.body);
    await server.kill();
    await server.restart();
    const again = await server.api('POST', `/api/join/${code}`, { name: 'Bea', token: mine });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body, first.body);
    assert.equal((await server.api('POST', `/api/join/${code}`, { token: secret() })).status, 409);
    assert.equal((await server.api('POST', `/api/join/${code}`)).status, 409);
    // The game link joins the same way.
    assert.deepEqual((await server.api('POST', `/api/games/${created.id}/join`, { token: mine })).body, first.body);
    assert.equal((await server.api('POST', `/api/games/${created.id}/join`, { token: secret() })).status, 409);

    const black = await server.connect(created.id, mine);
    const white = await server.connect(created.id, created.token);
    assert.equal(black.state.status, 'playing');
    assert.equal(black.state.names.black, 'Bea');
    await play({ white, black }, ['e2e4', 'e7e5']);
  } finally {
    await server.stop();
  }
});

test('a first join by the game link with a secret, repeated, gets the same seat', async () => {
  const server = await Server.start();
  try {
    const created = (await server.api('POST', '/api/games', { variant: 'chess', color: 'black' })).body;
    const mine = secret();
    const first = await server.api('POST', `/api/games/${created.id}/join`, { token: mine });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.color, 'white');
    assert.deepEqual((await server.api('POST', `/api/games/${created.id}/join`, { token: mine })).body, first.body);
    assert.equal((await server.api('POST', `/api/games/${created.id}/join`, { token: secret() })).status, 409);
    const white = await server.connect(created.id, mine);
    assert.equal(white.state.legal.length > 0, true, 'the seat to move is offered its moves');
  } finally {
    await server.stop();
  }
});
