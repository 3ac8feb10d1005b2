// A live game as players meet it: a move the server has not confirmed looks pending, one that
// cannot be sent is undone with a word; browsing back comes back to the present on a new move
// unless the player stays; the custom clock's errors in the form's words; no move hints over the
// dragged man; a finished game is not "Live"; the header names the game for players and watchers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptInvite, assertNoErrors, clickSquare, createAsWhite, launchBrowser, makeMove, openPage, screenshot, squarePoint, startServer,
  waitForDest, waitForMoves, waitForStatus,
} from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function localGame(variant = 'chess', options = {}) {
  const page = await openPage(browser, `${server.url}/`, options);
  await page.click(`.variant-card[data-variant="${variant}"]`);
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  return page;
}

async function twoPlayers({ clock = 'untimed', white: whiteOptions = {}, beforeJoin = null } = {}) {
  const { white, invite } = await createAsWhite(browser, server, { clock, options: whiteOptions });
  await beforeJoin?.(white);
  const black = await acceptInvite(browser, invite);
  await black.waitForURL(/\/game\//);
  await black.locator('#connection.online').waitFor();
  return { white, black };
}

test('a move the server has not confirmed looks pending until its event comes', async () => {
  const page = await localGame();
  await waitForDest(page, 'e2');
  server.pause();
  try {
    await makeMove(page, 'e2e4');
    await page.locator('.piece.pending[data-square="e4"][data-piece="P"]').waitFor();
    assert.equal(await page.locator('.move-list [data-ply]').count(), 0);
  } finally {
    server.resume();
  }
  await waitForMoves(page, 1);
  await page.locator('.piece[data-square="e4"][data-piece="P"]:not(.pending)').waitFor();
  assert.equal(await page.locator('.piece.pending').count(), 0);
  assertNoErrors(page);
});

test('a move made while disconnected is undone at once, with a word', async () => {
  const page = await localGame();
  await waitForDest(page, 'e2');
  await server.kill();
  await page.locator('#connection.offline').waitFor();
  await makeMove(page, 'e2e4');
  await page.locator('.notice:has-text("not sent")').waitFor();
  assert.equal(await page.locator('.piece[data-square="e2"]').getAttribute('data-piece'), 'P');
  assert.equal(await page.locator('.piece[data-square="e4"]').count(), 0);
  assert.equal(await page.locator('.piece.pending').count(), 0);
  await server.restart();
  await page.locator('#connection.online').waitFor();
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 1);
  assertNoErrors(page, [/^WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED/]);
});

test('browsing back in a live game: a new move brings the board back, unless the player stays', async () => {
  const { white, black } = await twoPlayers();
  const moves = ['e2e4', 'e7e5', 'g1f3'];
  for (const [index, move] of moves.entries()) {
    await makeMove(index % 2 ? black : white, move);
    await waitForMoves(white, index + 1);
    await waitForMoves(black, index + 1);
  }
  // Black looks at the start: told so, with the way back.
  await black.click('.move-list button[data-ply="0"]');
  await black.click('button[data-action="previous"]');
  await black.locator('.piece[data-square="e7"][data-piece="p"]').waitFor();
  await black.locator('.browsing:has-text("move 0 of 3")').waitFor();
  assert.match(await black.locator('.browsing').textContent(), /your move/i);
  await black.click('.browsing button[data-action="present"]');
  await waitForDest(black, 'b8');
  assert.equal(await black.locator('.browsing').isHidden(), true);
  await makeMove(black, 'b8c6');
  await waitForMoves(white, 4);

  // White looks back; Black's reply returns White's board to the game, ready to move.
  await white.click('.move-list button[data-ply="1"]');
  await white.locator('.browsing').waitFor();
  await makeMove(white, 'f1c4').catch(() => {});
  assert.equal(await white.locator('.move-list [data-ply]').count(), 4, 'no move from a past position');
  await white.click('.browsing button[data-action="present"]');
  await makeMove(white, 'f1c4');
  await waitForMoves(black, 5);
  await black.click('.move-list button[data-ply="2"]');
  await black.locator('.browsing').waitFor();
  await white.click('.move-list button[data-ply="0"]');
  await white.locator('.browsing').waitFor();
  await black.click('.browsing button[data-action="present"]');
  await makeMove(black, 'g8f6');
  await white.locator('.browsing').waitFor({ state: 'hidden' });
  await white.locator('.piece[data-square="f6"][data-piece="n"]').waitFor();
  await waitForDest(white, 'd2');
  await waitForStatus(white, /Your move/);

  // Staying: White pins a past position; Black's move leaves it there, and says so.
  await white.click('.move-list button[data-ply="2"]');
  await white.click('button[data-action="pin"]');
  assert.equal(await white.locator('button[data-action="pin"]').getAttribute('aria-pressed'), 'true');
  await white.click('.browsing button[data-action="present"]');
  await makeMove(white, 'd2d3');
  await waitForMoves(black, 7);
  await white.click('.move-list button[data-ply="2"]');
  await white.click('button[data-action="pin"]');
  await makeMove(black, 'f8c5');
  await waitForMoves(white, 8);
  assert.equal(await white.locator('.move-list button.current').getAttribute('data-ply'), '2');
  assert.equal(await white.locator('.piece[data-square="c5"]').count(), 0);
  assert.match(await white.locator('.browsing').textContent(), /move 3 of 8.*stays here/);
  await screenshot(white, 'browsing-pinned');
  await white.keyboard.press('End');
  await white.locator('.piece[data-square="c5"][data-piece="b"]').waitFor();
  await waitForDest(white, 'e1');
  for (const page of [white, black]) assertNoErrors(page);
});

