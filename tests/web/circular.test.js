// Circular chess: the ring board, its square names, and a move on it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('circular: moves on the ring board, by click and by drag', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="circular"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.piece[data-square="a1"]').waitFor();  // the board comes with the socket's state
  assert.equal(await page.locator('.board-host .board-ring .square').count(), 64);
  assert.equal(await page.locator('.piece[data-square="a1"]').getAttribute('data-piece'), 'K');

  await makeMove(page, 'a2a4');
  await waitForMoves(page, 1);
  await page.locator('.piece[data-square="a4"][data-piece="P"]').waitFor();
  await makeMove(page, 'd10d11', { drag: true });
  await waitForMoves(page, 2);
  await page.locator('.piece[data-square="d11"][data-piece="p"]').waitFor();
  assert.equal(await page.locator('.piece[data-square="d10"]').count(), 0);
  await screenshot(page, 'circular-ring');
  assertNoErrors(page);
});

test('byzantine: the ring with shatranj men', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="byzantine"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  assert.equal(await page.locator('.piece[data-square="a16"]').getAttribute('data-piece'), 'F');
  await makeMove(page, 'a2a3');
  await waitForMoves(page, 1);
  await screenshot(page, 'byzantine-ring');
  assertNoErrors(page);
});
