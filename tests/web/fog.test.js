// Fog of War through the page, between two people (two browser contexts) and a spectator, on a
// rectangle and on the ring: each player's board shows exactly their men and the enemy men on
// the squares they see, fog on every other square, as the server's `fen` and `sight` say (read
// from the game resource with the player's token); the spectator sees fog only; a premove and a
// promotion are made as in any game; a king capture ends it; then the whole game and either
// side's view of it replay ply by ply, the squares shown at each ply exactly that side's sight.
// Every step waits on a condition the pages show, never on time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptInvite, assertNoErrors, clickSquare, launchBrowser, makeMove, openPage, readInvite, screenshot, startServer,
  waitForMoves, waitForSaid, waitForStatus,
} from './helpers.js';
import { parsePlacement } from '../../web/js/fen.js';
import { geometryFor } from '../../web/js/geometry.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// The game as `token`'s holder may see it (GET /api/games/<id>).
async function gameAs(id, token) {
  const response = await fetch(`${server.url}/api/games/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  assert.equal(response.status, 200);
  return response.json();
}

// What a board should show: the men of `fen` on the squares of `sight` (`letter@square`), and
// fog on every other square.
function expectedBoard(geometry, fen, sight) {
  const seen = new Set(sight);
  return {
    men: [...parsePlacement(fen, geometry)].filter(([square]) => seen.has(square)).map(([square, letter]) => `${letter}@${square}`).sort(),
    fog: geometry.squares.filter(square => !seen.has(square)).sort(),
  };
}

// Waits until the page's board shows exactly `expected` ({men, fog}), then checks it once more.
async function assertBoard(page, expected, what) {
  const shown = () => page.evaluate(() => ({
    men: [...document.querySelectorAll('.board-host [data-piece]')].map(e => `${e.dataset.piece}@${e.dataset.square}`).sort(),
    fog: [...document.querySelectorAll('.board-host [data-fog]')].map(e => e.dataset.fog).sort(),
  }));
  await page.waitForFunction(want => {
    const men = [...document.querySelectorAll('.board-host [data-piece]')].map(e => `${e.dataset.piece}@${e.dataset.square}`).sort();
    const fog = [...document.querySelectorAll('.board-host [data-fog]')].map(e => e.dataset.fog).sort();
    return JSON.stringify({ men, fog }) === JSON.stringify(want);
  }, expected).catch(() => {});
  assert.deepEqual(await shown(), expected, what);
}

// The move list as shown: own moves by name, the others' as '?'.
const moveTexts = page => page.evaluate(() => [...document.querySelectorAll('.move-list [data-ply], .move-list .hidden-move')].map(e => e.textContent));

// A player's board now, against the server's word for that player.
async function assertPlayerBoard(page, geometry, id, token, color) {
  const game = await gameAs(id, token);
  assert.deepEqual(Object.keys(game.sight), [color], 'a player is sent their own sight only');
  await assertBoard(page, expectedBoard(geometry, game.fen, game.sight[color].at(-1)), `${color}'s board at ply ${game.ply}`);
}

async function assertSpectatorBoard(page, geometry, ply) {
  await waitForMoves(page, ply);
  await assertBoard(page, { men: [], fog: [...geometry.squares].sort() }, 'the spectator sees only fog');
  assert.equal(await page.locator('.hidden-board-note').isVisible(), true);
}

// Plays the game (`moves`: [uci, how] in order; how: 'premove' queues the mover's move on the
// opponent's turn just before, 'promote' picks the promotion in the chooser), checking every board
// after every move.
async function playFog(variantName, moves, result) {
  const variant = server.variants.find(v => v.name === variantName);
  const geometry = geometryFor(variant.board);
  const white = await openPage(browser, `${server.url}/`);
  const card = white.locator(`.variant-card[data-variant="${variantName}"]`);
  assert.equal(await card.locator('.hidden-badge').textContent(), 'fogged board');
  assert.equal(await card.locator('.variant-description').textContent(), variant.description);
  await card.click();
  assert.equal(await white.locator('button[data-action="local"]').isDisabled(), true, 'a hidden board needs two screens');
  await white.click('.segmented label:has(input[value="white"])');
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const id = new URL(white.url()).pathname.split('/').pop();
  const black = await acceptInvite(browser, await readInvite(white));
  const spectator = await openPage(browser, white.url());
  // The seat's token, as the page keeps it (js/api.js).
  const tokenOf = page => page.evaluate(gameId => JSON.parse(localStorage.getItem(`arbiter.seat.${gameId}`)).token, id);
  const players = { white: { page: white, token: await tokenOf(white) }, black: { page: black, token: await tokenOf(black) } };
  for (const page of [white, black, spectator]) await page.locator('#connection.online').waitFor();
  const checkAll = async ply => {
    for (const [color, { page, token }] of Object.entries(players)) {
      await waitForMoves(page, ply);
      await assertPlayerBoard(page, geometry, id, token, color);
    }
    await assertSpectatorBoard(spectator, geometry, ply);
  };
  await checkAll(0);
  assert.ok(await white.locator('.board-host [data-fog]').first().evaluate(e => /^url\(#fog-hatch-\d+\)$/.test(e.getAttribute('fill'))), 'fog is drawn with its pattern');
  await screenshot(white, `fog-${variantName}-start-white`);

  const otherColor = color => (color === 'white' ? 'black' : 'white');
  for (let ply = 0; ply < moves.length; ply++) {
    const [uci, how, promotion] = moves[ply];
    const mover = ply % 2 ? 'black' : 'white';
    const next = moves[ply + 1];
    if (next?.[1] === 'premove') {
      // The opponent queues their next move now: the server holds it (its game resource says so)
      // and plays it as soon as the turn comes.
      const { page, token } = players[otherColor(mover)];
      await makeMove(page, next[0]);
      await page.locator('.board-host .mark.premove').first().waitFor();
      while ((await gameAs(id, token)).premove !== next[0]) await page.waitForFunction(() => true);
    }
    await makeMove(players[mover].page, uci);
    if (how === 'promote') await players[mover].page.locator(`.chooser button[data-move="${uci}${promotion}"]`).click();
    if (next?.[1] === 'premove') ply++;
    if (ply + 1 === moves.length) break;
    await checkAll(ply + 1);
    // The last move marked on its mover's board only: the other was not told it.
    const lastMover = ply % 2 ? 'black' : 'white';
    assert.equal(await players[lastMover].page.locator('.board-host .mark.last-move').count(), 2, 'one\'s own last move marked');
    assert.equal(await players[otherColor(lastMover)].page.locator('.board-host .mark.last-move').count(), 0, 'no last move for a move one was not told');
    if (ply === 2) {
      await screenshot(players[otherColor(lastMover)].page, `fog-${variantName}-ply3-${otherColor(lastMover)}`);
      await screenshot(spectator, `fog-${variantName}-spectator`);
      // A reload rebuilds the same view from the server's state: board and move list.
      const { page, token } = players[otherColor(lastMover)];
      const movesBefore = await moveTexts(page);
      await page.reload();
      await page.locator('#connection.online').waitFor();
      await waitForMoves(page, ply + 1);
      assert.deepEqual(await moveTexts(page), movesBefore);
      assert.ok(movesBefore.includes('?') && movesBefore.some(text => text !== '?'), 'own moves named, the others\' not');
      await assertPlayerBoard(page, geometry, id, token, otherColor(lastMover));
    }
  }

  for (const page of [white, black, spectator]) {
    await waitForStatus(page, new RegExp(result.replace('/', '\\/')));
    assert.match(await page.locator('.status .reason').textContent(), /by capturing the king/);
  }
  await screenshot(black, `fog-${variantName}-end-black`);

  // The replay: the whole board, then each side's view at every ply, on a player's page and the spectator's.
  const finished = await gameAs(id);
  assert.deepEqual(Object.keys(finished.sight).sort(), ['black', 'white']);
  const real = index => (index ? finished.positions[index - 1] : finished.start_fen);
  for (const page of [white, spectator]) {
    await page.locator('fieldset.perspective:not([hidden])').waitFor();
    assert.equal(await page.locator('fieldset.perspective input[value="whole"]').isChecked(), true);
    await assertBoard(page, expectedBoard(geometry, finished.fen, geometry.squares), 'the whole final board');
    for (const side of ['white', 'black']) {
      await page.click(`fieldset.perspective label:has(input[value="${side}"])`);
      await page.click('button[data-action="first"]');
      for (let index = 0; index <= finished.moves.length; index++) {
        if (index) await page.click('button[data-action="next"]');
        await assertBoard(page, expectedBoard(geometry, real(index), finished.sight[side][index]), `${side}'s view at ply ${index}`);
      }
      assert.equal(await page.locator('button[data-action="next"]').isDisabled(), true);
    }
    await page.click('fieldset.perspective label:has(input[value="whole"])');
    await assertBoard(page, expectedBoard(geometry, finished.fen, geometry.squares), 'the whole board again');
  }
  // Either side's view with that side at the bottom, whoever looks.
  for (const side of ['black', 'white']) {
    await white.click(`fieldset.perspective label:has(input[value="${side}"])`);
    await white.locator(`.player.bottom.${side}`).waitFor();
    await screenshot(white, `fog-${variantName}-replay-${side}-view`);
  }
  for (const page of [white, black, spectator]) assertNoErrors(page);
  for (const page of [white, black, spectator]) await page.context().close();
}

test('Fog of War on the 8x8 board: fog, a premove, the king taken, both views replayed', async () => {
  await playFog('fog-chess', [
    ['e2e4'], ['d7d5'], ['e4d5'], ['d8d5'], ['a2a3'], ['d5d2'], ['a3a4', 'premove'], ['d2e1'],
  ], '0-1');
});

test('Fog of War on the ring: fog on the sectors, a promotion that takes the king, both views replayed', async () => {
  await playFog('fog-circular', [
    ['a15a14'], ['b7b5'], ['a2a4'], ['b5a4'], ['c16d14'], ['a4a3'], ['c1a2'], ['a3b2'], ['d2d3'], ['b2a1', 'promote', 'q'],
  ], '0-1');
});

// Screen reader mode: the board read to a player is their men and the fogged squares as unknown
// (the server's sight), a move they were not told is read as one, with the squares they saw change.
test('Fog of War in screen reader mode: the men seen, the fog as unknown, the opponent\'s move as the player saw it', async () => {
  const post = async (route, body) => (await fetch(`${server.url}${route}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}),
  })).json();
  const created = await post('/api/games', { variant: 'fog-chess', color: 'white' });
  const joined = await post(`/api/join/${created.invite.split('/').pop()}`);
  const open = seat => openPage(browser, `${server.url}/game/${created.id}?screenreader=1`, {
    init: seat ? `localStorage.setItem(${JSON.stringify(`arbiter.seat.${created.id}`)}, ${JSON.stringify(JSON.stringify(seat))})` : null,
  });
  const white = await open({ color: 'white', token: created.token });
  const black = await open({ color: 'black', token: joined.token });
  const spectator = await open(null);
  for (const page of [white, black, spectator]) await page.locator('#connection.online').waitFor();

  await makeMove(white, 'e2e4');
  await waitForSaid(white, 'White: pawn e2 to e4.');
  await waitForSaid(black, 'White has moved.');
  await makeMove(black, 'd7d5');
  await waitForSaid(white, 'Black has moved.');
  await makeMove(white, 'e4d5');
  await waitForSaid(black, 'White has moved. Changed where you see: d5.');

  // The board read to Black: the men of Black's fen on the squares Black sees, and the rest as fog.
  const geometry = geometryFor(server.variants.find(v => v.name === 'fog-chess').board);
  const game = await gameAs(created.id, joined.token);
  const { fog } = expectedBoard(geometry, game.fen, game.sight.black.at(-1));
  await black.keyboard.press('Alt+Shift+B');
  const order = (a, b) => a.localeCompare(b, 'en', { numeric: true });
  const list = words => `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  await waitForSaid(black, 'White: pawn d5. Black: king e8; queen d8; rooks a8 and h8; bishops c8 and f8; knights b8 and g8; '
    + `pawns a7, b7, c7, e7, f7, g7 and h7. Fog, unknown: ${list([...fog].sort(order))}.`);
  await spectator.keyboard.press('Alt+Shift+B');
  await waitForSaid(spectator, 'Spectators see no square of the board until the game ends.');
  for (const page of [white, black, spectator]) assertNoErrors(page);
  for (const page of [white, black, spectator]) await page.context().close();
});

// The computer form takes a fog variant like any other: the game opens at once, the computer
// named, the player's board in the fog as the server says. (How the computer plays is the
// server's: not looked at here.)
test('Fog of War against the computer: chosen from the home page, the board in the fog', async () => {
  const variant = server.variants.find(v => v.name === 'fog-grand');
  const page = await openPage(browser, `${server.url}/`);
  await page.click(`.variant-card[data-variant="${variant.name}"]`);
  await page.click('button[data-action="open-computer"]');
  const form = page.locator('.computer-panel');
  await form.locator('select[name="level"]').selectOption('2');
  await form.locator('.segmented label:has(input[value="white"])').click();
  await form.locator('button[data-action="play-computer"]').click();
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  assert.equal(await page.locator('.player.top .player-name').textContent(), 'Arbiter level 2');
  const id = new URL(page.url()).pathname.split('/').pop();
  const token = await page.evaluate(gameId => JSON.parse(localStorage.getItem(`arbiter.seat.${gameId}`)).token, id);
  const game = await gameAs(id, token);
  await assertBoard(page, expectedBoard(geometryFor(variant.board), game.fen, game.sight.white.at(-1)), 'White\'s board against the computer');
  assertNoErrors(page);
  await page.context().close();
});
