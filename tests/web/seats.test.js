// Seats survive reloads; a claimed invitation gives no second seat; a dropped connection shows
// and the game goes on when the server is back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptInvite, assertNoErrors, createAsWhite, launchBrowser, makeMove, openPage, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function startChessGame({ clock = '300+3' } = {}) {
  const { white, invite } = await createAsWhite(browser, server, { clock });
  const black = await acceptInvite(browser, invite);
  return { white, black, invite };
}

test('a reload in the middle of a game keeps the seat, and a used invitation gives no seat', async () => {
  const { white, black, invite } = await startChessGame();
  await makeMove(white, 'e2e4');
  await waitForMoves(black, 1);
  await makeMove(black, 'e7e5', { drag: true });
  await waitForMoves(white, 2);
  await white.locator('.clock.running').waitFor();

  await black.reload();
  await waitForMoves(black, 2);
  assert.match(await black.locator('.player.bottom .player-name').textContent(), /Black \(you\)/);
  await white.reload();
  await waitForMoves(white, 2);
  await makeMove(white, 'g1f3');
  await waitForMoves(black, 3);
  await makeMove(black, 'b8c6');
  await waitForMoves(white, 4);

  const stranger = await openPage(browser, invite);
  await stranger.locator('#connection.online').waitFor();  // the game, shown to a spectator
  assert.equal(await stranger.locator('text=(you)').count(), 0, 'no seat for a used invitation');
  for (const page of [white, black]) assertNoErrors(page);
  assertNoErrors(stranger);  // the invitation said it was used: no join was tried
  // Seat tokens travel in the Authorization header; only the WebSocket URL, which cannot carry
  // headers, has one in its query.
  for (const page of [white, black]) {
    const withToken = page.requestedUrls.filter(url => /[?&]token=/.test(url));
    assert.ok(withToken.length > 0, 'the WebSocket URL carries the seat');
    for (const url of withToken) assert.match(new URL(url).pathname, /^\/ws\//, url);
  }
});

test('a join whose answer is lost is sent again with the same secret and gets the seat', async () => {
  const { white, invite } = await createAsWhite(browser, server);

  const context = await browser.newContext();
  const secrets = [];
  await context.route('**/api/join/*', async route => {
    if (route.request().method() !== 'POST') return route.continue();  // the look at the invitation
    secrets.push(JSON.parse(route.request().postData()).token);
    if (secrets.length > 1) return route.continue();
    await route.fetch();  // the server takes the seat; its answer never reaches the page
    return route.abort('failed');
  });
  const black = await context.newPage();
  const errors = [];
  black.on('pageerror', error => errors.push(error.message));
  await black.goto(invite);
  await black.click('button[data-action="join"]');
  await black.waitForURL(/\/game\//);
  assert.equal(secrets.length, 2, 'sent again once');
  assert.match(secrets[0], /^[A-Za-z0-9_-]{22}$/, '128 random bits, base64url');
  assert.equal(secrets[1], secrets[0]);
  await black.locator('#connection.online').waitFor();
  assert.match(await black.locator('.player.bottom .player-name').textContent(), /Black \(you\)/);
  await makeMove(white, 'e2e4');
  await waitForMoves(black, 1);
  await makeMove(black, 'e7e5');
  await waitForMoves(white, 2);
  assert.deepEqual(errors, []);
  assertNoErrors(white);
  await context.close();
});

test('the connection-lost state shows while the server is down, and play resumes after', async () => {
  // Untimed: on a slow machine the outage may outlast the 30 s a timed game gives Black's first move.
  const { white, black } = await startChessGame({ clock: 'untimed' });
  await makeMove(white, 'd2d4');
  await waitForMoves(black, 1);
  await server.kill();
  await white.locator('#connection.offline').waitFor();
  await black.locator('#connection.offline').waitFor();
  await server.restart();
  await white.locator('#connection.online').waitFor();
  await black.locator('#connection.online').waitFor();
  await makeMove(black, 'd7d5');
  await waitForMoves(white, 2);
  assert.equal(await white.locator('.piece[data-square="d5"]').getAttribute('data-piece'), 'p');
});

test('the board stays put when the opponent comes: the invitation lies over it', async () => {
  const { white, invite } = await createAsWhite(browser, server);
  const board = () => white.locator('.board-host').boundingBox();
  const waiting = await board();
  const black = await acceptInvite(browser, invite);
  await white.locator('.invite').waitFor({ state: 'hidden' });
  assert.deepEqual(await board(), waiting);
  for (const page of [white, black]) assertNoErrors(page);
});

test('resign ends the game for both players', async () => {
  const { white, black } = await startChessGame();
  await makeMove(white, 'e2e4');
  await waitForMoves(black, 1);
  await black.click('button[data-action="resign"]');
  await black.click('button[data-action="resign"]');
  for (const page of [white, black]) await waitForStatus(page, /1-0/);
  assert.match(await black.locator('.status').textContent(), /resignation/);
  for (const page of [white, black]) assertNoErrors(page);
});
