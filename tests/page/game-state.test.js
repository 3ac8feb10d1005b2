// The game page's reducer (web/js/game-state.js) on the real server's messages: what it
// shows and allows is what the server said (`now`), for players, one device and spectators.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Server } from '../e2e/helpers.js';
import { initialState, reduce } from '../../web/js/game-state.js';
import { gameView } from '../../web/js/game-view.js';
import { Page, newGame } from './page.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server?.stop(); });

async function seated(body) {
  const game = await newGame(server, body);
  const white = await Page.open(server, game.id, 'white', { white: game.tokens.white });
  const black = await Page.open(server, game.id, 'black', { black: game.tokens.black });
  const spectator = await Page.open(server, game.id, 'spectator', { spectator: null });
  return { white, black, spectator, close: () => [white, black, spectator].forEach(page => page.close()) };
}

test('the buttons are the server\'s permissions: abort until both moved, offers answered by the side asked', async () => {
  const { white, black, spectator, close } = await seated();
  assert.equal(white.view.controls.abort, 'white');
  assert.equal(white.view.board.legal.length, 20);
  assert.ok(black.view.board.premoving, 'Black may premove on White\'s turn');
  assert.equal(spectator.view.controls.actions, false);
  await white.move('e2e4');
  await black.until(view => view.board.legal.length === 20, 'Black to move');
  assert.equal(black.view.controls.abort, 'black', 'Black has not moved yet');
  await black.move('e7e5');
  await white.until(view => view.ply === 2 && view.controls.abort === null, 'no abort once both moved');
  assert.equal(white.view.controls.takeback.seat, 'white');

  white.act('offer_draw', { t: 'draw' });
  const asked = await black.until(view => view.offers.draw?.accept === 'black', 'the offer to answer');
  assert.equal(asked.offers.draw.text, 'White offers a draw.');
  assert.equal(asked.controls.draw.shown, false, 'one Accept only');
  const offered = await white.until(view => view.offers.draw !== null, 'the own offer');
  assert.equal(offered.offers.draw.accept, null);
  assert.equal(offered.offers.draw.text, 'You offered a draw: waiting for the answer.');
  assert.equal(offered.controls.draw.label, 'Draw offered');
  assert.equal(offered.controls.draw.seat, null);
  // Black moves instead of answering: the offer lapses, as the server says, for everyone.
  await white.move('g1f3');
  await black.move('b8c6');
  for (const page of [white, black, spectator]) await page.until(view => view.offers.draw === null && view.ply === 4, 'the lapsed offer');
  close();
});

test('Kriegspiel: the ply to send, the question and the pawn capture owed are the server\'s facts', async () => {
  const game = await newGame(server, { variant: 'kriegspiel' });
  const white = await Page.open(server, game.id, 'white', { white: game.tokens.white });
  const black = await Page.open(server, game.id, 'black', { black: game.tokens.black });
  assert.equal(white.view.kriegspiel.askAny.seat, 'white');
  assert.equal(black.view.kriegspiel.askAny.seat, null);
  await white.move('e2e4');
  await black.until(view => view.ply === 1 && view.board.legal.length > 0, 'Black to move');
  await black.move('d7d5');
  await white.until(view => view.ply === 2, 'White to move');
  white.act('any', { t: 'any' });
  const owed = await white.until(view => view.kriegspiel.pawnCaptureOwed, '"Try!"');
  assert.equal(owed.kriegspiel.askAny.seat, null, 'once a turn');
  assert.equal((await black.until(view => view.kriegspiel.log.length === 3, 'the question heard')).kriegspiel.pawnCaptureOwed, false);
  await white.move('e4d5');
  const after = await black.until(view => view.ply === 3, 'the capture');
  assert.deepEqual(after.moves.plies.map(ply => ply.text), ['?', 'd7–d5', '?']);
  white.close();
  black.close();
});

test('one device: a takeback is made at once, and there is no players\' chat', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  assert.equal(created.status, 201, created.text);
  const page = await Page.open(server, created.body.id, 'both', created.body.tokens);
  await page.until(view => view.status === 'playing' && view.board.legal.length === 20, 'the game');
  assert.equal(page.view.chat.shown, false);
  assert.equal(page.view.chat.canSpeak, false);
  await page.move('e2e4');
  await page.until(view => view.board.legal.length === 20 && view.turn === 'black', 'Black to move');
  await page.move('e7e5');
  await page.until(view => view.controls.takeback.seat !== null, 'a takeback to make');
  page.act('takeback', { t: 'takeback' });
  const view = await page.until(v => v.ply === 1, 'the move taken back');
  assert.equal(view.offers.takeback, null, 'nobody is asked');
  assert.equal(view.turn, 'black');
  page.close();
});

