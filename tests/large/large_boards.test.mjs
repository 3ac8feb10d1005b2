// A 16x16 board served by a build with ARBITER_LARGE_BOARDS (docs/variants.md, "Large boards"; ctest runs this
// file against that build's `arbiter`): described, played on both halves of the square set (the
// nightriders' captures on ranks 15 and 2), resigned, exported and replayed, and again after a
// restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Server, play, assertNoGaps, pgnSans, replayPgn } from '../e2e/helpers.js';

const LARGE_FILE = fileURLToPath(new URL('../rules/variants/large.toml', import.meta.url));

test('16x16: described, played by link to a result, exported and replayed, and kept over a restart', async () => {
  const server = await Server.start(['--variants', LARGE_FILE]);
  try {
    const { body } = await server.api('GET', '/api/variants');
    const variant = body.variants.find(v => v.name === 'chess16');
    assert.ok(variant, 'the file\'s variant is served');
    assert.deepEqual([variant.board.files, variant.board.ranks], [16, 16]);
    assert.equal(variant.pieces.find(kind => kind.letter === 'Y').drawing, 'glyph-Y');

    const game = await server.newGame({ variant: 'chess16' });
    const white = await server.connect(game.id, game.tokens.white);
    const black = await server.connect(game.id, game.tokens.black);
    assert.equal(white.state.legal.length, 54);
    assert.ok(white.state.legal.includes('i1b15') && white.state.legal.includes('i1p15'));
    // Captures at both ends of the board: b15 and b2 are squares 225 and 17.
    const moves = ['i1b15', 'c16b15', 'h2h4', 'i16b2', 'c1b2', 'p15p13'];
    const last = await play({ white, black }, moves);
    white.send({ t: 'resign' });
    const ends = await Promise.all([white, black].map(client => client.event('end')));
    for (const end of ends) assert.deepEqual([end.result, end.reason], ['0-1', 'resign']);
    assertNoGaps(white, black);

    const pgn = await server.api('GET', `/api/games/${game.id}/pgn`);
    assert.equal(pgn.status, 200);
    assert.deepEqual(pgnSans(pgn.text), ['Yxb15', 'Bxb15', 'h4', 'Yxb2', 'Bxb2', 'p13']);
    assert.equal((await replayPgn(server, pgn.text, 'chess16')).fen, last.fen);

    await server.terminate();
    await server.restart();
    const again = await server.api('GET', `/api/games/${game.id}`);
    assert.deepEqual([again.body.status, again.body.result, again.body.fen], ['finished', '0-1', last.fen]);
    assert.deepEqual(again.body.moves, moves);
  } finally {
    await server.stop();
  }
});

test('16x16 against the computer: it answers on the far half of the board, at a low and a high level', async () => {
  const server = await Server.start(['--variants', LARGE_FILE]);
  try {
    for (const level of [2, 6]) {
      const created = await server.api('POST', '/api/games', { variant: 'chess16', color: 'white', opponent: { computer: level } });
      assert.equal(created.status, 201, created.text);
      const me = await server.connect(created.body.id, created.body.token);
      me.move('i1b15', 0);
      const reply = await me.next(m => m.t === 'move' && m.ply === 1, `level ${level}'s reply`);
      // Black's men all stand on ranks 15-16, squares 224-255: every reply moves one of them.
      assert.match(reply.move, /^[a-p]1[56][a-p]\d+[a-z]?$/, reply.move);
      me.send({ t: 'resign' });
      await me.event('end');
    }
  } finally {
    await server.stop();
  }
});
