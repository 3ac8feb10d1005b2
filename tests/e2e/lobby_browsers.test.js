// Who is "the same person" in the lobby (issue 32): the same browser (the random id its page
// keeps and sends as /ws/lobby?browser=), never the same address. Homes, clubs, schools and
// mobile carriers put many people behind one address: two browsers there play each other, while
// two tabs of one browser may not take each other's seek, wherever they connect from. The
// per-address limits are on, as a public server runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Server } from './helpers.js';
import { openLobby } from './lobby_client.js';

let server;
before(async () => { server = await Server.start(['--address-limits', 'on']); });
after(async () => { await server.stop(); });

const newBrowser = () => crypto.randomBytes(16).toString('base64url');

async function seek(creator) {
  creator.send({ t: 'seek', variant: 'chess', color: 'white', name: 'Creator' });
  return creator.event('seeking');
}

test('two browsers behind one address: one takes the other\'s seek, and both sit in the same game', async () => {
  const home = '127.0.0.21';
  const alice = await openLobby(server, { localAddress: home, browser: newBrowser() });
  const bob = await openLobby(server, { localAddress: home, browser: newBrowser() });
  const mine = await seek(alice);
  await bob.shows(mine.seek.id);
  bob.send({ t: 'accept', id: mine.seek.id, name: 'Bob' });
  const answer = await bob.next(m => m.t === 'matched' || m.t === 'error', 'an answer');
  assert.equal(answer.t, 'matched', JSON.stringify(answer));
  const forAlice = await alice.event('matched');
  assert.equal(forAlice.game, answer.game);
  const black = await server.connect(answer.game, answer.token);
  const white = await server.connect(forAlice.game, mine.token);
  assert.deepEqual([white.state.you, black.state.you], ['white', 'black']);
});

test('two tabs of one browser, even on two addresses, are one person: neither takes the other\'s seek', async () => {
  const browser = newBrowser();
  const first = await openLobby(server, { localAddress: '127.0.0.22', browser });
  const second = await openLobby(server, { localAddress: '127.0.0.23', browser });
  const mine = await seek(first);
  await second.shows(mine.seek.id);
  second.send({ t: 'accept', id: mine.seek.id });
  const refused = await second.next(m => m.t === 'matched' || m.t === 'error', 'an answer');
  assert.deepEqual([refused.t, refused.code], ['error', 'own_seek'], JSON.stringify(refused));
  // Another browser behind the first tab's address takes it.
  const neighbour = await openLobby(server, { localAddress: '127.0.0.22', browser: newBrowser() });
  neighbour.send({ t: 'accept', id: mine.seek.id });
  assert.equal((await neighbour.event('matched')).color, 'black');
});

test('a browser id that is not 22 to 64 base64url characters is refused before the upgrade', async () => {
  for (const browser of ['short', 'x'.repeat(65), 'has spaces in it, twenty-two+', 'a/b'.repeat(8)]) {
    const refused = await openLobby(server, { browser }).then(() => null, error => error);
    assert.equal(refused?.status, 400, browser);
  }
});
