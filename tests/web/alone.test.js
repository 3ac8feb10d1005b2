// A player with nobody across the board (both seats on one device, or the computer): no chat
// nobody can answer, no takeback asked of the same person, the computer named once (issue 18).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { [server, browser] = await Promise.all([startServer(), launchBrowser()]); });
after(async () => { await browser?.close(); await server?.stop(); });

async function localGame() {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  return page;
}

test('one device: no players\' chat, and a takeback is made at once', async () => {
  const page = await localGame();
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 1);
  await makeMove(page, 'e7e5');
  await waitForMoves(page, 2);
  assert.ok(await page.locator('.chat').isHidden(), 'nobody to chat with');
  assert.ok(await page.locator('.chat-form').isHidden());
  await page.click('button[data-action="takeback"]:enabled');
  // The last move is gone, and nobody was asked to accept it.
  await page.waitForFunction(() => document.querySelectorAll('.move-list [data-ply]').length === 1);
  assert.ok(await page.locator('.offers').isHidden(), 'no request to answer');
  await page.locator('.piece[data-square="e7"][data-piece="p"]').waitFor();
  assertNoErrors(page);
});

test('against the computer: named once on its bar, and no players\' chat', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="open-computer"]');
  const form = page.locator('.computer-panel');
  await form.locator('select[name="level"]').selectOption('1');
  await form.locator('.segmented label:has(input[value="white"])').click();
  await form.locator('button[data-action="play-computer"]').click();
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  // One name, the server's, as the lists and the PGN say it.
  await page.locator('.player.top .player-name', { hasText: 'Arbiter level 1' }).waitFor();
  const bar = (await page.locator('.player.top').innerText()).replace(/\s+/g, ' ');
  assert.equal(bar.match(/Arbiter level 1/g).length, 1, `the bar reads "${bar}"`);
  assert.doesNotMatch(bar, /Computer/, `the bar reads "${bar}"`);
  assert.ok(await page.locator('.chat').isHidden(), 'the computer does not chat');
  assertNoErrors(page);
});
