// Promotion in Grand Chess: optional on the 8th rank, and only to a kind the side has lost.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('Grand: a pawn reaching the 8th rank is offered to stay a pawn or become the lost knight', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="grand"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  // White's knight is lost on h8, then the e-pawn walks up and takes on c8.
  const moves = ['i2h4', 'a8a7', 'h4g6', 'a7a6', 'g6h8', 'g9h8', 'e3e5', 'd8d6', 'e5d6', 'a6a5', 'd6d7', 'a5a4'];
  for (const [index, move] of moves.entries()) {
    await makeMove(page, move, { drag: index % 3 === 0 });
    await waitForMoves(page, index + 1);
  }
  await makeMove(page, 'd7c8');
  const chooser = page.locator('.chooser');
  await chooser.waitFor();
  const offered = await chooser.locator('button').evaluateAll(buttons => buttons.map(b => b.dataset.move).sort());
  assert.deepEqual(offered, ['d7c8', 'd7c8n']);
  await screenshot(page, 'grand-10x10-promotion');
  await chooser.locator('button[data-move="d7c8n"]').click();
  await waitForMoves(page, 13);
  await page.locator('.piece[data-square="c8"][data-piece="N"]').waitFor();
  assert.match(await page.locator('.move-list button[data-ply="12"]').textContent(), /N/);
  await screenshot(page, 'grand-10x10');
  assertNoErrors(page);
});