test('the custom clock\'s errors speak of minutes and seconds, not of fields', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.selectOption('select[name="clock"]', 'custom');
  for (const minutes of ['0', '', '99999']) {
    await page.fill('input[name="minutes"]', minutes);
    await page.click('button[data-action="create"]');
    await page.locator('form[aria-label="New game"] .form-error:not(:empty)').waitFor();
    const text = await page.locator('form[aria-label="New game"] .form-error').textContent();
    assert.doesNotMatch(text, /_s\b|initial|increment_/);
    assert.match(text, /[Mm]inutes/);
    await page.fill('input[name="minutes"]', '5');
  }
  await page.fill('input[name="increment"]', '-1');
  await page.click('button[data-action="create"]');
  await page.locator('form[aria-label="New game"] .form-error:has-text("increment")').waitFor();
  assert.doesNotMatch(await page.locator('form[aria-label="New game"] .form-error').textContent(), /_s\b/);
  assert.match(page.url(), /\/$/, 'no game was created');
  assertNoErrors(page);
});

test('the move hints stay under the man being dragged', async () => {
  const page = await localGame();
  await waitForDest(page, 'e2');
  const from = await squarePoint(page, 'e2'), to = await squarePoint(page, 'e4');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.locator('.piece.dragging').waitFor();
  assert.ok(await page.locator('.dest[data-dest="e4"]').count(), 'the hint on e4 is drawn');
  const topmost = await page.evaluate(() => [...document.querySelectorAll('.board-host .dest, .board-host .piece.dragging')].at(-1).classList.contains('dragging'));
  assert.ok(topmost, 'the dragged man is drawn over every hint');
  await page.mouse.up();
  await waitForMoves(page, 1);
  assertNoErrors(page);
});

test('a finished game does not say "Live"', async () => {
  const page = await localGame();
  assert.match(await page.locator('#connection').textContent(), /Live/);
  await page.click('button[data-action="resign"]');
  await page.click('button[data-action="resign"]');
  await waitForStatus(page, /0-1/);
  await page.locator('#connection').waitFor({ state: 'hidden' });
  const later = await openPage(browser, page.url());
  await waitForStatus(later, /0-1/);
  assert.equal(await later.locator('#connection').isHidden(), true);
  for (const p of [page, later]) assertNoErrors(p);
});

test('the header names the game for players and watchers; the waiting screen offers the link to copy', async () => {
  const { white, black } = await twoPlayers({
    clock: '300+3', white: { context: { permissions: ['clipboard-read', 'clipboard-write'] } },
    beforeJoin: async page => {
      const invite = page.locator('.invite');
      assert.match(await invite.textContent(), /Waiting for an opponent/);
      await page.click('button[data-action="copy-invite"]');
      await page.locator('button[data-action="copy-invite"]:has-text("Copied")').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.locator('.invite input').inputValue());
      await screenshot(page, 'waiting-for-opponent');
    },
  });
  const watcher = await openPage(browser, white.url());
  await watcher.locator('#connection.online').waitFor();
  for (const [page, mode] of [[white, /You play white/], [black, /You play black/], [watcher, /Watching/]]) {
    assert.equal(await page.locator('.game-title').textContent(), 'Chess');
    assert.equal(await page.locator('.time-control').textContent(), '5 + 3');
    assert.match(await page.locator('.game-mode').textContent(), mode);
  }
  await white.locator('.invite').waitFor({ state: 'hidden' });
  for (const page of [white, black, watcher]) assertNoErrors(page);
});

