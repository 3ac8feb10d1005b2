// Fog of War through the page's reducer (web/js/game-state.js) on the real server's
// messages: each player's board is their `fen` masked with their sight, the rest fog; their own
// moves named, the others' '?'; a spectator's board all fog; once the game is over the whole game
// and either side's view of it, ply by ply, as the finished game resource says.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Server } from '../e2e/helpers.js';
import { parsePlacement } from '../../web/js/fen.js';
import { geometryFor } from '../../web/js/geometry.js';
import { reduce } from '../../web/js/game-state.js';
import { Page, newGame } from './page.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server?.stop(); });

const sorted = squares => [...squares].sort();

// The men of `fen` on the squares of `sight`, as `letter@square`.
const menSeen = (fen, sight, geometry) => {
  const seen = new Set(sight);
  return [...parsePlacement(fen, geometry)].filter(([square]) => seen.has(square)).map(([square, letter]) => `${letter}@${square}`).sort();
};
const menShown = view => [...view.board.placement].map(([square, letter]) => `${letter}@${square}`).sort();

test('Fog of War: each player sees their fen through their sight, fog elsewhere; replay of either view after the end', async () => {
  const game = await newGame(server, { variant: 'fog-chess' });
  const white = await Page.open(server, game.id, 'white', { white: game.tokens.white });
  const black = await Page.open(server, game.id, 'black', { black: game.tokens.black });
  const spectator = await Page.open(server, game.id, 'spectator', { spectator: null });
  const geometry = geometryFor(white.state.variant.board);
  const all = geometry.squares;

  // What the server last said to a player: their sight now and their fen.
  const lastSaid = page => ({ sight: page.state.history.at(-1).sight, fen: page.state.history.at(-1).fen });
  const checkPlayer = (page, color) => {
    const view = page.view;
    const { sight, fen } = lastSaid(page);
    assert.deepEqual(sorted(view.board.fog), sorted(all.filter(square => !sight.includes(square))), `${color}: fog is what is not seen`);
    assert.deepEqual(menShown(view), menSeen(fen, sight, geometry), `${color}: the men seen`);
    assert.ok(menShown(view).length > 0);
  };
  checkPlayer(white, 'white');
  checkPlayer(black, 'black');
  assert.deepEqual(sorted(spectator.view.board.fog), sorted(all), 'a spectator sees only fog');
  assert.equal(spectator.view.board.placement.size, 0);
  assert.match(spectator.view.board.hiddenNote, /no square/);

  const moves = ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'a2a3', 'd5d2', 'a3a4'];
  for (const [ply, uci] of moves.entries()) {
    const mover = ply % 2 ? black : white;
    await mover.move(uci);
    for (const page of [white, black, spectator]) await page.until(view => view.ply === ply + 1, `ply ${ply + 1}`);
    checkPlayer(white, 'white');
    checkPlayer(black, 'black');
  }
  // Own moves by name, the opponent's as '?'; the last move marked only when it was one's own.
  assert.deepEqual(white.view.moves.plies.map(ply => ply.text), ['e2–e4', '?', 'e4×d5', '?', 'a2–a3', '?', 'a3–a4']);
  assert.deepEqual(black.view.moves.plies.map(ply => ply.text), ['?', 'd7–d5', '?', 'Qd8×d5', '?', 'Qd5×d2', '?']);
  assert.deepEqual(spectator.view.moves.plies.map(ply => ply.text), Array(moves.length).fill('?'));
  assert.equal(black.view.board.lastMove, null, 'White\'s move is not shown to Black');
  assert.equal(black.view.board.animate, false, 'nor slid: it would say where the man came from');
  assert.deepEqual(white.view.board.lastMove, { from: 'a3', to: 'a4' });
  assert.equal(white.view.board.animate, true);
  assert.equal(white.view.controls.replay.back, true, 'a player may look back at their own views');
  assert.equal(spectator.view.controls.replay.back, false, 'a spectator has no past but fog');
  // What a player saw change with the opponent's move: exd5 on Black's board (Black's d5 pawn
  // taken), Qxd5 on White's (White's d5 pawn gone).
  const changedAt = (page, index) => {
    page.state = reduce(page.state, { type: 'go', index }).state;
    const { changed, fog } = page.view.board;
    assert.ok(changed.every(square => !fog.includes(square) || page.state.history[index - 1].sight.includes(square)), 'a change is where the player saw');
    return sorted(changed);
  };
  assert.deepEqual(changedAt(black, 3), ['d5'], 'e4, seen before, is fog now: nothing known changed there');
  assert.deepEqual(changedAt(white, 4), ['d5']);
  assert.deepEqual(changedAt(white, 3), [], 'nothing changes with one\'s own move');
  // A player looks back at their own earlier views only.
  white.state = reduce(white.state, { type: 'go', index: 0 }).state;
  assert.deepEqual(menShown(white.view), menSeen(white.state.startFen, white.state.sight.white[0], geometry));
  for (const page of [white, black]) page.state = reduce(page.state, { type: 'go', index: moves.length }).state;
  assert.equal(white.view.perspective, null, 'no choice of view during play');

  await black.move('d2e1');
  for (const page of [white, black, spectator]) {
    await page.until(view => view.status === 'finished', 'the end');
    assert.equal(page.view.statusLine, 'Black wins by capturing the king');
  }
  // The page reloads a finished hidden game (the effect `reloadFinished`): fed the resource here.
  const finished = (await server.api('GET', `/api/games/${game.id}`, undefined, { token: game.tokens.black })).body;
  for (const page of [white, black, spectator]) {
    assert.ok(page.effects.some(effect => effect.reloadFinished));
    page.dispatch({ type: 'finished-game', game: finished });
    const view = page.view;
    assert.deepEqual(view.perspective, { value: 'whole' });
    assert.equal(view.board.fog, null, 'the whole board');
    assert.deepEqual(menShown(view), menSeen(finished.fen, all, geometry));
    for (const side of ['white', 'black']) {
      page.state = reduce(page.state, { type: 'perspective', side }).state;
      assert.equal(page.view.board.orientation, side, `${side}'s view with ${side} at the bottom`);
      for (let index = 0; index <= moves.length + 1; index++) {
        page.state = reduce(page.state, { type: 'go', index }).state;
        const sight = finished.sight[side][index];
        const real = index ? finished.positions[index - 1] : finished.start_fen;
        assert.deepEqual(sorted(page.view.board.fog), sorted(all.filter(square => !sight.includes(square))), `${side}'s fog at ${index}`);
        assert.deepEqual(menShown(page.view), menSeen(real, sight, geometry), `${side}'s men at ${index}`);
      }
    }
    page.state = reduce(page.state, { type: 'perspective', side: 'nobody' }).state;
    assert.equal(page.view.perspective.value, 'black', 'an unknown view changes nothing');
  }
  for (const page of [white, black, spectator]) page.close();
});
