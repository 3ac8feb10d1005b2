// Hostile players and spectators around the umpire and the chat: in a Kriegspiel game a player
// who also watches (a socket without a token) can pass nothing to the other side through the
// spectators' chat or their number; a finished game's chat closes; a spectator cannot speak under
// a player's name nor hide text behind invisible characters; an invitation's expiry is one
// recorded event; a repeated JSON key and a move not in coordinate notation are bad messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Server } from './helpers.js';

// The finished games' chat stays open this long for those who were there (seconds).
const CHAT_AFTER_END_S = 3;

let server;
before(async () => { server = await Server.start(['--chat-after-end', String(CHAT_AFTER_END_S)]); });
after(async () => { await server.stop(); });

// Sends a ping and waits for its pong: every message the server sent before it has arrived.
async function settled(client) {
  client.send({ t: 'ping' });
  await client.event('pong');
}

async function kriegspiel() {
  const game = await server.newGame({ variant: 'kriegspiel' });
  const white = await server.connect(game.id, game.tokens.white);
  const black = await server.connect(game.id, game.tokens.black);
  return { ...game, white, black };
}

test('kriegspiel: a player watching without a token cannot pass words to the other side; all read them after the end', async () => {
  const game = await kriegspiel();
  const whiteWatching = await server.connect(game.id);  // White's own tokenless socket
  const blackWatching = await server.connect(game.id);  // Black's
  whiteWatching.send({ t: 'chat', text: 'my queen is on d1', name: 'Helper' });
  const held = await whiteWatching.next(m => m.t === 'chat', 'the sender told its line is held');
  assert.equal(held.held, true);
  for (const client of [blackWatching, game.black, game.white]) await settled(client);
  for (const client of [blackWatching, game.black, game.white])
    assert.ok(!client.inbox.some(m => m.t === 'chat'), 'nobody reads the spectators\' chat during play');
  const later = await server.connect(game.id);
  assert.deepEqual(later.state.chat, [], 'nor in a state');
  assert.deepEqual((await server.api('GET', `/api/games/${game.id}`)).body.chat, [], 'nor over HTTP');

  game.white.send({ t: 'resign' });
  await blackWatching.event('end');
  const afterEnd = await server.connect(game.id);
  assert.ok(afterEnd.state.chat.some(line => line.text === 'my queen is on d1' && line.from === 'spectator'));
  const resource = (await server.api('GET', `/api/games/${game.id}`, undefined, { token: game.tokens.black })).body;
  assert.ok(resource.chat.some(line => line.text === 'my queen is on d1'), 'the opponent reads it after the end');
});

test('kriegspiel: the players hear no spectator count while spectators come and go; it is told at the end', async () => {
  const game = await kriegspiel();
  assert.equal(game.white.state.spectators, null);
  const watchers = [];
  for (let i = 0; i < 3; i++) watchers.push(await server.connect(game.id));
  assert.equal(watchers[2].state.spectators, null, 'spectators do not see it either');
  watchers[0].close();
  await watchers[0].closed;
  const listed = (await server.api('GET', '/api/games?status=playing')).body.games.find(g => g.id === game.id);
  assert.ok(!listed || !listed.spectators, 'the game list does not count them');
  for (const client of [game.white, game.black, watchers[1]]) await settled(client);
  for (const client of [game.white, game.black, watchers[1]])
    assert.ok(!client.inbox.some(m => m.t === 'spectators'), 'no spectators message during play');
  game.black.send({ t: 'resign' });
  await game.white.event('end');
  assert.equal((await game.white.event('spectators')).count, 2);
});

test('a finished game\'s chat: those there at the end may talk a while, newcomers not, then nobody', async () => {
  const game = await server.seated();
  game.white.send({ t: 'resign' });
  await game.spectator.event('end');
  const newcomer = await server.connect(game.id);
  newcomer.send({ t: 'chat', text: 'spam for later visitors' });
  await newcomer.error('chat_closed');
  game.spectator.send({ t: 'chat', text: 'well played' });
  await game.black.next(m => m.t === 'chat' && m.text === 'well played', 'a line from one who was there');
  game.white.send({ t: 'chat', text: 'thanks' });
  await game.black.next(m => m.t === 'chat' && m.text === 'thanks', 'a player\'s line');
  // Then closed, to everyone: once the server's clock (this machine's) is past the end's while.
  const { ended_at: endedAt } = (await server.api('GET', `/api/games/${game.id}`)).body;
  await new Promise(resolve => setTimeout(resolve, Math.max(0, endedAt + CHAT_AFTER_END_S * 1000 + 50 - Date.now())));
  for (const client of [game.black, game.spectator]) {
    client.send({ t: 'chat', text: 'still here?' });
    await client.error('chat_closed');
  }
  const replay = await server.connect(game.id);
  assert.ok(!replay.state.chat.some(line => line.text === 'spam for later visitors'));
});

