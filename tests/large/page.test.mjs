// The page on a 16x16 board, served by the large-boards build (docs/variants.md, "Large boards"): drawn with all
// 256 squares and both armies, a nightrider's move made by clicking (to b15, a square of the set's
// second half) and its reply shown, in headless Chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves } from '../web/helpers.js';

const LARGE_FILE = fileURLToPath(new URL('../rules/variants/large.toml', import.meta.url));

let server, browser;
before(async () => { server = await startServer(['--variants', LARGE_FILE]); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('16x16: the board is drawn whole, and moves are made on both halves of it', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess16"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.board-host .piece').first().waitFor();
  assert.equal(await page.locator('.board-host .piece').count(), 64, 'both armies of 32');
  for (const [square, letter] of [['a1', 'R'], ['i1', 'Y'], ['p16', 'r'], ['i16', 'y'], ['h15', 'p']])
    assert.equal(await page.locator(`.board-host .piece[data-square="${square}"]`).getAttribute('data-piece'), letter, square);
  await makeMove(page, 'i1b15');
  await waitForMoves(page, 1);
  assert.equal(await page.locator('.board-host .piece[data-square="b15"]').getAttribute('data-piece'), 'Y');
  await makeMove(page, 'c16b15');
  await waitForMoves(page, 2);
  assert.equal(await page.locator('.board-host .piece[data-square="b15"]').getAttribute('data-piece'), 'b');
  assert.equal(await page.locator('.board-host .piece').count(), 62);
  await screenshot(page, 'large-board');
  assertNoErrors(page);
});