// Records every tone the page starts ([frequency...]) and every notification it shows, and lets
// the test say whether the tab is out of sight.
function observeAttention() {
  window.tones = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.tones.push(this.frequency.value); return start.apply(this, args); };
  window.shown = [];
  window.outOfSight = false;
  Object.defineProperty(Document.prototype, 'hidden', { get: () => window.outOfSight });
  window.Notification = class {
    // The browser keeps a permission given, over reloads too.
    static get permission() { return localStorage.getItem('test.permission') ?? 'default'; }
    static async requestPermission() { localStorage.setItem('test.permission', 'granted'); return 'granted'; }
    constructor(title, { body }) { window.shown.push(body); }
    close() {}
  };
}

test('sounds for moves, switchable and remembered; the title and a notification say it is your move', async () => {
  const { white, black } = await twoPlayers({
    white: { init: observeAttention },
    beforeJoin: async page => {
      await page.click('button[data-action="notify"]');
      assert.equal(await page.locator('button[data-action="notify"]').getAttribute('aria-pressed'), 'true');
      await page.evaluate(() => { window.outOfSight = true; });
    },
  });
  await white.waitForFunction(() => window.shown.includes('Your opponent joined: your move.'));
  assert.match(await white.title(), /^● Your opponent joined · Your move/);
  await white.evaluate(() => { window.outOfSight = false; document.dispatchEvent(new Event('visibilitychange')); });
  assert.match(await white.title(), /^● Your move/);
  const tones = () => white.evaluate(() => window.tones.length);
  assert.equal(await white.locator('button[data-action="sound"]').getAttribute('aria-pressed'), 'true');
  await makeMove(white, 'e2e4');
  await waitForMoves(white, 1);
  assert.doesNotMatch(await white.title(), /^●/);
  const afterMove = await tones();
  assert.ok(afterMove > 0, 'a move is heard');
  await white.evaluate(() => { window.outOfSight = true; });
  await makeMove(black, 'd7d5');
  await white.waitForFunction(() => window.shown.includes('Your move.'));
  await white.evaluate(() => { window.outOfSight = false; });
  assert.ok(await tones() > afterMove, 'the opponent\'s move is heard');

  await white.click('button[data-action="sound"]');
  assert.equal(await white.locator('button[data-action="sound"]').getAttribute('aria-pressed'), 'false');
  const silent = await tones();
  await makeMove(white, 'e4d5');
  await waitForMoves(black, 3);
  await waitForMoves(white, 3);
  assert.equal(await tones(), silent, 'no sound once switched off');
  await white.reload();
  await waitForMoves(white, 3);
  assert.equal(await white.locator('button[data-action="sound"]').getAttribute('aria-pressed'), 'false', 'remembered');
  assert.equal(await white.locator('button[data-action="notify"]').getAttribute('aria-pressed'), 'true', 'remembered');
  for (const page of [white, black]) assertNoErrors(page);
});

test('a capture, a check and the end each sound their own way; low time warns once', async () => {
  const page = await localGame('chess', { init: observeAttention });
  const heard = () => page.evaluate(() => window.tones.splice(0));
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 1);
  const move = await heard();
  await makeMove(page, 'd7d5');
  await waitForMoves(page, 2);
  await heard();
  await makeMove(page, 'e4d5');
  await waitForMoves(page, 3);
  const capture = await heard();
  await makeMove(page, 'e7e6');
  await waitForMoves(page, 4);
  await heard();
  await makeMove(page, 'f1b5');
  await waitForMoves(page, 5);
  const check = await heard();
  assert.notDeepEqual(capture, move);
  assert.notDeepEqual(check, move);
  assert.notDeepEqual(check, capture);
  await page.click('button[data-action="resign"]');
  await page.click('button[data-action="resign"]');
  await waitForStatus(page, /1-0/);
  const end = await heard();
  assert.ok(end.length > 0 && ![move, capture, check].some(other => JSON.stringify(other) === JSON.stringify(end)));

  // A 3-second game: once both sides have moved, White's clock runs low and warns once, then
  // White loses on time.
  const timed = await openPage(browser, `${server.url}/`, { init: observeAttention });
  await timed.click('.variant-card[data-variant="chess"]');
  await timed.selectOption('select[name="clock"]', 'custom');
  await timed.fill('input[name="minutes"]', '0.05');
  await timed.fill('input[name="increment"]', '0');
  await timed.click('button[data-action="local"]');
  await timed.waitForURL(/\/game\//);
  await makeMove(timed, 'e2e4');
  await waitForMoves(timed, 1);
  await makeMove(timed, 'e7e5');
  await waitForMoves(timed, 2);
  await timed.evaluate(() => window.tones.splice(0));
  await timed.locator('.player.bottom .clock.low').waitFor();
  await waitForStatus(timed, /0-1/);
  const tones = await timed.evaluate(() => window.tones);
  const warning = tones.slice(0, tones.length - end.length);
  assert.deepEqual(warning, [880, 880], 'one low-time warning before the end');
  for (const p of [page, timed]) assertNoErrors(p);
});
