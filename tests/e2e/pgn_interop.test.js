// Our PGN read by Fairy-Stockfish's own PGN reader (`ffish`, its WebAssembly build, which pychess
// uses in the browser): for every variant of ours that Fairy-Stockfish also has, games played
// through `arbiter serve` with seeded random legal moves (promotions, castling and captures
// preferred when there are any) load with the same moves, move for move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Server, fenBoard, pgnTags } from './helpers.js';

// The variants Fairy-Stockfish has among ours (it has no Centennial, ring or Kriegspiel), with
// how long a game may run before it is left unfinished and what its games must have played (Grand
// has no castling); and how many games of each.
const SHARED = {
  chess: { maxPlies: 240, kinds: ['promotion', 'castling', 'capture'] },
  capablanca: { maxPlies: 240, kinds: ['promotion', 'castling', 'capture'] },
  grand: { maxPlies: 300, kinds: ['promotion', 'capture'] },
};
const GAMES = 4;
// A game's moves take longer than the server keeps an idle HTTP connection: none is kept.
const CLOSE = { headers: { connection: 'close' } };

let server, ffish;
before(async () => {
  // Random games move as fast as the server answers: past a seat's message rate meant for people.
  [server, ffish] = await Promise.all([Server.start(['--seat-messages-per-second', '100000']), loadFfish()]);
});
after(async () => { await server.stop(); });

// ffish's Emscripten build fetches its wasm when `fetch` exists, which Node's does not do for a
// file path: without it, it reads the file. (Its reader's echo of the moves, with no newline,
// stays in its buffer.)
function loadFfish() {
  const require = createRequire(import.meta.url);
  const fetch = globalThis.fetch;
  globalThis.fetch = undefined;
  try {
    const module = require('ffish');
    return new Promise(resolve => { module.onRuntimeInitialized = () => resolve(module); });
  } finally {
    globalThis.fetch = fetch;
  }
}

// mulberry32: the same games on every run.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const squaresOf = move => /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(move).slice(1);
const fileOf = square => square.charCodeAt(0) - 97;

// A promotion if there is one, else castling, else (half the time) a capture, else any move.
function chooseMove(legal, fen, next) {
  const board = fenBoard(fen);
  const pick = moves => moves[Math.floor(next() * moves.length)];
  const kinds = legal.map(move => {
    const [from, to, promotion] = squaresOf(move);
    const man = board[from]?.toUpperCase();
    if (promotion) return 'promotion';
    if (man === 'K' && Math.abs(fileOf(to) - fileOf(from)) > 1) return 'castling';
    if (board[to]) return 'capture';
    return 'other';
  });
  const of = kind => legal.filter((_, i) => kinds[i] === kind);
  if (of('promotion').length) return { move: pick(of('promotion')), kind: 'promotion' };
  if (of('castling').length) return { move: pick(of('castling')), kind: 'castling' };
  if (of('capture').length && next() < 0.5) return { move: pick(of('capture')), kind: 'capture' };
  const move = pick(legal);
  return { move, kind: kinds[legal.indexOf(move)] };
}

// A local game played with random moves to its end or to `maxPlies`: the FEN after each move,
// and how many moves of each kind were played. Each move comes from a connection of its own, which
// the server tells the position and the legal moves (a connection's message rate is for people).
async function playRandomGame(variant, seed, maxPlies) {
  const created = await server.api('POST', '/api/games', { variant, local: true }, CLOSE);
  assert.equal(created.status, 201, created.text);
  const { id, tokens } = created.body;
  const next = random(seed);
  const kinds = { promotion: 0, castling: 0, capture: 0, other: 0 };
  const fens = [];
  let turn = 'white';
  for (let ply = 0; ply < maxPlies; ply++) {
    const mover = await server.connect(id, tokens[turn]);
    const { status, fen, legal } = mover.state;
    // The end is an event of its own after the last move: this connection may come before it.
    if (status !== 'finished' && !legal.length) await mover.event('end');
    if (status === 'finished' || !legal.length) {
      mover.close();
      break;
    }
    const { move, kind } = chooseMove(legal, fen, next);
    mover.move(move, ply);
    const answer = await mover.next(m => (m.t === 'move' && m.ply === ply) || m.t === 'end', `${variant} move ${ply} ${move}`);
    mover.close();
    if (answer.t === 'end') break;
    kinds[kind] += 1;
    fens.push(answer.fen);
    turn = answer.turn;
  }
  return { id, fens, kinds };
}

const placement = fen => fen.split(' ')[0];

for (const [variant, { maxPlies, kinds: required }] of Object.entries(SHARED)) {
  test(`${variant}: every exported PGN loads in Fairy-Stockfish's PGN reader with the same moves`, async () => {
    const total = { promotion: 0, castling: 0, capture: 0, other: 0 };
    for (let game = 0; game < GAMES; game++) {
      const { id, fens, kinds } = await playRandomGame(variant, 1000 * game + variant.length, maxPlies);
      for (const kind in kinds) total[kind] += kinds[kind];
      const { moves, start_fen: startFen } = (await server.api('GET', `/api/games/${id}`, undefined, CLOSE)).body;
      const pgn = (await server.api('GET', `/api/games/${id}/pgn`, undefined, CLOSE)).text;

      const read = ffish.readGamePGN(pgn);
      const tags = pgnTags(pgn);
      assert.equal(read.headers('Variant'), tags.Variant);
      // The reader skips a move it cannot read and goes on: the counts must agree.
      const theirs = read.mainlineMoves().split(' ').filter(Boolean);
      read.delete();
      assert.equal(theirs.length, moves.length, `${variant} game ${game}: Fairy-Stockfish read ${theirs.length} of ${moves.length} moves\n${pgn}`);
      // The same move is the same square change: compare the board after each one (our UCI and
      // theirs may write castling or the tenth rank differently).
      const board = new ffish.Board(tags.Variant.toLowerCase(), tags.FEN ?? startFen);
      assert.equal(placement(board.fen()), placement(startFen));
      theirs.forEach((move, ply) => {
        assert.ok(board.push(move), `${variant} game ${game} ply ${ply}: ${move}`);
        assert.equal(placement(board.fen()), placement(fens[ply]),
          `${variant} game ${game}: after ply ${ply}, ours ${moves[ply]}, Fairy-Stockfish's ${move}`);
      });
      board.delete();
    }
    // The games went through what notations disagree on most.
    for (const kind of required) assert.ok(total[kind] > 0, `${variant}: no ${kind} in ${JSON.stringify(total)}`);
  });
}
