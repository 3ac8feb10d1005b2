// The lobby under a burst and against one browser playing itself: 600 sockets seeking at once
// (the server stays up, every socket ends with the list a newcomer gets), changes coalesced into
// few messages, the window of newest seeks with the count of the rest, an accept refused from
// the seek's own browser and charged to the taker's creation budget, and `matched` only once
// the game is playing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from './helpers.js';
import { openLobby, freshAddress } from './lobby_client.js';

const SHOWN = 50;  // LobbySettings::shown_seeks

let loose;   // address limits off (the tests' default): many sockets of one machine, as a load test
let strict;  // the defaults, with a small creation budget: 2 a minute, 4 at once
before(async () => {
  loose = await Server.start();
  strict = await Server.start(['--address-limits', 'on', '--creates-per-minute', '2']);
});
after(async () => {
  await loose?.stop();
  await strict?.stop();
});

const seekOf = async (creator, options = {}) => {
  creator.send({ t: 'seek', variant: 'chess', color: 'white', ...options });
  return creator.event('seeking');
};
const totalShown = lobby => lobby.seeks.size + lobby.more;

async function alive(server) {
  const response = await server.api('GET', '/api/variants');
  assert.equal(response.status, 200, 'the server answers');
}

test('600 lobby sockets each opening one seek at once: the server stays up and every socket ends with a newcomer\'s list', { timeout: 120000 }, async () => {
  const sockets = 600;
  const watchers = await Promise.all(Array.from({ length: sockets }, () => openLobby(loose, { localAddress: '127.0.0.1' })));
  const before = totalShown(watchers[0]);
  const seeking = watchers.map(w => seekOf(w));  // all sent before any answer is awaited
  await Promise.all(seeking);
  await Promise.all(watchers.map(w => w.until(l => totalShown(l) === before + sockets, 'all the seeks counted')));
  await alive(loose);
  const newcomer = await openLobby(loose, { localAddress: '127.0.0.1' });
  assert.equal(totalShown(newcomer), before + sockets);
  assert.equal(newcomer.seeks.size, SHOWN);
  const expected = newcomer.ids();
  for (const w of watchers) {
    assert.deepEqual(w.ids(), expected, 'a socket\'s snapshot plus updates give a newcomer\'s list');
    assert.equal(w.more, newcomer.more);
  }
  const messages = watchers.reduce((sum, w) => sum + w.snapshots + w.updates, 0);
  assert.ok(messages < sockets * sockets / 10, `${messages} lobby messages for ${sockets} seeks over ${sockets} sockets`);
  for (const w of watchers) w.close();
});

test('many seeks in a short time reach a socket as few updates', async () => {
  const observer = await openLobby(loose, { localAddress: '127.0.0.1' });
  const creators = await Promise.all(Array.from({ length: 40 }, () => openLobby(loose, { localAddress: '127.0.0.1' })));
  const before = totalShown(observer);
  const updatesBefore = observer.updates;
  const changes = creators.length * 3;  // each socket may open three at once
  await Promise.all(creators.flatMap(c => [seekOf(c), seekOf(c), seekOf(c)]));
  await observer.until(l => totalShown(l) === before + changes, 'every seek counted');
  const updates = observer.updates - updatesBefore;
  assert.ok(updates <= changes / 4, `${changes} seeks came as ${updates} updates`);
  for (const c of creators) c.close();
});

test('the lobby shows the newest seeks and counts the rest; a seek outside the window can be accepted', async () => {
  const creator = await openLobby(loose, { localAddress: '127.0.0.1' });
  const oldest = await seekOf(creator, { name: 'Oldest' });
  const newer = await Promise.all(Array.from({ length: SHOWN + 5 }, () => openLobby(loose, { localAddress: '127.0.0.1' })));
  const newestIds = [];
  for (const c of newer) newestIds.push((await seekOf(c)).seek.id);  // one after another: a known order
  const viewer = await openLobby(loose, { localAddress: '127.0.0.1' });
  await viewer.shows(newestIds.at(-1));
  assert.equal(viewer.seeks.size, SHOWN);
  assert.ok(viewer.more >= 6, 'the rest are counted');
  assert.ok(!viewer.seeks.has(oldest.seek.id), 'an old seek is outside the window');
  // The window is the newest seeks (their set, from the list as it stands after any updates).
  assert.deepEqual(viewer.ids(), newestIds.slice(-SHOWN).sort(), 'the window holds the newest seeks');
  assert.ok(viewer.hello.seeks.length <= SHOWN);
  viewer.send({ t: 'accept', id: oldest.seek.id, name: 'Taker' });
  const [forTaker, forCreator] = await Promise.all([viewer.event('matched'), creator.event('matched')]);
  assert.equal(forTaker.game, forCreator.game);
  for (const c of [creator, ...newer]) c.close();
});

test('an accept from the seek\'s own browser is refused; accepts charge the taker\'s creation budget', async () => {
  const home = freshAddress();
  const browser = 'one-browser-two-tabs_0123';
  const creator = await openLobby(strict, { localAddress: home, browser });
  const otherTab = await openLobby(strict, { localAddress: home, browser });
  const mine = await seekOf(creator);
  otherTab.send({ t: 'accept', id: mine.seek.id });
  await otherTab.error('own_seek');
  const neighbour = await openLobby(strict);
  await neighbour.shows(mine.seek.id);  // refused, the seek stayed open

  // One taker address against seeks of many others: 4 at once (twice the 2 a minute), then refused.
  const taker = await openLobby(strict);
  const answers = [];
  for (let i = 0; i < 6; i++) {
    const open = await seekOf(await openLobby(strict));
    taker.send({ t: 'accept', id: open.seek.id });
    answers.push(await taker.next(m => m.t === 'matched' || m.t === 'error', 'an answer'));
  }
  assert.deepEqual(answers.map(a => a.t === 'matched' ? 'matched' : a.code),
    ['matched', 'matched', 'matched', 'matched', 'rate_limited', 'rate_limited']);
  assert.ok(answers[4].retry_after_s >= 1, 'the refusal says when to try again');
});

test('matched comes once the game is playing: 20 accepts racing, the creator finds it playing', async () => {
  for (let round = 0; round < 5; round++) {
    const creator = await openLobby(strict);
    const takers = await Promise.all(Array.from({ length: 20 }, () => openLobby(strict)));
    const mine = await seekOf(creator);
    await Promise.all(takers.map(t => t.shows(mine.seek.id)));
    for (const taker of takers) taker.send({ t: 'accept', id: mine.seek.id });
    const matched = await creator.event('matched');
    const [resource, socket] = await Promise.all([
      strict.api('GET', `/api/games/${matched.game}?token=${mine.token}`),
      strict.connect(matched.game, mine.token),
    ]);
    assert.equal(resource.body.status, 'playing', `round ${round}: GET after matched`);
    assert.equal(socket.state.status, 'playing', `round ${round}: the socket's state after matched`);
    socket.close();
    for (const c of [creator, ...takers]) c.close();
  }
});
