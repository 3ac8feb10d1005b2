// Centennial Chess through `arbiter serve`: two moves a turn (the same player is told `legal`
// twice in a row, the clock passes only when the turn ends), a capture ends the turn at once, a
// game to checkmate, and PGNs (with spearman facings) that replay to the same position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, play, assertNoGaps, pgnSans, pgnTags, replayPgn } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

const other = color => (color === 'white' ? 'black' : 'white');
// FEN fields 7 and 8 (rules/README.md): the sides that still move twice a turn, the men of this
// turn's first move. `fen()` leaves out fields 7-9 when they say `wb - e2,f2,e9,f9`.
const fenField = (fen, index) => fen.split(' ')[index] ?? { 6: 'wb', 7: '-' }[index];
// The from (1) or to (2) square of a coordinate move.
const square = (move, which) => /^([a-j]\d+)([a-j]\d+)[a-z]?$/.exec(move)[which];

// The camel walks b1-a4-d5-a6 and takes the spearman on b9 with mate (tests/rules/centennial_test.cpp);
// `turn` is the side that plays each move, as the rules file's two-move turns give it.
const MATE = [
  ['b1a4', 'white'], ['h2g4', 'white'],
  ['c10d9', 'black'], ['h9g7', 'black'],
  ['a4d5', 'white'], ['j3j4', 'white'],
  ['j8j7', 'black'], ['i8i7', 'black'],
  ['d5a6', 'white'], ['c3c4', 'white'],
  ['h8h7', 'black'], ['a8a7', 'black'],
  ['a6b9', 'white'],  // a capture with mate, the first move of White's turn
];


test('centennial: a timed game to checkmate; two moves a turn, the clock passes when the turn ends; PGN replays', async () => {
  // A one-hour increment: a turn that ends shows it at once, a first move (no increment) cannot.
  const created = await server.api('POST', '/api/games',
    { variant: 'centennial', color: 'white', clock: { initial_s: 600, increment_s: 3600 } });
  assert.equal(created.status, 201, created.text);
  const { id, token, invite } = created.body;
  const white = await server.connect(id, token);
  const spectator = await server.connect(id);
  const joined = await server.api('POST', `/api/join/${invite.split('/').pop()}`);
  assert.equal(joined.status, 200, joined.text);
  const start = await white.event('joined');
  await spectator.event('joined');
  assert.ok(start.legal.length > 0);
  assert.equal(start.clock.running, null, 'the clocks start with each side\'s first move');
  const black = await server.connect(id, joined.body.token);
  assert.equal(black.state.turn, 'white');
  assert.deepEqual(black.state.legal, []);
  assert.equal(fenField(black.state.fen, 6), 'wb', 'both sides start with the double move');

  const clients = { white, black, spectator };
  let clock = start.clock;
  let last;
  for (const [ply, [move, mover]] of MATE.entries()) {
    clients[mover].move(move, ply);
    const [w, b, s] = await Promise.all([white, black, spectator].map(c => c.next(m => m.t === 'move' && m.ply === ply, `move ${move}`)));
    for (const event of [w, b, s]) assert.equal(event.move, move);
    last = w;
    if (ply === MATE.length - 1) break;
    const [next, nextMover] = MATE[ply + 1];
    const firstOfTurn = nextMover === mover;
    assert.equal(w.turn, nextMover, `after ${move} ${nextMover} is to move`);
    assert.equal(fenField(w.fen, 7) === '-', !firstOfTurn, `FEN field 8 after ${move}: ${w.fen}`);
    const own = { white: w, black: b }[nextMover];
    const theirs = { white: w, black: b }[other(nextMover)];
    assert.ok(own.legal.includes(next), `${nextMover} is told ${next} among its moves`);
    assert.deepEqual(theirs.legal, [], `${other(nextMover)} is told no moves`);
    assert.deepEqual(s.legal, []);
    // Both sides have moved once Black has: from then on the clocks run.
    const started = MATE.slice(0, ply + 1).some(([, by]) => by === 'black');
    if (firstOfTurn) {
      // The same player again, but not with the man that just moved.
      const moved = square(move, 2);
      assert.ok(!own.legal.some(m => square(m, 1) === moved), `the man on ${moved} may not make the turn's second move: ${own.legal}`);
    }
    if (!started) {
      assert.equal(w.clock.running, null, 'no clock runs before both sides have moved');
      assert.deepEqual([w.clock.white, w.clock.black], [600000, 600000], 'first moves are free');
    } else if (firstOfTurn) {
      assert.equal(w.clock.running, mover, 'the clock keeps running for the player whose turn it still is');
      assert.equal(w.clock[other(mover)], clock[other(mover)], 'the other clock stands still');
      assert.ok(w.clock[mover] <= clock[mover], 'no increment after the first move of a turn');
    } else {
      assert.equal(w.clock.running, nextMover, 'the clock passes when the turn ends');
      // (It runs from this event on, so it may already show a millisecond less; that it stood
      // still through the turn is checked after the next turn's first move.)
      assert.ok(w.clock[nextMover] <= clock[nextMover]);
      assert.ok(w.clock[mover] > clock[mover], 'the increment is added when the turn passes');
    }
    clock = w.clock;
  }
  const lastWhite = last;
  const ends = await Promise.all([white, black, spectator].map(c => c.event('end')));
  for (const end of ends) {
    assert.deepEqual({ v: end.v, result: end.result, reason: end.reason }, { v: 2 + MATE.length, result: '1-0', reason: 'checkmate' });
    assert.equal(end.clock.running, null, 'no clock runs after the end');
  }
  assertNoGaps(white, black, spectator);
  assert.equal(lastWhite.san, 'Cxb9#');

  const resource = await server.api('GET', `/api/games/${id}`);
  assert.equal(resource.body.status, 'finished');
  assert.equal(resource.body.reason, 'checkmate');
  assert.deepEqual(resource.body.moves, MATE.map(([move]) => move));
  assert.equal(resource.body.fen, lastWhite.fen);

  const pgn = await server.api('GET', `/api/games/${id}/pgn`);
  assert.equal(pgn.status, 200);
  const tags = pgnTags(pgn.text);
  assert.equal(tags.Variant, 'Centennial Chess');
  assert.equal(tags.Result, '1-0');
  assert.equal(tags.SetUp, '1');
  assert.equal(tags.FEN, resource.body.start_fen);
  assert.equal(tags.TimeControl, '600+3600');
  assert.match(pgn.text, /^1\. Ca4,Ng4 Bd9,Ng7 2\. Cd5,j4 j7,i7 3\. Ca6,c4 h7,a7 4\. Cxb9# 1-0$/m,
    'a two-move turn is one token, numbered once');
  assert.equal(pgnSans(pgn.text).length, MATE.length);
  assert.equal((await replayPgn(server, pgn.text, 'centennial')).fen, lastWhite.fen);

  // The finished list counts the game's moves as its move list numbers them: 4 turns, not 7.
  const list = await server.api('GET', '/api/games?status=finished&variant=centennial&limit=50');
  const entry = list.body.games.find(game => game.id === id);
  assert.deepEqual({ plies: entry.plies, moves: entry.moves }, { plies: MATE.length, moves: 4 });
});

