// Hostile clients over loopback: one address taking the connection slots, creating games by the
// thousand, flooding pings, or holding silent sockets. Each test turns the per-address limits on
// (the helpers turn them off, since every test speaks from 127.0.0.1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, Client, metricSamples } from './helpers.js';
import { KeptConnection, raw, statuses } from './raw_sockets.js';

const LIMITS_ON = ['--address-limits', 'on'];

// A close that never comes fails the test instead of hanging it.
function closedWithin(client, what) {
  return Promise.race([client.closed, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} not closed`)), 15000))]);
}

// Opens spectators on `id` until one is refused; returns those open and the refusal's status.
async function fill(server, id, max) {
  const open = [];
  for (let i = 0; i < max; i++) {
    const client = new Client(`ws://127.0.0.1:${server.port}/ws/${id}`);
    server.clients.push(client);
    try {
      await client.opened;
      open.push(client);
    } catch (error) {
      return { open, status: error.status };
    }
  }
  return { open, status: undefined };
}

test('one address filling every slot with spectators: a seated player still gets back in', async () => {
  const server = await Server.start(['--max-connections', '20', '--reserved-for-players', '4']);
  try {
    // One connection sets up and then watches: a connection closed after its answer may hold its
    // slot a moment longer than the client sees, and none may hold one idle.
    const setUp = await KeptConnection.open(server.port);
    const created = await setUp.request('POST', '/api/games', { variant: 'chess', color: 'white' });
    const joined = await setUp.request('POST', `/api/join/${created.body.invite.split('/').pop()}`);
    const { id } = created.body;
    const tokens = { white: created.body.token, black: joined.body.token };
    const watcher = await setUp.upgrade(`/ws/${id}`);
    await watcher.text(message => message.t === 'state', 'the watcher\'s state');
    const white = await server.connect(id, tokens.white);
    await server.connect(id, tokens.black);
    const { open, status } = await fill(server, id, 40);
    assert.equal(status, 503, 'the spectator past the shared slots is refused with 503');
    assert.equal(open.length + 3, 16, 'every slot but the reserved four was taken');
    // White's connection drops (a network change); the seat gets back in over the reserved slots.
    white.close();
    await white.closed;
    const again = await server.connect(id, tokens.white);
    again.move('e2e4', 0);
    assert.equal((await again.event('move')).move, 'e2e4');
    // Strangers still do not.
    const stranger = new Client(`ws://127.0.0.1:${server.port}/ws/${id}`);
    server.clients.push(stranger);
    await assert.rejects(stranger.opened, error => error.status === 503);
    const page = await server.api('GET', '/api/variants');
    assert.equal(page.status, 503);
    assert.equal(page.body.error, 'server_full');
    assert.ok(Number(page.headers.get('retry-after')) > 0);
  } finally {
    await server.stop();
  }
});

test('per address: a cap on connections and on spectators of one game, answered 503', async () => {
  const server = await Server.start([...LIMITS_ON, '--connections-per-address', '6', '--spectators-per-game', '2']);
  try {
    // Set up over the connection that then watches the second game: a connection closed after its
    // answer may hold its place in the address's count a moment longer than the client sees.
    const setUp = await KeptConnection.open(server.port);
    const one = await setUp.request('POST', '/api/games', { variant: 'chess', local: true });
    const two = await setUp.request('POST', '/api/games', { variant: 'chess', local: true });
    const watcher = await setUp.upgrade(`/ws/${two.body.id}`);
    await watcher.text(message => message.t === 'state', 'the watcher\'s state');
    const watched = await fill(server, one.body.id, 5);
    assert.equal(watched.open.length, 2);
    assert.equal(watched.status, 503, 'a third spectator of the same game from one address');
    // The refused spectator's connection counts until the server has closed it, which may be a
    // moment after its answer arrives: wait for it to go, watching from another address (whose
    // connections this address's cap does not count): the watcher, two spectators and the observer.
    const observer = await KeptConnection.open(server.port, { localAddress: '127.0.0.2' });
    const connections = async () => metricSamples((await observer.request('GET', '/metrics')).body)['arbiter_connections{kind="all"}'];
    while (await connections() !== 4) await new Promise(resolve => setTimeout(resolve, 20));
    // Seats are not spectators: both players of the game still get in, and another game is watched.
    await server.connect(one.body.id, one.body.tokens.white);
    await server.connect(one.body.id, one.body.tokens.black);
    // Five connections open: a sixth is the last this address gets.
    await server.connect(two.body.id);
    const over = await fill(server, two.body.id, 1);
    assert.equal(over.status, 503);
    const plain = await server.api('GET', '/api/variants');
    assert.equal(plain.status, 503);
    assert.equal(plain.body.error, 'too_many_connections');
  } finally {
    await server.stop();
  }
});

