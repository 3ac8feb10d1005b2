// Circular chess on the ring through `arbiter serve`: the ring board in `GET /api/variants`, a
// `circular` game ended by taking the king, a `byzantine` game ended by checkmate, and PGNs that
// replay through the server to the same final position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps, pgnSans, pgnTags, replayPgn } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// Short games found with `arbiter moves` (nothing legal after the last move).
const GAMES = {
  // The bishop b1-a2-d5 takes the pawn on b7 with check; Black leaves its king attacked (the
  // king-capture rule allows it) and the bishop takes the king.
  circular: {
    title: 'Circular Chess',
    moves: ['a2a4', 'd7d6', 'b1a2', 'c10c11', 'a2d5', 'd10d11', 'd5b7', 'c11c12', 'b7a8'],
    result: '1-0', reason: 'king_captured', lastSan: 'Bxa8',
  },
  // The knight c16-d14-b13-a11 takes the pawn on c10: a smothered mate of the king on a9.
  byzantine: {
    title: 'Byzantine Chess',
    moves: ['c16d14', 'd7d6', 'd14b13', 'c7c6', 'b13a11', 'd6d5', 'a11c10'],
    result: '1-0', reason: 'checkmate', lastSan: 'Nxc10#',
  },
};

// The harness reads SAN on a rectangular FEN with `P` for pawns; the ring's position strings are
// FEN over a 4 x 16 grid (cell 16 first), and its pawns moving down are `V`: a pawn all the same.
const asPawns = fen => fen.replace(/^\S+/, board => board.replace(/v/g, 'p').replace(/V/g, 'P'));

test('ring: /api/variants describes circular and byzantine as a ring of 4 files and 16 ranks', async () => {
  const answer = await server.api('GET', '/api/variants');
  assert.equal(answer.status, 200);
  for (const name of Object.keys(GAMES)) {
    const variant = answer.body.variants.find(v => v.name === name);
    assert.ok(variant, `${name} is listed`);
    assert.deepEqual(variant.board, { type: 'ring', files: 4, ranks: 16 });
    assert.equal(variant.title, GAMES[name].title);
    assert.equal(variant.start_fen.split(' ')[0].split('/').length, 16, 'one row per cell');
    assert.ok(variant.pieces.some(p => p.letter === 'V'), 'the pawn moving down has its letter');
  }
  assert.deepEqual(answer.body.variants.find(v => v.name === 'byzantine').promotion, [], 'Byzantine pawns never promote');
});

for (const [variant, game] of Object.entries(GAMES)) {
  test(`${variant}: created, joined, played to the end (${game.reason}); PGN downloads and replays`, async () => {
    const { id, white, black, spectator } = await server.seated({ variant, color: 'white' });
    assert.equal(white.state.variant, variant);
    const variants = (await server.api('GET', '/api/variants')).body.variants;
    assert.equal(white.state.start_fen, variants.find(v => v.name === variant).start_fen);

    const clients = { white, black, spectator };
    const last = await play(clients, game.moves.slice(0, -1));
    assert.equal(last.turn, 'white');
    assert.ok(last.legal.includes(game.moves.at(-1)), 'White is told the final move among its moves');
    const final = await play(clients, game.moves.slice(-1), { ply: game.moves.length - 1, turn: last.turn });
    assert.equal(final.san, game.lastSan);
    const ends = await Promise.all([white, black, spectator].map(c => c.event('end')));
    for (const end of ends) assert.deepEqual({ v: end.v, result: end.result, reason: end.reason },
      { v: 2 + game.moves.length, result: game.result, reason: game.reason });
    assertNoGaps(white, black, spectator);

    const resource = await server.api('GET', `/api/games/${id}`);
    assert.equal(resource.status, 200);
    assert.deepEqual({ status: resource.body.status, result: resource.body.result, reason: resource.body.reason },
      { status: 'finished', result: game.result, reason: game.reason });
    assert.deepEqual(resource.body.moves, game.moves);
    assert.equal(resource.body.fen, final.fen);

    const pgn = await server.api('GET', `/api/games/${id}/pgn`);
    assert.equal(pgn.status, 200);
    assert.match(pgn.headers.get('content-type'), /application\/x-chess-pgn/);
    const tags = pgnTags(pgn.text);
    assert.equal(tags.Variant, game.title);
    assert.equal(tags.Result, game.result);
    assert.equal(tags.FEN, resource.body.start_fen);
    assert.equal(tags.SetUp, '1');
    assert.match(pgn.text, new RegExp(`${game.result}\\n$`));
    assert.equal(pgnSans(pgn.text).length, game.moves.length);
    const replayed = await replayPgn(server, pgn.text, variant, asPawns);
    assert.equal(replayed.fen, final.fen);
    const end = await replayed.clients.white.event('end');
    assert.deepEqual({ result: end.result, reason: end.reason }, { result: game.result, reason: game.reason });
  });
}

test('circular: under the king-capture rule a king in check may be left attacked', async () => {
  const { id, tokens, white, black, spectator } = await server.seated({ variant: 'circular', color: 'white' });
  const check = await play({ white, black, spectator }, GAMES.circular.moves.slice(0, 7));
  assert.equal(check.san, 'Bxb7+');
  assert.equal(check.turn, 'black');
  const { legal } = (await server.api('GET', `/api/games/${id}`, undefined, { token: tokens.black })).body;
  assert.ok(legal.includes('a8b7'), 'the king may take the checking bishop');
  assert.ok(legal.includes('c11c12'), 'or leave itself attacked');
  const spectators = (await server.api('GET', `/api/games/${id}`)).body;
  assert.deepEqual(spectators.legal, []);
  assert.equal(spectators.status, 'playing');
});
