// Strangers meet on the home page: one opens a game to anyone, another takes it from the lobby;
// they play, chat and rematch, and a third finds their game in the live list and watches. Names
// with HTML in them are shown as text.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { assertNoErrors, launchBrowser, makeMove, openPage, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function named(page, name) {
  await page.fill('input[name="player-name"]', name);
}

test('two strangers meet in the lobby, play, chat and rematch; a third watches from the live list', async () => {
  const alice = await openPage(browser, `${server.url}/`);
  const bob = await openPage(browser, `${server.url}/`);
  await named(alice, '<b>Alice</b>');
  await named(bob, 'Bob');
  await alice.click('.variant-card[data-variant="chess"]');
  await alice.click('.segmented label:has(input[value="white"])');
  await alice.selectOption('select[name="clock"]', '300+3');
  await alice.click('button[data-action="seek"]');

  // Bob sees the open game with Alice's name as text, and takes it.
  const seekRow = bob.locator('.seek-list li.seek', { hasText: '<b>Alice</b>' });
  await seekRow.waitFor();
  assert.equal(await bob.locator('.seek-list b').count(), 0, 'the name is text, not markup');
  await seekRow.locator('button', { hasText: 'Join' }).click();
  await Promise.all([alice.waitForURL(/\/game\//), bob.waitForURL(/\/game\//)]);
  assert.equal(new URL(alice.url()).pathname, new URL(bob.url()).pathname);
  const gamePath = new URL(alice.url()).pathname;

  await alice.locator('.player.bottom .player-display-name', { hasText: '<b>Alice</b>' }).waitFor();
  await alice.locator('.player.top .player-display-name', { hasText: 'Bob' }).waitFor();
  assert.equal(await alice.locator('.player b').count(), 0);

  await makeMove(alice, 'e2e4');
  await waitForMoves(bob, 1);
  await makeMove(bob, 'e7e5');
  await waitForMoves(alice, 2);

  // A third person finds the game among those in play and watches it.
  const carol = await openPage(browser, `${server.url}/`);
  const liveRow = carol.locator('.games-playing li a', { hasText: 'Bob' });
  await liveRow.waitFor();
  await liveRow.click();
  await carol.waitForURL(new RegExp(gamePath));
  await carol.locator('.watching:not([hidden])', { hasText: 'you are watching' }).waitFor();
  await waitForMoves(carol, 2);
  await alice.locator('.spectator-count', { hasText: '1 watching' }).waitFor();

  // Chat: the players hear each other; the spectator does not hear them, and speaks among spectators.
  await alice.fill('.chat-form input', 'good luck');
  await alice.click('.chat-form button');
  await bob.locator('.chat-line.players', { hasText: 'good luck' }).waitFor();
  await carol.fill('.chat-form input', 'nice game');
  await carol.click('.chat-form button');
  await carol.locator('.chat-line.spectators', { hasText: 'nice game' }).waitFor();
  assert.equal(await carol.locator('.chat-line.players').count(), 0);
  assert.equal(await alice.locator('.chat-line.spectators').count(), 0);

  // Bob hides the chat for himself.
  await bob.click('.chat-toggle');
  assert.equal(await bob.locator('.chat-lines').isHidden(), true);
  await bob.click('.chat-toggle');

  // The end, and a rematch: offered, accepted; all three move to the new game, colours swapped.
  await bob.click('button[data-action="resign"]');
  await bob.click('button[data-action="resign"]');
  for (const page of [alice, bob, carol]) await waitForStatus(page, /1-0/);
  await carol.locator('.chat-line.players', { hasText: 'good luck' }).waitFor();  // the replay shows both chats
  await alice.locator('.rematch button', { hasText: 'Rematch' }).click();
  await bob.locator('.rematch button', { hasText: 'Accept rematch' }).click();
  await Promise.all([alice, bob, carol].map(page => page.waitForURL(url => url.pathname.startsWith('/game/') && url.pathname !== gamePath)));
  await alice.locator('.player.bottom .player-name', { hasText: 'Black (you)' }).waitFor();
  await bob.locator('.player.bottom .player-name', { hasText: 'White (you)' }).waitFor();
  await makeMove(bob, 'd2d4');
  await waitForMoves(alice, 1);
  await waitForMoves(carol, 1);
  for (const page of [alice, bob, carol]) assertNoErrors(page);
});

test('the game link is the invitation: the first visitor joins, the next one watches', async () => {
  const host = await openPage(browser, `${server.url}/`);
  await host.click('.variant-card[data-variant="chess"]');
  await host.click('button[data-action="create"]');
  await host.waitForURL(/\/game\//);
  const link = host.url();
  const guest = await openPage(browser, link);
  await guest.locator('.join-offer button').click();
  await guest.locator('.player.bottom .player-name', { hasText: '(you)' }).waitFor();
  await waitForStatus(host, /move/);
  const late = await openPage(browser, link);
  await late.locator('.watching:not([hidden])').waitFor();
  assert.equal(await late.locator('.join-offer').isHidden(), true);

  // Both seats are listed under "My games" in the browsers that hold them.
  const home = await host.context().newPage();
  await home.goto(`${server.url}/`);
  await home.locator('.my-games li a').first().waitFor();
  for (const page of [host, guest, late]) assertNoErrors(page);
});

test('the lobby shows the newest 50 open games and says how many more there are', async () => {
  // 54 seeks from 18 sockets (three each), opened before the page looks.
  const sockets = await Promise.all(Array.from({ length: 18 }, () => new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws/lobby`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  })));
  await Promise.all(sockets.map(socket => new Promise(resolve => {
    let seeking = 0;
    socket.on('message', data => { if (JSON.parse(String(data)).t === 'seeking' && ++seeking === 3) resolve(); });
    for (let i = 0; i < 3; i++) socket.send(JSON.stringify({ t: 'seek', variant: 'chess', name: 'Crowd' }));
  })));
  const page = await openPage(browser, `${server.url}/`);
  await page.locator('.seek-more', { hasText: 'and 4 more open games' }).waitFor();
  assert.equal(await page.locator('.seek-list li.seek').count(), 50);
  for (const socket of sockets) socket.close();
  assertNoErrors(page);
});