test('a creation flood is refused with 429 and Retry-After; other addresses behind the proxy are not', async () => {
  const server = await Server.start([...LIMITS_ON, '--trusted-proxy', '127.0.0.1']);
  try {
    const flooder = { headers: { 'x-real-ip': '203.0.113.7' } };
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await server.api('POST', '/api/games', { variant: 'chess' }, flooder)).status);
    assert.equal(statuses.filter(s => s === 201).length, 20, 'the burst of 20 creations');
    assert.deepEqual(statuses.slice(20), Array(20).fill(429));
    const refused = await server.api('POST', '/api/games', { variant: 'chess' }, flooder);
    assert.equal(refused.body.error, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    const other = await server.api('POST', '/api/games', { variant: 'chess' }, { headers: { 'x-real-ip': '203.0.113.8' } });
    assert.equal(other.status, 201, 'another client behind the same proxy');
    // Joins have their own allowance: guessing invitation codes runs out too.
    const joins = [];
    for (let i = 0; i < 35; i++) joins.push((await server.api('POST', `/api/join/guess${i}`, undefined, flooder)).status);
    assert.deepEqual(joins.slice(0, 30), Array(30).fill(404));
    assert.deepEqual(joins.slice(30), Array(5).fill(429));
  } finally {
    await server.stop();
  }
});

test('behind the trusted proxy, an X-Real-IP sent in a chunked trailer is not believed', async () => {
  const server = await Server.start([...LIMITS_ON, '--trusted-proxy', '127.0.0.1', '--creates-per-minute', '1']);
  try {
    // The proxy named the client in the head's X-Forwarded-For; the client sent an X-Real-IP of
    // its choosing in the chunked trailer, which the proxy passes on as a trailer.
    const body = JSON.stringify({ variant: 'chess' });
    const request = address => 'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      'X-Forwarded-For: 203.0.113.20\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
      `${body.length.toString(16)}\r\n${body}\r\n0\r\nX-Real-IP: ${address}\r\n\r\n`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(...statuses(await raw(server.port, request(`198.51.100.${i}`))));
    assert.deepEqual(answers, [201, 201, 429, 429], 'every creation counted against the head\'s address');
  } finally {
    await server.stop();
  }
});

test('forwarding headers from a peer that is not the trusted proxy are ignored', async () => {
  const server = await Server.start([...LIMITS_ON, '--creates-per-minute', '1']);
  try {
    for (let i = 0; i < 2; i++) assert.equal((await server.api('POST', '/api/games', {})).status, 201);
    const spoofed = await server.api('POST', '/api/games', {}, { headers: { 'x-real-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(spoofed.status, 429);
  } finally {
    await server.stop();
  }
});

test('behind the trusted proxy, spectators are counted by the address it names', async () => {
  const server = await Server.start([...LIMITS_ON, '--trusted-proxy', '127.0.0.1', '--spectators-per-game', '1']);
  try {
    const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
    const watch = address => {
      const client = new Client(`ws://127.0.0.1:${server.port}/ws/${created.body.id}`, { headers: { 'x-real-ip': address } });
      server.clients.push(client);
      return client.opened.then(() => 'open', error => error.status);
    };
    assert.equal(await watch('203.0.113.1'), 'open');
    assert.equal(await watch('203.0.113.1'), 503, 'the same client again');
    assert.equal(await watch('203.0.113.2'), 'open', 'another client through the same proxy');
  } finally {
    await server.stop();
  }
});

test('a ping flood is cut off with 1008; the game goes on for the others', async () => {
  const server = await Server.start(LIMITS_ON);
  try {
    const { white, black, spectator } = await server.seated();
    for (let i = 0; i < 2000 && spectator.ws.readyState === 1; i++) spectator.ws.ping();
    assert.equal((await closedWithin(spectator, 'the ping flooder')).code, 1008);
    white.move('e2e4', 0);
    assert.equal((await black.event('move')).move, 'e2e4');
  } finally {
    await server.stop();
  }
});

test('many tabs of one seat share its rate', async () => {
  const server = await Server.start(LIMITS_ON);
  try {
    const { id, tokens } = await server.seated();
    const tabs = await Promise.all(Array.from({ length: 5 }, () => server.connect(id, tokens.white)));
    // 5 × 20 messages: within each connection's burst of 40, past the seat's 40 together.
    for (const tab of tabs) for (let i = 0; i < 20; i++) tab.send({ t: 'ping' });
    const limited = await Promise.any(tabs.map(tab => tab.error('rate_limited')));
    assert.equal(limited.code, 'rate_limited');
  } finally {
    await server.stop();
  }
});

test('a spectator that never speaks is closed; a silent player is not', async () => {
  const server = await Server.start(['--spectator-idle-s', '1']);
  try {
    const { white, black, spectator } = await server.seated();
    const closed = await closedWithin(spectator, 'the silent spectator');
    assert.equal(closed.code, 1008);
    white.move('e2e4', 0);
    assert.equal((await black.event('move')).move, 'e2e4', 'the players, silent as long, are still there');
  } finally {
    await server.stop();
  }
});
