// A game's life across restarts and neglect: a restart charges the side to move the time it
// spent thinking while the server was alive (never the downtime); an invitation nobody takes
// expires, loaded or not, and a restart resumes only the games in play; a join whose answer was
// lost is repeated with the joiner's own secret and gets the same seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server, metricSamples, play } from './helpers.js';

const INITIAL_MS = 60000;
// The alive mark is written every second: a crash loses at most that much of the charge.
const HEARTBEAT_MS = 1000;

const secret = () => randomBytes(16).toString('base64url');  // 22 characters, 128 bits

for (const stop of ['SIGKILL', 'SIGTERM']) {
  test(`${stop} while White thinks: after the restart White is charged the thinking, not the downtime`, async () => {
    const server = await Server.start();
    try {
      const { id, tokens, white, black } = await server.seated({ clock: { initial_s: INITIAL_MS / 1000, increment_s: 0 } });
      await play({ white, black }, ['e2e4', 'e7e5']);  // the clocks run from Black's reply
      const thinkingFrom = Date.now();
      await sleep(3000);
      const thought = Date.now() - thinkingFrom;
      if (stop === 'SIGKILL') await server.kill();
      else assert.deepEqual(await server.terminate(), { code: 0, signal: null });
      const stoppedAt = Date.now();
      await sleep(4000);  // downtime, to be refunded
      const restartFrom = Date.now();
      await server.restart();
      const again = await server.connect(id, tokens.white);
      const sinceRestart = Date.now() - restartFrom;
      const spent = INITIAL_MS - again.state.clock.white;
      assert.equal(again.state.clock.running, 'white');
      assert.equal(again.state.clock.black, INITIAL_MS);
      // Charged what was spent before the stop (less at most one heartbeat after a crash), plus
      // what has run since the restart; the downtime in between is not charged.
      const lost = stop === 'SIGKILL' ? HEARTBEAT_MS + 200 : 200;
      assert.ok(spent >= thought - lost, `charged ${spent} ms of the ${thought} ms thought`);
      assert.ok(spent <= (stoppedAt - thinkingFrom) + sinceRestart + 100,
        `charged ${spent} ms: no more than the ${stoppedAt - thinkingFrom} ms alive and ${sinceRestart} ms since the restart`);
      const black2 = await server.connect(id, tokens.black);
      await play({ white: again, black: black2 }, ['g1f3'], { ply: 2 });
    } finally {
      await server.stop();
    }
  });
}

test('two crashes before anyone moves: neither downtime is charged', async () => {
  const server = await Server.start();
  try {
    const { id, tokens, white, black } = await server.seated({ clock: { initial_s: INITIAL_MS / 1000, increment_s: 0 } });
    await play({ white, black }, ['e2e4', 'e7e5']);
    const thinkingFrom = Date.now();
    await sleep(2000);
    await server.kill();
    const firstDown = Date.now();
    await sleep(3000);
    const firstUp = Date.now();
    await server.restart();
    await sleep(1500);  // up again, White still thinking, nobody connected
    await server.kill();
    const secondDown = Date.now();
    await sleep(3000);
    const secondUp = Date.now();
    await server.restart();
    const again = await server.connect(id, tokens.white);
    const spent = INITIAL_MS - again.state.clock.white;
    const up = (firstDown - thinkingFrom) + (secondDown - firstUp) + (Date.now() - secondUp);
    // Each crash may lose up to a heartbeat of the charge; no downtime is ever charged.
    assert.ok(spent >= 2000 + 1500 - 2 * HEARTBEAT_MS - 200, `charged ${spent} ms`);
    assert.ok(spent <= up + 100, `charged ${spent} ms of ${up} ms up (the downtimes: ${firstUp - firstDown} and ${secondUp - secondDown} ms)`);
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
