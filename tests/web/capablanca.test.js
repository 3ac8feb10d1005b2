// Two players in two browser contexts play Capablanca chess by the invite link to checkmate,
// with clicks and with drags; a third context watches live and then replays the game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptInvite, assertNoErrors, readInvite, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves, waitForStatus,
} from './helpers.js';

// A helpmate: the black archbishop reaches e3, where its knight leap checks f1 and nothing can
// take it or block; every square around the white king is its own.
const MOVES = ['d2d3', 'c8b6', 'f2f3', 'a7a6', 'c1b3', 'a6a5', 'i1h3', 'j7j6', 'h3f2', 'b6e3'];

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('Capablanca by invite link: played to checkmate, watched live, replayed', async () => {
  const white = await openPage(browser, `${server.url}/`);
  await white.click('.variant-card[data-variant="capablanca"]');
  await white.click('.segmented label:has(input[value="white"])');
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const invite = await readInvite(white);
  assert.match(invite, /\/join\//);
  const gameUrl = white.url();

  const black = await acceptInvite(browser, invite);
  await black.waitForURL(/\/game\//);
  assert.equal(black.url(), gameUrl);
  const watcher = await openPage(browser, gameUrl);
  await white.locator('.invite').waitFor({ state: 'hidden' });
  for (const page of [black, watcher]) await page.locator('#connection.online').waitFor();  // each has its state
  assert.match(await black.locator('.player.bottom .player-name').textContent(), /Black \(you\)/);
  assert.equal(await watcher.locator('.controls.actions').isHidden(), true);

  for (const [index, move] of MOVES.entries()) {
    const page = index % 2 === 0 ? white : black;
    await makeMove(page, move, { drag: index % 4 >= 2 });
    await waitForMoves(watcher, index + 1);
    await waitForMoves(index % 2 === 0 ? black : white, index + 1);
  }
  for (const page of [white, black, watcher]) await waitForStatus(page, /0-1/);
  assert.match(await watcher.locator('.status').textContent(), /Black wins by checkmate/);
  assert.equal(await watcher.locator('.piece[data-square="e3"]').getAttribute('data-piece'), 'a');
  assert.equal(await watcher.locator('.mark.check').count(), 1, 'the mated king is highlighted');
  await screenshot(black, 'capablanca-10x8');

  // Replay on the watcher's page: keys and buttons.
  await watcher.locator('body').click({ position: { x: 5, y: 5 } });
  await watcher.keyboard.press('Home');
  await watcher.locator('.piece[data-square="c8"][data-piece="a"]').waitFor();
  assert.equal(await watcher.locator('.piece[data-square="e3"]').count(), 0);
  await watcher.keyboard.press('ArrowRight');
  await watcher.keyboard.press('ArrowRight');
  await watcher.locator('.piece[data-square="b6"][data-piece="a"]').waitFor();
  assert.equal(await watcher.locator('.move-list button.current').textContent(), 'Ab6');
  await watcher.click('button[data-action="previous"]');
  await watcher.locator('.piece[data-square="c8"][data-piece="a"]').waitFor();
  await watcher.click('button[data-action="last"]');
  await watcher.locator('.piece[data-square="e3"][data-piece="a"]').waitFor();

  // A fresh visit replays the finished game too, and offers its PGN.
  const later = await openPage(browser, gameUrl);
  await waitForStatus(later, /0-1/);
  await later.click('.move-list button[data-ply="0"]');
  await later.locator('.piece[data-square="d3"][data-piece="P"]').waitFor();
  const pgnHref = await later.locator('a[data-action="pgn"]').getAttribute('href');
  const pgn = await (await fetch(server.url + pgnHref)).text();
  assert.match(pgn, /Capablanca/i);
  assert.match(pgn, /0-1/);

  for (const page of [white, black, watcher, later]) assertNoErrors(page);
});
