// The lobby (/ws/lobby): seeks created, seen by others, accepted exactly once, cancelled and
// expired; names; the game link as the invitation; game lists; rematch; chat; spectator count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, Client, play, pgnTags } from './helpers.js';
import { openLobby } from './lobby_client.js';

let server;
// A short grace so that a seek whose creator left goes soon (the default is 10 s).
before(async () => { server = await Server.start(['--seek-grace', '0.3']); });
after(async () => { await server.stop(); });

// Each socket from its own loopback address and without a browser id: each is another person.
const lobby = options => openLobby(server, options);

async function seek(creator, options = {}) {
  creator.send({ t: 'seek', variant: 'chess', color: 'white', ...options });
  return creator.event('seeking');
}

test('a seek is seen by another lobby socket, accepted, and both land in the same game', async () => {
  const alice = await lobby();
  const bob = await lobby();
  assert.ok(Array.isArray(bob.hello.seeks));
  assert.equal(typeof bob.hello.online, 'number');
  assert.equal(typeof bob.hello.games, 'number');
  const mine = await seek(alice, { clock: { initial_s: 180, increment_s: 2 }, name: 'Alice' });
  assert.equal(mine.seek.name, 'Alice');
  assert.ok(mine.token.length >= 22);
  await bob.shows(mine.seek.id);
  const seen = bob.seeks.get(mine.seek.id);
  assert.deepEqual(seen.clock, { initial_ms: 180000, increment_ms: 2000 });
  assert.equal(seen.color, 'white');
  const late = await lobby();
  await late.shows(mine.seek.id);  // in its snapshot, or the update after it

  bob.send({ t: 'accept', id: mine.seek.id, name: 'Bob' });
  const [forBob, forAlice] = await Promise.all([bob.event('matched'), alice.event('matched')]);
  assert.equal(forBob.game, forAlice.game);
  assert.equal(forBob.color, 'black');
  assert.equal(forAlice.color, 'white');
  assert.equal(forAlice.seek, mine.seek.id);
  await late.hides(mine.seek.id);

  const white = await server.connect(forAlice.game, mine.token);
  const black = await server.connect(forAlice.game, forBob.token);
  assert.equal(white.state.you, 'white');
  assert.equal(black.state.you, 'black');
  const playing = white.state.status === 'playing' ? white.state : await white.event('joined');
  assert.equal(playing.status, 'playing');
  assert.deepEqual(black.state.names, { white: 'Alice', black: 'Bob' });
  assert.deepEqual(black.state.clock.initial_ms, 180000);
});

test('an accept whose "matched" was lost is sent again with its secret and gets the same seat', async () => {
  const alice = await lobby();
  const mine = await seek(alice, { name: 'Alice' });
  const secret = 'Bobs-own-secret_0123456789';
  const bob = await lobby();
  bob.send({ t: 'accept', id: mine.seek.id, token: 'too-short' });
  assert.equal((await bob.error('bad_token')).code, 'bad_token');
  bob.send({ t: 'accept', id: mine.seek.id, name: 'Bob', token: secret });
  const first = await bob.event('matched');
  assert.equal(first.token, secret);
  // On a new connection, as after a drop that lost the answer.
  const again = await lobby();
  again.send({ t: 'accept', id: mine.seek.id, name: 'Bob', token: secret });
  assert.deepEqual(await again.event('matched'), first);
  const other = await lobby();
  other.send({ t: 'accept', id: mine.seek.id, token: 'someone-elses-secret-0123' });
  await other.error('seek_gone');
  const black = await server.connect(first.game, secret);
  assert.equal(black.state.you, first.color);
});

test('an accept repeated at once, while its game is still being stored, waits for it and gets the same seat', async () => {
  const alice = await lobby();
  const mine = await seek(alice, { name: 'Alice' });
  const secret = 'Bobs-hasty-secret_0123456789';
  const [bob, again] = [await lobby(), await lobby()];
  bob.send({ t: 'accept', id: mine.seek.id, name: 'Bob', token: secret });
  again.send({ t: 'accept', id: mine.seek.id, name: 'Bob', token: secret });
  const [first, second] = [await bob.event('matched'), await again.event('matched')];
  assert.deepEqual(second, first);
  assert.equal((await server.connect(first.game, secret)).state.you, first.color);
});

