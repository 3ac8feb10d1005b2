// An operator's variants file (`arbiter serve --variants FILE`, rules/VARIANTS.md): its variant is
// served beside the built-ins and played like them (by link, in the lobby, against the computer,
// promotion to its new piece, mate, PGN, a restart), and a file with errors stops the server with
// every error before it opens anything.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server, play, assertNoGaps, pgnTags, pgnSans, replayPgn } from './helpers.js';
import { openLobby } from './lobby_client.js';

const OPERATOR_FILE = fileURLToPath(new URL('../variants/operator.toml', import.meta.url));

let server;
before(async () => { server = await Server.start(['--variants', OPERATOR_FILE]); });
after(async () => { await server.stop(); });

// White promotes its h-pawn to a wizard on g8, taking Black's, and mates on f7 with the queen,
// the new wizard guarding f7.
const MATE = ['h2h4', 'g7g5', 'h4g5', 'h7h6', 'g5h6', 'a7a6', 'h6h7', 'a6a5', 'h7g8w', 'b7b6', 'e2e3', 'b6b5',
  'd1h5', 'a5a4', 'h5f7'];

test('/api/variants: the file\'s variant after the built-ins, its new piece described from the file', async () => {
  const { body } = await server.api('GET', '/api/variants');
  const names = body.variants.map(v => v.name);
  assert.deepEqual(names.slice(-2), ['wizard-chess', 'wizard-ring'], 'after every built-in, in the file\'s order');
  assert.ok(names.includes('chess') && names.includes('centennial'));
  const variant = body.variants.at(-2);
  assert.equal(variant.title, 'Wizard Chess');
  assert.equal(variant.start_fen, 'rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBWR w KQkq - 0 1');
  assert.deepEqual(variant.promotion, ['q', 'w', 'r', 'b', 'n']);
  const wizard = variant.pieces.find(kind => kind.letter === 'W');
  assert.equal(wizard.id, 'wizard');
  assert.equal(wizard.name, 'wizard');
  assert.equal(wizard.drawing, 'glyph-W', 'no drawing of its own: its letter');
  assert.match(wizard.text, /one square diagonally/);
  assert.match(wizard.text, /3\+1 leap/);
  // From d4 of the small board: the ferz's c3 c5 e3 e5 and the camel's (3,1) leaps.
  assert.deepEqual([...wizard.diagram.moves_to].sort(),
    ['a3', 'a5', 'c1', 'c3', 'c5', 'c7', 'e1', 'e3', 'e5', 'e7', 'g3', 'g5']);
  assert.deepEqual(wizard.diagram.captures_to, wizard.diagram.moves_to);
  const knight = variant.pieces.find(kind => kind.letter === 'N');
  assert.equal(knight.drawing, 'knight', 'inherited kinds keep their drawings');
  const ring = body.variants.at(-1);
  assert.deepEqual(ring.board, { type: 'ring', files: 4, ranks: 16 });
  assert.equal(ring.pieces.find(kind => kind.letter === 'W').drawing, 'glyph-W');
});

