// Whole games: created, joined, played to checkmate in each variant, watched, listed, and
// exported as PGN that replays to the same final position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps, pgnSans, pgnTags, replayPgn } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// Short mates found by search and checked with `arbiter moves` (no legal move after the last).
const MATES = {
  chess: { moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'], result: '0-1' },
  capablanca: { moves: ['c1b3', 'f7f5', 'b3g8', 'h8f7', 'g8h7'], result: '1-0' },
  grand: { moves: ['g2f4', 'd9c10', 'f4d6', 'e9d10', 'd6c8'], result: '1-0' },
};


for (const [variant, mate] of Object.entries(MATES)) {
  test(`${variant}: create, join, play to checkmate, watch, PGN replays`, async () => {
    const created = await server.api('POST', '/api/games', { variant, color: 'white' });
    assert.equal(created.status, 201);
    const { id, token, invite, watch, color } = created.body;
    assert.equal(color, 'white');
    assert.match(invite, /^\/join\/[A-Za-z0-9_-]{22,}$/);
    assert.equal(watch, `/game/${id}`);
    assert.ok(token.length >= 22, 'at least 128 bits');

    const white = await server.connect(id, token);
    assert.equal(white.state.you, 'white');
    assert.equal(white.state.status, 'waiting');
    assert.equal(white.state.v, 0);
    const spectator = await server.connect(id);
    assert.equal(spectator.state.you, 'spectator');

    const joined = await server.api('POST', `/api/join/${invite.split('/').pop()}`);
    assert.equal(joined.status, 200);
    assert.deepEqual(Object.keys(joined.body).sort(), ['color', 'id', 'token']);
    assert.equal(joined.body.color, 'black');
    assert.equal(joined.body.id, id);
    const whiteJoined = await white.event('joined');
    assert.equal(whiteJoined.v, 1);
    assert.equal(whiteJoined.color, 'black');
    assert.ok(whiteJoined.legal.length > 0, 'white is to move and is told its moves');
    await spectator.event('joined');

    const black = await server.connect(id, joined.body.token);
    assert.equal(black.state.you, 'black');
    assert.equal(black.state.status, 'playing');
    assert.deepEqual(black.state.legal, []);

    const clients = { white, black, spectator };
    const last = await play(clients, mate.moves);
    assert.equal(last.v, 1 + mate.moves.length);
    const ends = await Promise.all([white.event('end'), black.event('end'), spectator.event('end')]);
    for (const end of ends) assert.deepEqual({ v: end.v, result: end.result, reason: end.reason },
      { v: 2 + mate.moves.length, result: mate.result, reason: 'checkmate' });
    assertNoGaps(white, black, spectator);

    const resource = await server.api('GET', `/api/games/${id}`);
    assert.equal(resource.status, 200);
    assert.equal(resource.body.status, 'finished');
    assert.equal(resource.body.result, mate.result);
    assert.equal(resource.body.reason, 'checkmate');
    assert.deepEqual(resource.body.moves, mate.moves);
    assert.equal(resource.body.variant, variant);
    assert.equal(resource.body.fen, last.fen);

    const late = await server.connect(id);  // a spectator of a finished game gets all of it
    assert.equal(late.state.status, 'finished');
    assert.deepEqual(late.state.moves, mate.moves);

    const listed = await server.api('GET', '/api/games?status=finished&limit=50');
    const entry = listed.body.games.find(g => g.id === id);
    assert.ok(entry, 'listed among finished games');
    assert.deepEqual({ variant: entry.variant, result: entry.result, reason: entry.reason }, { variant, result: mate.result, reason: 'checkmate' });
    assert.equal(typeof entry.ended_at, 'number');

    const pgn = await server.api('GET', `/api/games/${id}/pgn`);
    assert.equal(pgn.status, 200);
    assert.match(pgn.headers.get('content-type'), /application\/x-chess-pgn/);
    const tags = pgnTags(pgn.text);
    for (const tag of ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'Variant']) assert.ok(tag in tags, tag);
    assert.equal(tags.Result, mate.result);
    assert.equal('FEN' in tags, variant !== 'chess');
    if (variant !== 'chess') assert.equal(tags.SetUp, '1');
    assert.match(pgn.text, new RegExp(`${mate.result}\\n$`));
    assert.equal((await replayPgn(server, pgn.text, variant)).fen, last.fen);
  });
}

test('a local game: one creator holds both seats', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  assert.equal(created.status, 201);
  assert.deepEqual(Object.keys(created.body).sort(), ['id', 'tokens', 'watch']);
  const { id, tokens } = created.body;
  const white = await server.connect(id, tokens.white);
  const black = await server.connect(id, tokens.black);
  assert.equal(white.state.status, 'playing');
  assert.equal(white.state.you, 'white');
  assert.equal(black.state.you, 'black');
  const event = await play({ white, black }, ['e2e4', 'e7e5', 'g1f3']);
  assert.equal(event.san, 'Nf3');
  assert.equal(event.v, 3);
  assertNoGaps(white, black);
});

test('a random colour is white or black, and untimed games have no clock', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess' });
  assert.ok(['white', 'black'].includes(created.body.color));
  const client = await server.connect(created.body.id, created.body.token);
  assert.equal(client.state.clock, null);
  assert.equal(client.state.you, created.body.color);
});