test('against the computer: the bar names it once, and there is no players\' chat', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white', opponent: { computer: 1 } });
  assert.equal(created.status, 201, created.text);
  const page = await Page.open(server, created.body.id, 'white', { white: created.body.token });
  const view = await page.until(v => v.status === 'playing', 'the game');
  assert.equal(view.players.top.label, 'Arbiter level 1', 'the name the server gives its seat');
  assert.equal(view.players.top.name, '');
  assert.equal(view.chat.shown, false);
  page.act('resign', { t: 'resign' });
  await page.until(v => v.status === 'finished', 'the end');
  page.close();
});

// No server: the reducer alone, on intents and on time.
test('intents and countdowns: going back, the claim\'s countdown from `claim_ms`', () => {
  const variant = { name: 'chess', board: { files: 8, ranks: 8 }, pieces: [] };
  let state = initialState({ variant, you: 'white' });
  const feed = (message, at = 0) => { state = reduce(state, { type: 'message', seat: 'white', message, at }).state; };
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  const now = (extra = {}) => ({ turn: 'black', ply: 1, actions: ['premove', 'resign'], chat: 'players', offers: {}, ...extra });
  feed({ t: 'state', v: 2, status: 'playing', result: '*', start_fen: start, fen: afterE4, moves: ['e2e4'], sans: ['e4'],
    positions: [afterE4], presence: { white: true, black: true }, clock: null, chat: [], names: {}, now: now() });
  assert.equal(gameView(state).moves.plies[0].text, 'e4');
  state = reduce(state, { type: 'go', index: 0 }).state;
  assert.equal(gameView(state).browsing.index, 0);
  assert.equal(gameView(state).board.premoving, false, 'no premove while looking back');
  state = reduce(state, { type: 'go', index: 5 }).state;
  assert.equal(gameView(state).browsing, null);

  feed({ t: 'presence', white: true, black: false, now: now({ claim_ms: 3000 }) }, 1000);
  assert.equal(gameView(state, 2000).claim.ready, false);
  assert.match(gameView(state, 2000).claim.text, /claim it in 0:02/);
  assert.equal(gameView(state, 4000).claim.ready, true);
  state = reduce(state, { type: 'claim-wait' }).state;
  assert.equal(gameView(state, 4000).claim, null);
});

test('Kriegspiel: a castling is read as one when the server says so, whatever the king\'s step', () => {
  // Kriegspiel's capabilities, as /api/variants gives them.
  const variant = { name: 'kriegspiel', hidden: true, board_hidden: true, tries: true, any_question: true, takebacks: false, premoves: false,
    players_chat: false, spectators_sealed: true, board: { files: 8, ranks: 8 }, pieces: [{ letter: 'K', royal: true }, { letter: 'R' }] };
  let state = initialState({ variant, you: 'white' });
  const feed = message => { state = reduce(state, { type: 'message', seat: 'white', message }).state; };
  feed({ t: 'state', v: 1, status: 'playing', start_fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1', fen: '8/8/8/8/8/8/8/4K2R w K - 0 1',
    moves: [], umpire: [], now: { turn: 'white', ply: 0, actions: ['move', 'any'], offers: {} } });
  feed({ t: 'umpire', v: 2, say: 'illegal', by: 'white', move: 'e1g1', now: { turn: 'white', ply: 0, actions: ['move', 'any'], offers: {} } });
  assert.equal(gameView(state).kriegspiel.log[0].text, 'White tries Ke1–g1: No.', 'a refused try is no castling');
  feed({ t: 'umpire', v: 3, say: 'moved', by: 'white', move: 'e1g1', castle: true, capture: null, check: [],
    fen: '8/8/8/8/8/8/8/5RK1 b - - 0 1', now: { turn: 'black', ply: 1, actions: [], offers: {} } });
  const view = gameView(state);
  assert.equal(view.kriegspiel.log.at(-1).text, 'White has moved: O-O.');
  assert.equal(view.ply, 1);
  assert.equal(view.kriegspiel.askAny.seat, null);
});
