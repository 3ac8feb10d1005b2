// The home page's lists in words: "My games" names the variant by its title and no opponent who
// has not joined; the finished list counts a game's moves as its move list numbers them (a
// Centennial turn of two moves is one move).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// A game made from the home page (`action`: create or local): its page and its id.
async function newGame(variant, action) {
  const page = await openPage(browser, `${server.url}/`);
  await page.click(`.variant-card[data-variant="${variant}"]`);
  await page.click(`button[data-action="${action}"]`);
  await page.waitForURL(/\/game\//);
  return { page, id: new URL(page.url()).pathname.split('/').pop() };
}

test('My games: a game waiting for its opponent shows the variant\'s title and only its creator', async () => {
  const { page, id } = await newGame('grand', 'create');
  await page.goto(`${server.url}/`);
  const row = page.locator(`.my-games li[data-game="${id}"] a`);
  await row.waitFor();
  const parts = await row.locator('span').allTextContents();
  const title = server.variants.find(v => v.name === 'grand').title;
  // The creator's colour is drawn at random: one seat is named, the other free.
  const { names } = await (await fetch(`${server.url}/api/games/${id}`)).json();
  const seated = [names.white, names.black].filter(name => name !== null);
  assert.equal(seated.length, 1, `one seat taken: ${JSON.stringify(names)}`);
  assert.deepEqual(parts, [seated[0], title, 'waiting for an opponent'], 'the creator alone, no name for the free seat');
  assertNoErrors(page);
});

test('Finished games: a Centennial game counts its turns, as its move list does', async () => {
  const { page, id } = await newGame('centennial', 'local');
  // Two-move turns to a mate by White's camel, the first move of White's fourth turn.
  const moves = ['b1a4', 'h2g4', 'c10d9', 'h9g7', 'a4d5', 'j3j4', 'j8j7', 'i8i7', 'd5a6', 'c3c4', 'h8h7', 'a8a7', 'a6b9'];
  for (const [ply, move] of moves.entries()) {
    await makeMove(page, move);
    await waitForMoves(page, ply + 1);
  }
  await waitForStatus(page, /checkmate/i);
  const rows = await page.locator('.move-list tr').count();
  assert.equal(rows, 4);

  await page.goto(`${server.url}/`);
  const row = page.locator(`.games-finished li[data-game="${id}"] a`);
  await row.waitFor();
  assert.ok((await row.locator('span').allTextContents()).includes(`${rows} moves`));
  assertNoErrors(page);
});
