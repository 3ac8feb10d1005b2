// Centennial Chess: a turn of two moves, the first a spearman turning in place.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoErrors, clickSquare, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves, waitForStatus,
} from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('Centennial: a two-move turn with a spearman turn in place and its facing chooser', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="centennial"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);

  await page.locator('.board-host .square.movable[data-square="b2"]').waitFor();
  await clickSquare(page, 'b2');
  await clickSquare(page, 'b2');
  const chooser = page.locator('.chooser');
  await chooser.waitFor();
  const offered = await chooser.locator('button').evaluateAll(buttons => buttons.map(b => b.dataset.move).sort());
  assert.deepEqual(offered, ['b2b2d', 'b2b2l']);
  await chooser.locator('button[data-move="b2b2l"]').click();
  await waitForMoves(page, 1);
  await page.locator('.piece[data-square="b2"][data-piece="L"]').waitFor();
  await page.locator('.turn-phase').waitFor();
  await waitForStatus(page, /White to move/);

  await makeMove(page, 'c3c4', { drag: true });
  await waitForMoves(page, 2);
  await waitForStatus(page, /Black to move/);
  assert.equal(await page.locator('.move-list tr').count(), 1, 'both moves of the turn share one row');
  assert.equal(await page.locator('.move-list tr td:nth-child(2) button').count(), 2);
  await screenshot(page, 'centennial-10x10');
  assertNoErrors(page);
});