test('20 simultaneous accepts of one seek: exactly one wins, the others hear it is gone', async () => {
  const creator = await lobby();
  const takers = await Promise.all(Array.from({ length: 20 }, () => lobby()));
  const mine = await seek(creator);
  await Promise.all(takers.map(t => t.shows(mine.seek.id)));
  for (const taker of takers) taker.send({ t: 'accept', id: mine.seek.id });
  const answers = await Promise.all(takers.map(t => t.next(m => m.t === 'matched' || (m.t === 'error' && m.code === 'seek_gone'), 'an answer')));
  const winners = answers.filter(a => a.t === 'matched');
  assert.equal(winners.length, 1);
  assert.equal(answers.filter(a => a.t === 'error').length, 19);
  const forCreator = await creator.event('matched');
  assert.equal(forCreator.game, winners[0].game);
  const resource = await server.api('GET', `/api/games/${winners[0].game}?token=${winners[0].token}`);
  assert.equal(resource.body.you, 'black');
});

test('a seek can be cancelled by its creator only; a creator gone a while takes it away', async () => {
  const creator = await lobby();
  const other = await lobby();
  const mine = await seek(creator);
  other.send({ t: 'cancel', id: mine.seek.id });
  await other.error('no_seek');
  creator.send({ t: 'accept', id: mine.seek.id });
  await creator.error('own_seek');
  await other.shows(mine.seek.id);
  creator.send({ t: 'cancel', id: mine.seek.id });
  await other.hides(mine.seek.id);
  other.send({ t: 'accept', id: mine.seek.id });
  await other.error('seek_gone');

  const second = await seek(creator);
  await other.shows(second.seek.id);
  creator.close();
  await other.hides(second.seek.id);
});

test('a creator back on a new connection reclaims the seek with its token', async () => {
  const creator = await lobby();
  const mine = await seek(creator, { name: 'Returning' });
  creator.close();
  const back = await lobby();
  back.send({ t: 'reclaim', id: mine.seek.id, token: 'not-the-token' });
  await back.error('seek_gone');
  back.send({ t: 'reclaim', id: mine.seek.id, token: mine.token });
  await back.event('reclaimed');
  const taker = await lobby();
  taker.send({ t: 'accept', id: mine.seek.id });
  const [forCreator] = await Promise.all([back.event('matched'), taker.event('matched')]);
  assert.equal(forCreator.color, 'white');
});

test('bad lobby messages are refused and change nothing; seeks are rate-limited and capped', async () => {
  const client = await lobby();
  for (const bad of ['nope', '[]', { t: 'seek', variant: 'nosuch' }, { t: 'seek', local: true }, { t: 'accept' },
    { t: 'seek', name: 42 }, { t: 'fly' }]) {
    client.send(bad);
    await client.next(m => m.t === 'error', `an error for ${JSON.stringify(bad)}`);
  }
  const opened = [];
  for (let i = 0; i < 6; i++) client.send({ t: 'seek' });
  for (let i = 0; i < 6; i++) opened.push(await client.next(m => m.t === 'seeking' || m.t === 'error', 'an answer'));
  const created = opened.filter(m => m.t === 'seeking');
  assert.ok(created.length <= 3, 'at most three open seeks a connection');
  assert.ok(opened.some(m => m.t === 'error' && (m.code === 'rate_limited' || m.code === 'too_many_seeks')));
});

test('names: sanitized, 10 KB cut to 20 characters, empty is Anonymous; in state, lists and the PGN', async () => {
  const created = await server.api('POST', '/api/games', { color: 'white', name: '  Al\u0000ice\u0007 \u0085 ' });
  assert.equal(created.status, 201);
  const code = created.body.invite.split('/').pop();
  const joined = await server.api('POST', `/api/join/${code}`, { name: 'x'.repeat(10000) });
  assert.equal(joined.status, 200);
  const resource = await server.api('GET', `/api/games/${created.body.id}`);
  assert.deepEqual(resource.body.names, { white: 'Alice', black: 'x'.repeat(20) });
  assert.equal((await server.api('POST', '/api/games', { name: ['no'] })).status, 400);
  assert.equal((await server.api('POST', `/api/join/${code}`, { name: 5 })).status, 400);

  const anonymous = await server.api('POST', '/api/games', { name: '   ' });
  const anonymousGame = await server.api('GET', `/api/games/${anonymous.body.id}`);
  assert.equal(anonymousGame.body.names[anonymous.body.color], 'Anonymous');

  const white = await server.connect(created.body.id, created.body.token);
  white.send({ t: 'resign' });
  await white.event('end');
  const pgn = await server.api('GET', `/api/games/${created.body.id}/pgn`);
  const tags = pgnTags(pgn.text);
  assert.equal(tags.White, 'Alice');
  assert.equal(tags.Black, 'x'.repeat(20));
});

