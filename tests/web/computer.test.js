// "Play the computer" from the home page: the game starts at once, with no invitation, the
// computer named on its side of the board, and its replies coming by themselves.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { [server, browser] = await Promise.all([startServer(), launchBrowser()]); });
after(async () => { await browser?.close(); await server?.stop(); });

async function playComputer({ level, color, clock = 'untimed' }) {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="open-computer"]');
  const form = page.locator('.computer-panel');
  await form.locator('select[name="level"]').selectOption(String(level));
  await form.locator(`.segmented label:has(input[value="${color}"])`).click();
  await form.locator('select[name="clock"]').selectOption(clock);
  await form.locator('button[data-action="play-computer"]').click();
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  return page;
}

test('playing White against level 1: no invitation, the computer named, and it answers each move', async () => {
  const page = await playComputer({ level: 1, color: 'white', clock: '300+3' });
  assert.ok(await page.locator('.invite').isHidden(), 'nobody to invite');
  assert.equal(await page.locator('.player.top .player-name').textContent(), 'Computer, level 1');
  assert.equal(await page.locator('.player.bottom .player-name').textContent(), 'White (you)');
  assert.ok(await page.locator('.player.top .presence').isHidden(), 'no presence, and so no claim, against the computer');
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 2);
  await makeMove(page, 'd2d4');
  await waitForMoves(page, 4);
  assertNoErrors(page);
});

test('playing Black: the computer moves first', async () => {
  const page = await playComputer({ level: 3, color: 'black' });
  assert.equal(await page.locator('.player.top .player-name').textContent(), 'Computer, level 3');
  await waitForMoves(page, 1);
  assert.match(await page.locator('.status').textContent(), /Your move/);
  assertNoErrors(page);
});
