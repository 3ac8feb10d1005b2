// Kriegspiel: each player sees only their own men (not even hidden in the DOM), the umpire's
// announcements, refused tries, "Are there any?"; after the end the whole game replays.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertNoErrors, readInvite, clickSquare, launchBrowser, makeMove, openPage, screenshot, skipUnless, startServer, waitForMoves, waitForStatus,
} from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// Nothing of Black in White's page: no black man on the board, no drawing of one anywhere.
async function assertOnlyWhiteMen(page) {
  await page.locator('[data-piece]').first().waitFor();  // the board arrives with the socket's state
  const found = await page.evaluate(() => ({
    letters: [...document.querySelectorAll('[data-piece]')].map(e => e.dataset.piece),
    blackDrawings: document.querySelectorAll('symbol[id$="-black"]').length,
  }));
  assert.ok(found.letters.length > 0);
  assert.deepEqual(found.letters.filter(letter => letter !== letter.toUpperCase()), [], 'a black man is in the page');
  assert.equal(found.blackDrawings, 0, 'a black piece drawing is in the page');
}

const logText = page => page.locator('.announcements').textContent();

// Until the server sends a Kriegspiel player their own board, there is nothing to show.
async function ownBoardServed(url) {
  const created = await (await fetch(`${url}/api/games`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'kriegspiel', color: 'white' }),
  })).json();
  const game = await (await fetch(`${url}/api/games/${created.id}?token=${created.token}`)).json();
  return typeof game.fen === 'string';
}

test('Kriegspiel: own men only, announcements, a refused try, "Are there any?", replay after the end', async t => {
  const skip = skipUnless(server, 'kriegspiel');
  if (skip) return t.skip(skip);
  if (!await ownBoardServed(server.url)) {
    const reason = 'the server does not send a Kriegspiel player their own board yet (fen is null)';
    console.log(`# skipping: ${reason}`);
    return t.skip(reason);
  }
  const white = await openPage(browser, `${server.url}/`);
  await white.click('.variant-card[data-variant="kriegspiel"]');
  await white.click('.segmented label:has(input[value="white"])');
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const gameUrl = white.url();
  await assertOnlyWhiteMen(white);
  const black = await openPage(browser, await readInvite(white));
  await black.waitForURL(/\/game\//);
  const spectator = await openPage(browser, gameUrl);

  await makeMove(white, 'e2e4');
  await black.waitForFunction(() => /White has moved/.test(document.querySelector('.announcements').textContent));
  await assertOnlyWhiteMen(white);
  assert.equal(await spectator.locator('[data-piece]').count(), 0, 'a spectator sees no men during the game');
  await makeMove(black, 'e7e5');
  await white.waitForFunction(() => /Black has moved/.test(document.querySelector('.announcements').textContent));
  await assertOnlyWhiteMen(white);

  // e4xd5 is a real try on White's board (a man may hide there), refused on the real one.
  await makeMove(white, 'e4d5');
  await white.locator('[data-refused="e4d5"]').waitFor();
  assert.match(await logText(black), /White tries: No/);
  await clickSquare(white, 'e4');
  assert.equal(await white.locator('.dest[data-dest="d5"]').count(), 0, 'a refused try is not offered again');
  await white.keyboard.press('Escape');

  await white.click('button[data-action="any"]');
  await white.waitForFunction(() => /Are there any\?/.test(document.querySelector('.announcements').textContent));
  assert.equal(await white.locator('button[data-action="any"]').isDisabled(), true);
  assert.match(await logText(spectator), /Are there any\?/);
  await makeMove(white, 'd2d4');
  await black.waitForFunction(() => (document.querySelector('.announcements').textContent.match(/White has moved/g) ?? []).length === 2);
  await makeMove(black, 'e5d4');
  await white.waitForFunction(() => /Capture on d4/.test(document.querySelector('.announcements').textContent));
  await white.locator('.piece[data-square="d4"]').waitFor({ state: 'detached' });
  await assertOnlyWhiteMen(white);
  await screenshot(white, 'kriegspiel-8x8-white');

  await white.click('button[data-action="resign"]');
  await white.click('button[data-action="resign"]');
  for (const page of [white, black, spectator]) await waitForStatus(page, /0-1/);
  await white.locator('.piece[data-piece="p"]').first().waitFor();
  await waitForMoves(white, 4);
  await white.locator('body').click({ position: { x: 5, y: 5 } });
  await white.keyboard.press('Home');
  assert.equal(await white.locator('[data-piece]').count(), 32);
  await screenshot(white, 'kriegspiel-8x8-replay');
  for (const page of [white, black, spectator]) assertNoErrors(page);
});
