// The server killed with SIGKILL mid-game and restarted on the same database: every event any
// client was sent is there, clocks resume where they stood, and the game goes on. SIGTERM
// closes connections with 1001 and loses nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps } from './helpers.js';

test('SIGKILL mid-game, restart: nothing sent is lost and play continues', async () => {
  const server = await Server.start();
  try {
    const { id, tokens, white, black, spectator } = await server.seated({ clock: { initial_s: 600, increment_s: 5 } });
    const clients = { white, black, spectator };
    await play(clients, ['e2e4', 'e7e5', 'g1f3']);
    black.send({ t: 'draw' });
    const offer = await white.event('draw_offer');
    // A move in flight when the server dies may or may not have been committed; either is fine,
    // as long as nobody was told about a move that is then missing.
    black.move('b8c6', 3);
    await server.kill();
    const sent = [white, black, spectator].flatMap(c => c.inbox.filter(m => m.t === 'move').map(m => m.move));
    const lastSentV = Math.max(offer.v, ...[white, black, spectator].map(c => c.lastV));

    await server.restart();
    const resource = (await server.api('GET', `/api/games/${id}`)).body;
    assert.equal(resource.status, 'playing');
    assert.ok(resource.v >= lastSentV, `v ${resource.v} covers every event sent (${lastSentV})`);
    assert.deepEqual(resource.moves.slice(0, 3), ['e2e4', 'e7e5', 'g1f3']);
    for (const move of sent) assert.ok(resource.moves.includes(move), `${move} was sent, so it is stored`);

    const whiteAgain = await server.connect(id, tokens.white);
    const blackAgain = await server.connect(id, tokens.black);
    assert.equal(whiteAgain.state.v, resource.v);
    const committed = resource.moves.length === 4;
    assert.equal(whiteAgain.state.turn, committed ? 'white' : 'black');
    // The side not to move has exactly its stored time; the side to move has not been charged downtime.
    const stored = committed ? null : offer.clock;
    if (stored) {
      assert.equal(whiteAgain.state.clock.white, stored.white);
      assert.ok(whiteAgain.state.clock.black <= stored.black && whiteAgain.state.clock.black > stored.black - 60000);
      assert.equal(whiteAgain.state.draw_offer, 'black', 'the offer stands across the restart');
    }
    const next = committed
      ? await play({ white: whiteAgain, black: blackAgain }, ['f1c4'], { ply: 4, turn: 'white' })
      : await play({ white: whiteAgain, black: blackAgain }, ['b8c6', 'f1c4'], { ply: 3, turn: 'black' });
    assert.equal(next.san, 'Bc4');
    assertNoGaps(whiteAgain, blackAgain);
  } finally {
    await server.stop();
  }
});

test('a finished game survives a restart whole', async () => {
  const server = await Server.start();
  try {
    const { id, white, black } = await server.seated({ variant: 'capablanca' });
    await play({ white, black }, ['c1b3', 'f7f5', 'b3g8', 'h8f7', 'g8h7']);
    await white.event('end');
    const pgn = (await server.api('GET', `/api/games/${id}/pgn`)).text;
    await server.kill();
    await server.restart();
    const resource = (await server.api('GET', `/api/games/${id}`)).body;
    assert.equal(resource.status, 'finished');
    assert.equal(resource.reason, 'checkmate');
    assert.equal((await server.api('GET', `/api/games/${id}/pgn`)).text, pgn);
    assert.ok((await server.api('GET', '/api/games?status=finished')).body.games.some(g => g.id === id));
  } finally {
    await server.stop();
  }
});

test('SIGTERM closes sockets with 1001, exits cleanly, and the game resumes', async () => {
  const server = await Server.start();
  try {
    const { id, tokens, white, black } = await server.seated();
    await play({ white, black }, ['d2d4']);
    const [closed, exit] = await Promise.all([white.closed, server.terminate()]);
    assert.equal(closed.code, 1001);
    assert.deepEqual(exit, { code: 0, signal: null });
    await server.restart();
    const again = await server.connect(id, tokens.black);
    assert.deepEqual(again.state.moves, ['d2d4']);
    assert.equal(again.state.turn, 'black');
  } finally {
    await server.stop();
  }
});