test('a game by link: promotion to the new piece, mate, the finished game and its PGN, after a restart too', async () => {
  const { id, white, black, spectator } = await server.seated({ variant: 'wizard-chess' });
  assert.equal(white.state.variant, 'wizard-chess');
  assert.equal(white.state.fen, 'rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBWR w KQkq - 0 1');
  assert.deepEqual(white.state.legal.filter(move => move.startsWith('g1')).sort(), ['g1f4', 'g1h4'],
    'the wizard on g1 leaps as a camel, and its ferz steps are blocked');
  await play({ white, black, spectator }, MATE.slice(0, 8));
  const promoted = await play({ white, black, spectator }, ['h7g8w'], { ply: 8 });
  assert.equal(promoted.san, 'hxg8=W');
  assert.equal(promoted.fen.split(' ')[0], 'rnbqkbWr/1ppppp2/8/p7/8/8/PPPPPPP1/RNBQKBWR');
  const last = await play({ white, black, spectator }, MATE.slice(9), { ply: 9, turn: 'black' });
  assert.equal(last.san, 'Qxf7#');
  const ends = await Promise.all([white, black, spectator].map(c => c.event('end')));
  for (const end of ends) assert.deepEqual([end.result, end.reason], ['1-0', 'checkmate']);
  assertNoGaps(white, black, spectator);

  const checkPgn = async () => {
    const pgn = await server.api('GET', `/api/games/${id}/pgn`);
    assert.equal(pgn.status, 200);
    const tags = pgnTags(pgn.text);
    assert.equal(tags.Variant, 'Wizard Chess');
    assert.equal(tags.FEN, 'rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBWR w KQkq - 0 1');
    assert.equal(tags.SetUp, '1');
    assert.equal(tags.Result, '1-0');
    assert.deepEqual(pgnSans(pgn.text), ['h4', 'g5', 'hxg5', 'h6', 'gxh6', 'a6', 'h7', 'a5', 'hxg8=W', 'b6', 'e3', 'b5',
      'Qh5', 'a4', 'Qxf7#']);
    assert.equal((await replayPgn(server, pgn.text, 'wizard-chess')).fen, last.fen);
  };
  await checkPgn();

  // The same file at the restart: the finished game loads under its variant.
  await server.terminate();
  await server.restart();
  const { body } = await server.api('GET', `/api/games/${id}`);
  assert.deepEqual([body.variant, body.status, body.result, body.fen], ['wizard-chess', 'finished', '1-0', last.fen]);
  await checkPgn();
});

test('the lobby: a seek for the file\'s variant is taken and its game is that variant', async () => {
  const alice = await openLobby(server);
  const bob = await openLobby(server);
  alice.send({ t: 'seek', variant: 'wizard-chess', color: 'white' });
  const mine = await alice.event('seeking');
  assert.equal(mine.seek.variant, 'wizard-chess');
  await bob.shows(mine.seek.id);
  bob.send({ t: 'accept', id: mine.seek.id });
  const matched = await bob.event('matched');
  const white = await server.connect(matched.game, mine.token);
  assert.equal(white.state.variant, 'wizard-chess');
  alice.close();
  bob.close();
});

test('against the computer: it plays the file\'s variant', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'wizard-chess', color: 'black', opponent: { computer: 2 } });
  assert.equal(created.status, 201, created.text);
  const me = await server.connect(created.body.id, created.body.token);
  const moved = await me.shown(state => state.ply > 0, m => m.t === 'move' && m.ply === 0, "the computer's first move");
  assert.equal(moved.turn, 'black');
  assert.ok(moved.legal.length > 0);
});

test('a variants file with errors stops serve with every error (line, field) and exit code 2, opening nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-variants-'));
  const broken = path.join(dir, 'broken.toml');
  fs.writeFileSync(broken, [
    '[wizard-chess]',
    'parent = "chess"',
    'files = 99',
    '[[wizard-chess.pieces]]',
    'id = "wizard"',
    'letter = "W"',
    'betza = "F#"',
    '[chess]',
    'parent = "chess"',
    '',
  ].join('\n'));
  const db = path.join(dir, 'arbiter.db');
  const child = spawn(process.env.ARBITER_BIN, ['serve', '--port', '0', '--db', db, '--variants', broken]);
  let stdout = '', stderr = '';
  child.stdout.on('data', chunk => { stdout += chunk; });
  child.stderr.on('data', chunk => { stderr += chunk; });
  const code = await new Promise(resolve => child.once('close', resolve));
  assert.equal(code, 2, stderr);
  assert.doesNotMatch(stdout, /listening/);
  const lines = stderr.trim().split('\n');
  for (const where of ['3: wizard-chess.files: ', '7: wizard-chess.pieces[0].betza: ', '8: chess: ']) {
    assert.ok(lines.some(line => line.startsWith(`arbiter serve: ${broken}:${where}`)), `${where} in:\n${stderr}`);
  }
  assert.equal(lines.at(-1), `arbiter serve: ${lines.length - 1} errors in ${broken}: not serving`);
  assert.equal(fs.existsSync(db), false, 'no database opened');
  fs.rmSync(dir, { recursive: true, force: true });
});
