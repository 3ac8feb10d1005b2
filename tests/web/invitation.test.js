// An invitation as a challenge page: who invites, to what (variant, clock, colour), a name field
// and Join; nothing is taken until Join. A clock under a minute reads in seconds everywhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage, screenshot, startServer } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(['--first-move-limit', '600']); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function api(method, route, body) {
  const response = await fetch(server.url + route, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

test('an invitation shows who invites to what, and joins only on Join, under the name typed', async () => {
  const created = await api('POST', '/api/games',
    { variant: 'capablanca', color: 'black', name: 'Ann', clock: { initial_s: 12, increment_s: 0 } });
  const page = await openPage(browser, server.url + created.invite);
  await page.locator('button[data-action="join"]').waitFor();
  assert.equal(await page.locator('.invitation h1').textContent(), 'Ann invites you to play');
  assert.equal(await page.locator('.invitation-variant').textContent(), 'Capablanca Chess');
  assert.equal(await page.locator('.invitation-clock').textContent(), '12 s + 0');
  assert.equal(await page.locator('.invitation-colour').textContent(), 'White');
  await page.locator('.invitation-board [data-piece]').first().waitFor();
  await screenshot(page, 'invitation');
  const code = created.invite.split('/').pop();
  assert.equal((await api('GET', `/api/join/${code}`)).color, 'white', 'looking took no seat');

  await page.fill('input[name="player-name"]', 'Zoe');
  await page.click('button[data-action="join"]');
  await page.waitForURL(`**/game/${created.id}`);
  await page.locator('.player.bottom .player-name:text("White (you)")').waitFor();
  assert.equal(await page.locator('.time-control').textContent(), '12 s + 0');
  assert.deepEqual((await api('GET', `/api/games/${created.id}`)).names, { white: 'Zoe', black: 'Ann' });

  // The home page's list of games in play says the clock the same way.
  const home = await openPage(browser, `${server.url}/`);
  await home.locator(`.games-playing li[data-game="${created.id}"]:has-text("12 s + 0")`).waitFor();
  for (const each of [page, home]) assertNoErrors(each);
});

test('a used invitation opens the game to watch, with nothing refused on the way', async () => {
  const created = await api('POST', '/api/games', { variant: 'chess', color: 'white', clock: { initial_s: 90, increment_s: 1 } });
  await api('POST', `/api/join/${created.invite.split('/').pop()}`, { name: 'Bob' });
  const stranger = await openPage(browser, server.url + created.invite);
  await stranger.waitForURL(`**/game/${created.id}`);
  await stranger.locator('#connection.online').waitFor();
  assert.match(await stranger.locator('.game-mode').textContent(), /Watching/);
  assert.equal(await stranger.locator('.time-control').textContent(), '90 s + 1');
  assertNoErrors(stranger);
});

test('an unknown invitation says so', async () => {
  const page = await openPage(browser, `${server.url}/join/AAAAAAAAAAAAAAAAAAAAAA`);
  await page.locator('.cannot-join:has-text("There is no game with this invitation.")').waitFor();
  assertNoErrors(page, [/status of 404/]);
});
