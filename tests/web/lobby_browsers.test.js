// Two people behind one address (a home, a school, a carrier) meet in the lobby: the page keeps a
// random id for its browser and the server takes "own" to mean that browser, not the address.
// Two tabs of one browser stay one person. The per-address limits are on, as a public server
// runs them; every page here connects from 127.0.0.1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage, startServer } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(['--address-limits', 'on']); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function openSeek(page, name) {
  await page.fill('input[name="player-name"]', name);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="seek"]');
}

test('two browsers on one address play each other from the lobby; a second tab of one browser cannot take its own game', async () => {
  const alice = await openPage(browser, `${server.url}/`);
  await openSeek(alice, 'Alice');

  // Alice's second tab: the same browser, so her own game, though this tab did not open it.
  const aliceAgain = await alice.context().newPage();
  await aliceAgain.goto(`${server.url}/`);
  const ownRow = aliceAgain.locator('.seek-list li.seek', { hasText: 'Alice' });
  await ownRow.locator('button', { hasText: 'Join' }).click();
  await aliceAgain.locator('.lobby .form-error', { hasText: 'your own open game' }).waitFor();

  const bob = await openPage(browser, `${server.url}/`);  // another browser, the same address
  const row = bob.locator('.seek-list li.seek', { hasText: 'Alice' });
  await row.locator('button', { hasText: 'Join' }).click();
  await Promise.all([alice.waitForURL(/\/game\//), bob.waitForURL(/\/game\//)]);
  assert.equal(new URL(alice.url()).pathname, new URL(bob.url()).pathname);
  await bob.locator('.player.top .player-display-name', { hasText: 'Alice' }).waitFor();
  assertNoErrors(alice);
  assertNoErrors(bob);
});