test('a spectator cannot speak under a player\'s name; invisible characters are dropped from chat and names', async () => {
  const created = (await server.api('POST', '/api/games', { variant: 'chess', color: 'white', name: 'Ann' })).body;
  const joined = (await server.api('POST', `/api/join/${created.invite.split('/').pop()}`, { name: 'Bob' })).body;
  const white = await server.connect(created.id, created.token);
  const spectator = await server.connect(created.id);
  const other = await server.connect(created.id);
  for (const name of ['Ann', 'bOB', ' ann\u200b ', '\u202eAnn']) {
    spectator.send({ t: 'chat', text: 'it is me', name });
    await spectator.error('name_taken');
  }
  spectator.send({ t: 'chat', text: 'a\u202edcba\u200b\u2066x\u{E0041}', name: 'Wa\u200dtch\u00ader' });
  const line = await other.event('chat');
  assert.equal(line.text, 'adcbax');
  assert.equal(line.name, 'Watcher');
  assert.equal(line.from, 'spectator');
  spectator.send({ t: 'chat', text: '\u200b\u200b' });
  await spectator.error('bad_message');
  // A player's name is cleaned the same way.
  const created2 = (await server.api('POST', '/api/games', { variant: 'chess', name: 'Eve\u202e\u200b' })).body;
  const resource = (await server.api('GET', `/api/games/${created2.id}`)).body;
  assert.ok(Object.values(resource.names).includes('Eve'));
  assert.ok(joined.token && white.state.names.black === 'Bob');
});

test('a repeated key in any client JSON is a bad message and changes nothing', async () => {
  const game = await server.seated();
  game.white.send('{"t":"move","move":"e2e4","ply":0,"t":"resign"}');
  assert.equal((await game.white.error()).code, 'bad_message');
  game.white.send('{"t":"chat","text":"a","x":{"k":1,"k":2}}');
  assert.equal((await game.white.error()).code, 'bad_message');
  await settled(game.black);
  assert.ok(!game.black.inbox.some(m => m.t === 'end' || m.t === 'chat'));
  const created = await server.api('POST', '/api/games', undefined, { raw: '{"variant":"chess","variant":"nope"}', headers: { 'content-type': 'application/json' } });
  assert.equal(created.status, 400);
  assert.equal(created.body.error, 'bad_message');
  const fresh = (await server.api('POST', '/api/games', { variant: 'chess' })).body;
  const join = await server.api('POST', `/api/join/${fresh.invite.split('/').pop()}`, undefined,
    { raw: '{"name":"a","name":"b"}', headers: { 'content-type': 'application/json' } });
  assert.equal(join.status, 400);
  const lobby = await new Promise((resolve, reject) => {
    import('ws').then(({ default: WebSocket }) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws/lobby`);
      ws.on('error', reject);
      ws.on('open', () => ws.send('{"t":"ping","t":"seek"}'));
      ws.on('message', data => {
        const message = JSON.parse(String(data));
        if (message.t === 'error' || message.t === 'pong') { ws.close(); resolve(message); }
      });
    });
  });
  assert.equal(lobby.t, 'error');
  assert.equal(lobby.code, 'bad_message');
});

test('a move in SAN and one in upper case get the same error: bad_message', async () => {
  for (const variant of ['chess', 'kriegspiel']) {
    const game = await server.seated({ variant });
    const codes = [];
    for (const move of ['E2E4', 'e4']) {
      game.white.move(move, 0);
      codes.push((await game.white.error()).code);
    }
    assert.deepEqual(codes, ['bad_message', 'bad_message'], variant);
  }
});

test('an invitation that expires unloaded is one recorded end: the row and the event log agree', async () => {
  const own = await Server.start(['--waiting-expiry', '1']);
  try {
    const created = (await own.api('POST', '/api/games', { variant: 'chess' })).body;
    await own.kill();
    await own.restart();  // not loaded: only the sweep can end it
    const sql = query => execFileSync('sqlite3', [own.db, query], { encoding: 'utf8' }).trim();
    let row = '';
    for (let attempt = 0; attempt < 100 && !row.startsWith('finished'); attempt++) {
      row = sql(`SELECT status || '|' || reason || '|' || ended_at_ms FROM games WHERE id = '${created.id}'`);
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    const [status, reason, endedAt] = row.split('|');
    assert.equal(status, 'finished');
    assert.equal(reason, 'expired');
    const events = sql(`SELECT type || '|' || at_ms FROM events WHERE game_id = '${created.id}' ORDER BY v`).split('\n');
    assert.deepEqual(events, [`ended|${endedAt}`], 'one end event, at the end the row records');
    const resource = (await own.api('GET', `/api/games/${created.id}`)).body;
    assert.equal(resource.reason, 'expired');
    assert.equal(String(resource.ended_at), endedAt, 'loading the game tells the same end');
  } finally {
    await own.stop();
  }
});