test('centennial: a capture ends the turn at once; then the capturer moves once a turn, the opponent still twice', async () => {
  const { white, black, spectator } = await server.seated({ variant: 'centennial' });
  const clients = { white, black, spectator };
  // Two-move turns until White's camel takes the pawn on c8 with the first move of its turn.
  let event = await play(clients, ['b1a4', 'h2g4', 'c10d9', 'h9g7', 'a4d5', 'j3j4', 'j8j7', 'i8i7']);
  assert.equal(event.turn, 'white');
  assert.equal(fenField(event.fen, 6), 'wb');
  event = await play(clients, ['d5c8'], { ply: 8, turn: 'white' });
  assert.equal(event.san, 'Cxc8');
  assert.equal(event.turn, 'black', 'the capture ended White\'s turn after one move');
  assert.equal(fenField(event.fen, 6), 'b', 'White has lost the double move, Black keeps it');
  assert.equal(fenField(event.fen, 7), '-');

  // Black still has two moves (a spearman moving and turning: Mi8=L), White from now on one (a
  // spearman turning in place: Mb2=L), then Black two again.
  const turns = [];
  const sans = [];
  for (const [ply, move] of ['i9i8l', 'a8a7', 'b2b2l', 'b8b7', 'j10j9', 'j4j5'].entries()) {
    event = await play(clients, [move], { ply: 9 + ply, turn: turns.at(-1) ?? 'black' });
    turns.push(event.turn);
    sans.push(event.san);
  }
  assert.deepEqual(turns, ['black', 'white', 'black', 'black', 'white', 'black']);
  assert.deepEqual(sans, ['Mi8=L', 'a7', 'Mb2=L', 'b7', 'Rj9', 'j5']);
  assertNoGaps(white, black, spectator);

  const state = (await server.api('GET', `/api/games/${white.state.id}`)).body;
  assert.equal(state.status, 'playing');
  const pgn = await server.api('GET', `/api/games/${state.id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.equal(pgnTags(pgn.text).Result, '*');
  assert.equal((await replayPgn(server, pgn.text, 'centennial')).fen, state.fen);
});
