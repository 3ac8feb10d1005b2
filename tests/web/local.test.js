// "Play on this device": both seats in one page, one move after the other.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('a local chess game on one page, to checkmate', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  const moves = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'];
  for (const [index, move] of moves.entries()) {
    await makeMove(page, move, { drag: index % 2 === 1 });
    await waitForMoves(page, index + 1);
  }
  await waitForStatus(page, /1-0/);
  assert.match(await page.locator('.status').textContent(), /White wins by checkmate/);
  assert.equal(await page.locator('.move-list button[data-ply="6"]').textContent(), 'Qxf7#');
  await screenshot(page, 'chess-8x8');
  assertNoErrors(page);
});

test('the home page works on a phone-sized screen', async () => {
  const page = await openPage(browser, `${server.url}/`, { viewport: { width: 390, height: 844 } });
  await page.locator('.variant-card').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await screenshot(page, 'home-phone');
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 1);
  const gameOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(gameOverflow <= 0, `the game page is ${gameOverflow}px wider than the screen`);
  await screenshot(page, 'game-phone');
  assertNoErrors(page);
});

test('a move made with the keyboard alone', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.board-host .square.movable[data-square="e2"]').waitFor();
  await page.focus('.board-host .board-svg');
  const label = () => page.locator('.board-host .board-svg').getAttribute('aria-label');
  // The cursor starts on the first man that can move, b1.
  assert.match(await label(), /cursor on b1/);
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'Enter', 'ArrowUp', 'ArrowUp', 'Enter']) {
    await page.keyboard.press(key);
  }
  await waitForMoves(page, 1);
  await page.locator('.piece[data-square="e4"][data-piece="P"]').waitFor();
  assertNoErrors(page);
});