test('the game link is the invitation: the first visitor joins while it waits, later ones watch', async () => {
  const created = await server.api('POST', '/api/games', { color: 'black', name: 'Host' });
  const id = created.body.id;
  const host = await server.connect(id, created.body.token);
  const first = await server.api('POST', `/api/games/${id}/join`, { name: 'Guest' });
  assert.equal(first.status, 200);
  assert.equal(first.body.color, 'white');
  const joined = await host.event('joined');
  assert.deepEqual(joined.names, { white: 'Guest', black: 'Host' });
  const second = await server.api('POST', `/api/games/${id}/join`, {});
  assert.equal(second.status, 409);
  assert.equal(second.body.id, id);
  assert.equal((await server.api('POST', '/api/games/nosuchgame12/join')).status, 404);
  assert.equal((await server.api('GET', `/api/games/${id}/join`)).status, 405);
});

test('lists of games in play and finished: filters, paging, aborted games without moves left out', async () => {
  const tag = `grand`;  // a variant no other test here finishes, so the finished list is ours alone
  const finishedIds = [];
  for (let i = 0; i < 3; i++) {
    const game = await server.seated({ variant: tag });
    await play({ white: game.white, black: game.black, spectator: game.spectator }, ['g2f4']);
    game.black.send({ t: 'resign' });
    await game.white.event('end');
    finishedIds.unshift(game.id);
  }
  const aborted = await server.seated({ variant: tag });
  aborted.white.send({ t: 'abort' });
  await aborted.white.event('end');
  const live = await server.seated({ variant: 'capablanca' });

  const page1 = await server.api('GET', `/api/games?status=finished&variant=${tag}&limit=2`);
  assert.equal(page1.status, 200);
  assert.deepEqual(page1.body.games.map(g => g.id), finishedIds.slice(0, 2));
  assert.equal(page1.body.games[0].plies, 1);
  assert.equal(page1.body.games[0].result, '1-0');
  assert.equal(page1.body.games[0].reason, 'resign');
  assert.ok(page1.body.next);
  const page2 = await server.api('GET', `/api/games?status=finished&variant=${tag}&limit=2&before=${page1.body.next}`);
  assert.deepEqual(page2.body.games.map(g => g.id), finishedIds.slice(2));
  assert.equal(page2.body.next, null);
  assert.ok(!page1.body.games.concat(page2.body.games).some(g => g.id === aborted.id));

  const playing = await server.api('GET', '/api/games?status=playing&variant=capablanca');
  const item = playing.body.games.find(g => g.id === live.id);
  assert.ok(item);
  assert.equal(item.spectators, 1);
  assert.deepEqual(item.names, { white: 'Anonymous', black: 'Anonymous' });
  for (const bad of ['status=lost', 'variant=nosuch', 'before=yesterday', 'limit=0'])
    assert.equal((await server.api('GET', `/api/games?${bad}`)).status, 400, bad);
});

