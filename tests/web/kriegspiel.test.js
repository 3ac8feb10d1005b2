// Kriegspiel: each player sees only their own men (not even hidden in the DOM), the umpire's
// announcements as a log that survives reloads and reconnections, refused tries marked, "Are
// there any?"; after the end the whole game replays. Every step waits on a condition the pages
// show, never on time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptInvite, assertNoErrors, clickSquare, launchBrowser, makeMove, openPage, readInvite, received, screenshot, startServer,
  waitForStatus,
} from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const colorOf = letter => (letter === letter.toUpperCase() ? 'white' : 'black');

// The real game, as the test knows it (no castling, en passant or promotion is played here).
class RealBoard {
  constructor() {
    this.men = new Map();
    const rows = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'.split('/');
    rows.forEach((row, index) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) file += Number(c);
        else this.men.set('abcdefgh'[file++] + (8 - index), c);
      }
    });
    this.moves = [];
  }

  play(uci) {
    const from = uci.slice(0, 2), to = uci.slice(2, 4);
    const by = colorOf(this.men.get(from));
    this.men.set(to, this.men.get(from));
    this.men.delete(from);
    this.moves.push({ uci, by });
  }

  menOf(color) {
    return [...this.men].filter(([, letter]) => colorOf(letter) === color).map(([square, letter]) => `${letter}@${square}`).sort();
  }

  movesOf(color) {
    return this.moves.filter(move => move.by === color).map(move => move.uci);
  }
}

// A move written in any of the forms a page might use: e7e5, e7-e5, e7–e5, e7×e5, e7xe5.
const moveForms = uci => ['', '-', '–', '×', 'x'].map(separator => uci.slice(0, 2) + separator + uci.slice(2, 4));

// The men a page draws, as `letter@square`.
const menShown = page => page.evaluate(() =>
  [...document.querySelectorAll('[data-piece]')].map(e => `${e.dataset.piece}@${e.dataset.square}`).sort());

