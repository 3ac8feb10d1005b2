// Games in play nobody watches: an untimed one leaves memory and loads again when asked for, a
// restart loads only the games whose time runs, and one both sides left for --deserted-after-days
// ends without a winner. Waits poll what the server shows, under a guard that is a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, metricSamples, play } from './helpers.js';

const GUARD_MS = 20000;

async function residentRooms(server) {
  const response = await server.api('GET', '/metrics');
  assert.equal(response.status, 200);
  return metricSamples(response.text).arbiter_rooms_resident;
}

// Asks `read` until `done` holds of its answer; fails after GUARD_MS.
async function until(read, done, what) {
  const guard = Date.now() + GUARD_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > guard) assert.fail(`never ${what} (last: ${JSON.stringify(value?.body ?? value).slice(0, 300)})`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

async function localGame(server) {
  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  assert.equal(created.status, 201, created.text);
  return created.body;
}

test('an untimed game in play nobody watches leaves memory, loads again when asked for, and plays on', async () => {
  // A short invitation makes the eviction sweep run often (a quarter of it, at least 250 ms).
  const server = await Server.start(['--waiting-expiry', '2']);
  try {
    const game = await server.newGame();
    let white = await server.connect(game.id, game.tokens.white);
    let black = await server.connect(game.id, game.tokens.black);
    await play({ white, black }, ['e2e4']);
    white.close();
    black.close();
    await until(() => residentRooms(server), n => n === 0, 'left memory');
    const playing = await server.api('GET', '/api/games?status=playing');
    assert.deepEqual(playing.body.games.map(g => g.id), [game.id], 'still listed as playing');

    const shown = await server.api('GET', `/api/games/${game.id}`, undefined, { token: game.tokens.black });
    assert.equal(shown.status, 200);
    assert.equal(shown.body.status, 'playing');
    assert.deepEqual(shown.body.moves, ['e2e4']);
    assert.equal(await residentRooms(server), 1, 'loaded again');

    white = await server.connect(game.id, game.tokens.white);
    black = await server.connect(game.id, game.tokens.black);
    assert.equal(black.state.ply, 1);
    const event = await play({ white, black }, ['e7e5'], { ply: 1, turn: 'black' });
    assert.equal(event.san, 'e5');
    assert.equal(event.v, 3, 'the join and two moves, numbered on from the store');
  } finally {
    await server.stop();
  }
});

test('a restart loads the games whose clocks run, not the untimed ones', async () => {
  const server = await Server.start();
  try {
    const untimed = [];
    for (let i = 0; i < 30; i++) untimed.push(await localGame(server));
    const timed = await server.seated({ clock: { initial_s: 300, increment_s: 0 } });
    await play({ white: timed.white, black: timed.black }, ['e2e4', 'e7e5']);  // both have moved: White's clock runs
    await server.kill();
    await server.restart();
    assert.equal(await residentRooms(server), 1, 'the timed game alone');

    const again = await server.connect(timed.id, timed.tokens.white);
    assert.equal(again.state.clock.running, 'white', 'its clock runs on');
    const shown = await server.api('GET', `/api/games/${untimed[7].id}`);
    assert.equal(shown.body.status, 'playing');
    const playing = await server.api('GET', '/api/games?status=playing&limit=100');
    assert.equal(playing.body.games.length, 31, 'every game in play is listed');
  } finally {
    await server.stop();
  }
});

test('an untimed game both sides left ends without a winner; one with a connection does not', async () => {
  const server = await Server.start(['--deserted-after-days', '0.00002']);  // 1.728 s
  try {
    // The watched game is the oldest: due first, but for its connection.
    const watched = await localGame(server);
    const keeper = await server.connect(watched.id, watched.tokens.white);
    const unopened = await localGame(server);
    const left = await localGame(server);
    const client = await server.connect(left.id, left.tokens.white);
    await client.move('e2e4', 0);
    await client.event('move');
    client.close();

    const ended = await until(() => server.api('GET', `/api/games/${left.id}`), r => r.body.status === 'finished',
      'ended the game both sides left');
    assert.equal(ended.body.result, '*');
    assert.equal(ended.body.reason, 'deserted');
    assert.deepEqual(ended.body.moves, ['e2e4']);
    const aborted = await until(() => server.api('GET', `/api/games/${unopened.id}`), r => r.body.status === 'finished',
      'ended the game nobody opened');
    assert.equal(aborted.body.reason, 'abort', 'no move was played');

    assert.equal((await server.api('GET', `/api/games/${watched.id}`)).body.status, 'playing');
    assert.ok(!keeper.inbox.some(m => m.t === 'end'), 'no end was sent while connected');
  } finally {
    await server.stop();
  }
});
