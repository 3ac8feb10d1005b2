// Chat's bounds through `arbiter serve`: one address chats at a bounded rate over all its sockets
// (past it: "chat_rate_limited", and another address is not held back), and a game keeps the
// latest lines of each channel (storage kChatKept: 100), in memory and on disk alike, the
// spectators' lines held unseen until a Kriegspiel game ends included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Client, Server } from './helpers.js';

const KEPT = 100;

// Sends one line and takes its answer: the line itself (heard back, or told held) or an error.
async function say(client, text) {
  client.send({ t: 'chat', text });
  return client.next(m => (m.t === 'chat' && m.text === text) || m.t === 'error', `the answer to "${text}"`);
}

// A spectator's socket from `localAddress` (127.0.0.x: another client address).
async function watcher(server, id, localAddress) {
  const client = new Client(`ws://127.0.0.1:${server.port}/ws/${id}`, { localAddress });
  server.clients.push(client);
  await client.opened;
  client.state = await client.next(m => m.t === 'state');
  return client;
}

// Lines said by `sockets` spectators of a game, five each (a socket's own burst), in order.
async function crowdSays(server, id, sockets, prefix) {
  const said = [];
  for (let s = 0; s < sockets; s++) {
    const client = await server.connect(id);
    for (let i = 0; i < 5; i++) {
      const text = `${prefix} ${s}.${i}`;
      const answer = await say(client, text);
      assert.equal(answer.t, 'chat', JSON.stringify(answer));
      said.push(text);
    }
    client.close();
  }
  return said;
}

function storedLines(server, id, channel) {
  const sql = `SELECT count(*) FROM chat WHERE game_id = '${id}' AND channel = '${channel}'`;
  return Number(execFileSync('sqlite3', [server.db, sql], { encoding: 'utf8' }).trim());
}

const texts = (state, channel) => state.chat.filter(line => line.channel === channel).map(line => line.text);

test('one address chats at a bounded rate over all its sockets; another address is not held back', async () => {
  const server = await Server.start(['--address-limits', 'on']);
  try {
    const game = await server.seated();
    const sockets = [];
    for (let s = 0; s < 6; s++) sockets.push(await watcher(server, game.id, '127.0.0.1'));
    const answers = [];
    // Five lines from each socket: within each socket's own limit, thirty from the address.
    for (let i = 0; i < 5; i++)
      for (const [s, client] of sockets.entries()) answers.push(await say(client, `line ${s}.${i}`));
    const refused = answers.filter(answer => answer.t === 'error');
    assert.ok(refused.length > 0, 'past the address\'s rate its lines are refused');
    assert.ok(refused.every(answer => answer.code === 'chat_rate_limited'), JSON.stringify(refused[0]));
    assert.ok(answers.length - refused.length >= 10, 'a burst of ten goes through');
    const other = await watcher(server, game.id, '127.0.0.2');
    assert.equal((await say(other, 'from elsewhere')).t, 'chat', 'another address chats on');
    const stored = storedLines(server, game.id, 'spectators');
    assert.equal(stored, answers.length - refused.length + 1, 'a refused line is not stored');
  } finally {
    await server.stop();
  }
});

test('a game keeps the latest lines of each channel: a spectators\' flood does not push out the players\' lines', async () => {
  const server = await Server.start();
  try {
    const game = await server.seated();
    const players = [];
    for (let i = 0; i < 5; i++)
      for (const side of ['white', 'black']) {
        const text = `${side} ${i}`;
        assert.equal((await say(game[side], text)).t, 'chat');
        players.push(text);
      }
    const spectators = await crowdSays(server, game.id, 25, 'crowd');
    assert.equal(storedLines(server, game.id, 'players'), players.length);
    assert.equal(storedLines(server, game.id, 'spectators'), KEPT, 'the spectators\' latest, on disk');

    const check = async () => {
      const player = await server.connect(game.id, game.tokens.white);
      assert.deepEqual(texts(player.state, 'players'), players, 'the players\' lines all kept');
      const spectator = await server.connect(game.id);
      assert.deepEqual(texts(spectator.state, 'spectators'), spectators.slice(-KEPT), 'the latest spectators\' lines');
    };
    await check();
    assert.equal((await server.terminate()).code, 0);
    await server.restart();
    await check();  // as loaded from the store
  } finally {
    await server.stop();
  }
});

test('kriegspiel: the spectators\' lines held unseen until the end are bounded alike', async () => {
  const server = await Server.start();
  try {
    const game = await server.newGame({ variant: 'kriegspiel' });
    const white = await server.connect(game.id, game.tokens.white);
    await server.connect(game.id, game.tokens.black);
    const held = await crowdSays(server, game.id, 25, 'held');
    assert.equal(storedLines(server, game.id, 'spectators'), KEPT, 'held lines, on disk');
    white.send({ t: 'resign' });
    await white.event('end');
    const after = await server.connect(game.id);
    assert.deepEqual(texts(after.state, 'spectators'), held.slice(-KEPT), 'the latest held lines, read at the end');
  } finally {
    await server.stop();
  }
});