// A player's page holds their own men exactly where they stand, and nothing of the opponent's
// anywhere in the document (hidden elements and attributes included): no man, no drawing of one,
// none of their moves; and nothing the page was sent holds them either.
async function assertOnlyOwnMen(page, real, color) {
  const enemy = color === 'white' ? 'black' : 'white';
  assert.deepEqual(await menShown(page), real.menOf(color), `${color}'s board shows exactly ${color}'s men`);
  const html = await page.content();
  for (const [, letter] of html.matchAll(/data-piece="([^"]*)"/g)) assert.equal(colorOf(letter), color, `a ${enemy} man in ${color}'s page`);
  assert.doesNotMatch(html, new RegExp(`piece-[a-z]+-${enemy}`), `a drawing of a ${enemy} man in ${color}'s page`);
  for (const uci of real.movesOf(enemy)) {
    for (const form of moveForms(uci)) assert.ok(!html.includes(form), `${enemy}'s move ${form} in ${color}'s page`);
  }
  for (const text of await received(page)) {
    for (const uci of real.movesOf(enemy)) assert.ok(!text.includes(uci), `${enemy}'s move ${uci} sent to ${color}`);
    // Every FEN sent but the public start: `fen`, and each of `positions`.
    for (const [, start, fen] of text.matchAll(/("start_fen":)?"([^" ]*\/[^" ]*) [wb] /g)) {
      if (start) continue;
      assert.ok(![...fen.replace(/[^A-Za-z]/g, '')].some(letter => colorOf(letter) === enemy), `${enemy} men in a fen sent to ${color}: ${fen}`);
    }
  }
}

async function assertNoMen(page) {
  assert.deepEqual(await menShown(page), [], 'a spectator sees no men during the game');
  assert.doesNotMatch(await page.content(), /piece-[a-z]+-(white|black)/, 'a drawing of a man in the spectator\'s page');
}

// The umpire's log as the page shows it: [class, text] per line.
const logLines = page => page.evaluate(() =>
  [...document.querySelectorAll('.announcements li')].map(li => [li.className, li.textContent]));

// Waits until the page's log has at least `count` lines matching `pattern`.
async function waitForLog(page, pattern, count = 1) {
  await page.waitForFunction(([source, n]) => [...document.querySelectorAll('.announcements li')]
    .filter(li => new RegExp(source).test(li.textContent)).length >= n, [pattern.source, count]);
}

const ownMoveTexts = page => page.evaluate(() => [...document.querySelectorAll('.move-list [data-ply]')].map(b => b.textContent));

test('Kriegspiel: own men only, the umpire\'s log kept over reload and reconnection, "Are there any?", replay after the end', async () => {
  const real = new RealBoard();
  const white = await openPage(browser, `${server.url}/`, { record: true });
  await white.click('.variant-card[data-variant="kriegspiel"]');
  await white.click('.segmented label:has(input[value="white"])');
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const gameUrl = white.url();
  await white.locator('[data-piece]').first().waitFor();  // the own board arrives with the socket's state
  const black = await acceptInvite(browser, await readInvite(white), { record: true });
  await black.waitForURL(/\/game\//);
  await black.locator('[data-piece]').first().waitFor();
  const spectator = await openPage(browser, gameUrl);
  await spectator.locator('.announcements').waitFor({ state: 'attached' });
  await spectator.locator('#connection.online').waitFor();
  const players = [[white, 'white'], [black, 'black']];
  const check = async () => {
    for (const [page, color] of players) await assertOnlyOwnMen(page, real, color);
    await assertNoMen(spectator);
  };
  await check();

  // A move: the mover's own form of it, a bare announcement to the others.
  const move = async (page, uci, heard) => {
    await makeMove(page, uci);
    real.play(uci);
    const by = page === white ? 'White' : 'Black';
    const count = real.moves.filter(m => m.by === by.toLowerCase()).length;
    for (const viewer of [white, black, spectator]) await waitForLog(viewer, new RegExp(`^${by} has moved`), count);
    for (const pattern of heard) for (const viewer of [white, black, spectator]) await waitForLog(viewer, pattern);
    await check();
  };

  await move(white, 'e2e4', []);
  assert.deepEqual((await logLines(white)).at(-1), ['mine', 'White has moved: e2–e4.']);
  assert.deepEqual((await logLines(black)).at(-1), ['', 'White has moved.']);
  await move(black, 'd7d5', []);

  // e4xf5 is a real try on White's board (a man may hide there), refused on the real one.
  await makeMove(white, 'e4f5');
  await white.locator('[data-refused="e4f5"]').waitFor();
  for (const viewer of [black, spectator]) await waitForLog(viewer, /^White tries: No\.$/);
  assert.deepEqual((await logLines(white)).at(-1), ['mine refused', 'White tries e4×f5: No.']);
  await check();
  await clickSquare(white, 'e4');
  await white.locator('.dest[data-dest="d5"]').waitFor();
  assert.equal(await white.locator('.dest[data-dest="f5"]').count(), 0, 'a refused try is not offered again');
  await clickSquare(white, 'e4');

  // "Are there any?": e4xd5 is there. The question is asked once a turn; a pawn capture is owed.
  await white.click('button[data-action="any"]');
  for (const viewer of [white, black, spectator]) await waitForLog(viewer, /^White asks "Are there any\?" Try!$/);
  assert.equal(await white.locator('button[data-action="any"]').isDisabled(), true);
  await white.locator('.pawn-capture-owed').waitFor();
  assert.equal(await white.locator('.square.movable[data-square="g1"]').count(), 0, 'only pawn captures while one is owed');
  await check();

  // A reload keeps the log (the same lines, once each), the refused try and the question asked.
  const whiteLog = await logLines(white);
  await white.reload();
  await white.locator('#connection.online').waitFor();
  assert.deepEqual(await logLines(white), whiteLog);
  await white.locator('[data-refused="e4f5"]').waitFor();
  assert.equal(await white.locator('button[data-action="any"]').isDisabled(), true);
  assert.equal(await white.locator('.pawn-capture-owed').isVisible(), true);
  assert.deepEqual(await ownMoveTexts(white), ['e2–e4']);
  await check();

  await move(white, 'e4d5', [/^Capture on d5\.$/]);
  assert.deepEqual(await ownMoveTexts(white), ['e2–e4', 'e4×d5']);
  assert.equal(await white.locator('.mark.capture-square').count(), 1);
  await move(black, 'd8d5', [/^Capture on d5\.$/]);
  assert.deepEqual(await ownMoveTexts(black), ['d7–d5', 'Qd8×d5']);

  // The server goes down and comes back: every page reconnects with the same log, no line twice.
  const logsBefore = await Promise.all([white, black, spectator].map(logLines));
  await server.kill();
  for (const page of [white, black, spectator]) await page.locator('#connection.offline').waitFor();
  await server.restart();
  for (const page of [white, black, spectator]) await page.locator('#connection.online').waitFor();
  assert.deepEqual(await Promise.all([white, black, spectator].map(logLines)), logsBefore);
  await check();

  await move(white, 'b1c3', []);
  assert.deepEqual(await ownMoveTexts(white), ['e2–e4', 'e4×d5', 'Nb1–c3']);
  await move(black, 'd5e5', [/^Check on the file\.$/]);
  assert.deepEqual((await logLines(black)).at(-2), ['mine', 'Black has moved: Qd5–e5+.']);
  await white.locator('.mark.check').waitFor();
  // On a desktop screen too, the board and the umpire's bar by it ("Are there any?") fit the screen.
  for (const selector of ['.board-host', '.kriegspiel-bar', 'button[data-action="any"]']) {
    assert.ok(await white.locator(selector).evaluate(e => { const box = e.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; }),
      `${selector} in view`);
  }
  await screenshot(white, 'kriegspiel-8x8-white');

  // White resigns: the game is public, and replays move by move with SAN and every try.
  await white.click('button[data-action="resign"]');
  await white.click('button[data-action="resign"]');
  for (const page of [white, black, spectator]) await waitForStatus(page, /0-1/);
  const sans = ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qe5+'];
  for (const page of [white, black, spectator]) {
    await page.waitForFunction(n => document.querySelectorAll('.move-list [data-ply]').length === n
      && !document.querySelector('.move-list .hidden-move'), sans.length);
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('.move-list [data-ply]')].map(b => b.textContent)), sans);
    await waitForLog(page, /^Black has moved: Qxd5\.$/);
    await waitForLog(page, /^White tries e4×f5: No\.$/);
    await replayWholeGame(page, real);
  }
  await screenshot(white, 'kriegspiel-8x8-replay');
  // Chromium logs each reconnection tried while the server was down.
  for (const page of [white, black, spectator]) assertNoErrors(page, [/^WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED/]);
});

// Steps from the start to the end by the buttons and the arrow keys, each position the real one.
async function replayWholeGame(page, real) {
  const replay = new RealBoard();
  const allMen = board => [...board.menOf('white'), ...board.menOf('black')].sort();
  const showsMen = async expected => {
    await page.waitForFunction(men => JSON.stringify([...document.querySelectorAll('[data-piece]')]
      .map(e => `${e.dataset.piece}@${e.dataset.square}`).sort()) === JSON.stringify(men), expected);
  };
  await page.click('button[data-action="first"]');
  await showsMen(allMen(replay));
  for (const [index, { uci }] of real.moves.entries()) {
    if (index % 2) await page.click('button[data-action="next"]');
    else await page.keyboard.press('ArrowRight');
    replay.play(uci);
    await showsMen(allMen(replay));
  }
  assert.deepEqual(allMen(replay), allMen(real));
  assert.equal(await page.locator('button[data-action="next"]').isDisabled(), true);
}