test('rematch: offered, declined, offered again and accepted; everyone is told the new game, colours swapped', async () => {
  const game = await server.seated({ clock: { initial_s: 60, increment_s: 1 } });
  game.white.send({ t: 'rematch' });
  await game.white.error('not_over');
  game.white.send({ t: 'resign' });
  await game.black.event('end');
  game.spectator.send({ t: 'rematch' });
  await game.spectator.error('not_a_player');
  game.white.send({ t: 'rematch' });
  const offer = await game.black.event('rematch_offer');
  assert.equal(offer.by, 'white');
  game.black.send({ t: 'rematch_decline' });
  await game.white.event('rematch_declined');
  game.black.send({ t: 'rematch' });
  await game.white.event('rematch_offer');
  game.white.send({ t: 'rematch' });
  const moves = await Promise.all([game.white, game.black, game.spectator].map(c => c.event('rematch')));
  const next = moves[0].game;
  for (const m of moves) assert.equal(m.game, next);

  // The same tokens hold the other colour in the new game; variant and clock are kept.
  const nowBlack = await server.connect(next, game.tokens.white);
  const nowWhite = await server.connect(next, game.tokens.black);
  assert.equal(nowBlack.state.you, 'black');
  assert.equal(nowWhite.state.you, 'white');
  assert.equal(nowWhite.state.clock.initial_ms, 60000);
  assert.equal(nowWhite.state.clock.increment_ms, 1000);
  // After a reload the old game still says where the rematch is.
  const again = await server.connect(game.id);
  assert.equal(again.state.next_game, next);
});

test('chat: players and spectators apart, limits, stored and shown in the replay', async () => {
  const game = await server.seated();
  game.white.send({ t: 'chat', text: '  good luck  ' });
  const heard = await game.black.event('chat');
  assert.deepEqual({ channel: heard.channel, from: heard.from, name: heard.name, text: heard.text },
    { channel: 'players', from: 'white', name: 'Anonymous', text: 'good luck' });
  game.spectator.send({ t: 'chat', text: 'nice opening', name: 'Watcher <b>' });
  const among = await game.spectator.event('chat');
  assert.equal(among.channel, 'spectators');
  assert.equal(among.name, 'Watcher <b>');
  for (const bad of [{ t: 'chat', text: 'x'.repeat(141) }, { t: 'chat', text: '   ' }, { t: 'chat', text: 'a\u0001b' }, { t: 'chat' }]) {
    game.white.send(bad);
    await game.white.error('bad_message');
  }
  game.white.send({ t: 'chat', text: 'é'.repeat(140) });
  await game.black.next(m => m.t === 'chat' && m.text.length === 140, 'the 140-character message');
  // Neither side heard the other channel.
  game.white.send({ t: 'ping' });
  await game.white.event('pong');
  assert.ok(!game.white.inbox.some(m => m.t === 'chat' && m.channel === 'spectators'));
  assert.ok(!game.spectator.inbox.some(m => m.t === 'chat' && m.channel === 'players'));

  // Rate limit: a burst, then refusals.
  for (let i = 0; i < 8; i++) game.black.send({ t: 'chat', text: `spam ${i}` });
  await game.black.error('rate_limited');

  // State during play shows each their own channel; after the end, both to everyone.
  const watcher = await server.connect(game.id);
  assert.ok(watcher.state.chat.every(line => line.channel === 'spectators'));
  game.white.send({ t: 'resign' });
  await game.black.event('end');
  const replay = await server.connect(game.id);
  const channels = new Set(replay.state.chat.map(line => line.channel));
  assert.deepEqual([...channels].sort(), ['players', 'spectators']);
  assert.ok(replay.state.chat.some(line => line.text === 'good luck'));
});

test('kriegspiel: the players chat is off during play; the spectators chat stays among spectators', async () => {
  const game = await server.seated({ variant: 'kriegspiel' });
  game.white.send({ t: 'chat', text: 'your king is on e8' });
  await game.white.error('chat_off');
  game.spectator.send({ t: 'chat', text: 'exciting' });
  await game.spectator.event('chat');
  game.white.send({ t: 'ping' });
  await game.white.event('pong');
  assert.ok(!game.white.inbox.some(m => m.t === 'chat'));
});

test('the spectator count is live', async () => {
  const game = await server.seated();
  assert.equal(game.spectator.state.spectators, 1);
  const second = await server.connect(game.id);
  assert.equal(second.state.spectators, 2);
  assert.equal((await game.white.next(m => m.t === 'spectators' && m.count === 2, 'two spectators')).count, 2);
  second.close();
  await game.white.next(m => m.t === 'spectators' && m.count === 1, 'one spectator again');
});

test('the lobby counts games in play and people online', async () => {
  const watcher = await lobby();
  const before = watcher.hello.games;
  await server.seated();
  await watcher.until(lobby => lobby.games > before, 'a new count');
  assert.ok(watcher.online >= 4);
});
