// Hostile clients at the front door, over raw TCP: idle connections filling every slot, heads
// that never end, request smuggling through Transfer-Encoding, a missing Host, other HTTP
// versions, and WebSocket frames that never make a message (a flood of empty continuations, a
// frame trickled a byte at a time). Timeouts only guard against hangs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, metricSamples } from './helpers.js';
import { guarded, raw, statuses, silent, frame, RawWebSocket, KeptConnection } from './raw_sockets.js';

async function refusals(server) {
  const { text } = await server.api('GET', '/metrics', undefined, { headers: { connection: 'close' } });
  const samples = metricSamples(text);
  return reason => samples[`arbiter_refusals_total{reason="${reason}"}`];
}

test('idle connections holding every slot: a seated player still gets in, a stranger does not', async () => {
  const server = await Server.start(['--max-connections', '20', '--reserved-for-players', '4', '--header-timeout', '60']);
  const idle = [];
  let watcher;
  try {
    // One connection does all the set-up and then watches as a spectator: a connection closed
    // after its answer may hold its slot a moment longer than the client sees, so none is used.
    watcher = await KeptConnection.open(server.port);
    const created = await watcher.request('POST', '/api/games', { variant: 'chess', color: 'white' });
    assert.equal(created.status, 201);
    assert.equal((await watcher.request('POST', `/api/join/${created.body.invite.split('/').pop()}`)).status, 200);
    const connections = async () => metricSamples((await watcher.request('GET', '/metrics')).body)['arbiter_connections{kind="all"}'];
    await guarded((async () => { while (await connections() !== 1) await new Promise(resolve => setTimeout(resolve, 20)); })(),
      'every other connection gone');
    const spectator = await watcher.upgrade(`/ws/${created.body.id}`);
    await spectator.text(message => message.t === 'state', 'the spectator\'s state');
    // Accepted in the order they connected: all of these before the player, the last at the cap.
    for (let i = 0; i < 19; i++) idle.push(await silent(server.port));
    const white = await server.connect(created.body.id, created.body.token);
    assert.equal(white.state.you, 'white');
    const count = await refusals(server);  // the cap is still reached: this request displaces too
    assert.equal(count('displaced'), 2, 'the player and the request for the metrics each displaced the oldest idle connection');
    await guarded(Promise.all(idle.slice(0, 2).map(socket => socket.ended)), 'the oldest idle connections closing');
    const stranger = await server.api('GET', '/api/variants', undefined, { headers: { connection: 'close' } });
    assert.equal(stranger.status, 503, 'past the shared slots, only a seat gets in');
    assert.equal(stranger.body.error, 'server_full');
  } finally {
    for (const socket of idle) socket.destroy();
    watcher?.socket.destroy();
    await server.stop();
  }
});

test('a request head must be complete within --header-timeout; an idle keep-alive connection closes too', async () => {
  const server = await Server.start(['--header-timeout', '0.5']);
  try {
    const partial = await silent(server.port);
    partial.write('GET /api/variants HTTP/1.1\r\nHo');
    await guarded(partial.ended, 'the unfinished head');
    const kept = await raw(server.port, 'GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.deepEqual(statuses(kept), [200], 'answered, then closed once idle');
    const count = await refusals(server);
    assert.equal(count('request_timeout'), 1, 'the unfinished head counts; the idle keep-alive does not');
  } finally {
    await server.stop();
  }
});

test('Transfer-Encoding other than chunked alone is 400 and closes: no body runs as a second request', async () => {
  const server = await Server.start();
  try {
    const smuggled = 'GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n';
    for (const te of ['xchunked', 'chunked, identity', 'gzip, chunked', 'identity', 'chunked\r\nTransfer-Encoding: chunked']) {
      const response = await raw(server.port, `POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ${te}\r\n\r\n${smuggled}`);
      assert.deepEqual(statuses(response), [400], te);
      assert.match(response, /"error":"bad_request"/);
    }
    const http10 = await raw(server.port, 'POST /api/games HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
    assert.deepEqual(statuses(http10), [400], 'HTTP/1.0 has no transfer codings');
    const body = '{"variant":"chess"}';
    const chunked = await raw(server.port, `POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
      `Transfer-Encoding:  Chunked \r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
    assert.deepEqual(statuses(chunked), [201], 'chunked, in any case and spacing, is read');
  } finally {
    await server.stop();
  }
});

test('HTTP/1.1 without exactly one Host is 400; HTTP/1.2 and 3.0 are 505', async () => {
  const server = await Server.start();
  try {
    assert.deepEqual(statuses(await raw(server.port, 'GET /api/variants HTTP/1.1\r\n\r\n')), [400]);
    assert.deepEqual(statuses(await raw(server.port, 'GET /api/variants HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n')), [400]);
    assert.deepEqual(statuses(await raw(server.port, 'GET /api/variants HTTP/1.0\r\n\r\n')), [200], 'HTTP/1.0 needs no Host');
    for (const version of ['1.2', '1.9', '3.0']) {
      const response = await raw(server.port, `GET /api/variants HTTP/${version}\r\nHost: x\r\n\r\n`);
      assert.deepEqual(statuses(response), [505], version);
      assert.match(response, /"error":"http_version"/);
    }
  } finally {
    await server.stop();
  }
});

test('a flood of empty continuation frames is counted and closed with 1008; fragments still make messages', async () => {
  const server = await Server.start(['--message-timeout', '60']);  // the rate alone must close it
  try {
    const game = await server.newGame();
    const ws = await RawWebSocket.open(server.port, `/ws/${game.id}?token=${game.tokens.white}`);
    ws.send(Buffer.concat([frame(1, false, '{"t":'), frame(0, false), frame(9, true), frame(0, true, '"ping"}')]));
    await ws.text(message => message.t === 'pong', 'the pong to a fragmented ping');
    ws.send(frame(1, false, '{'));
    ws.send(Buffer.concat(Array.from({ length: 100000 }, () => frame(0, false))));
    assert.equal(await guarded(ws.ended, 'the flooding socket'), 1008);
    const count = await refusals(server);
    assert.ok(count('message_rate') >= 1);
  } finally {
    await server.stop();
  }
});

test('a frame trickled a byte at a time is closed with 1008 within --message-timeout', async () => {
  const server = await Server.start(['--message-timeout', '1']);
  let trickle;
  try {
    const game = await server.newGame();
    const ws = await RawWebSocket.open(server.port, `/ws/${game.id}?token=${game.tokens.white}`);
    const bytes = frame(1, true, '{"t":"ping"}');
    let sent = 0;
    trickle = setInterval(() => { if (sent < bytes.length) ws.send(bytes.subarray(sent, ++sent)); }, 500);  // 9 s in all
    assert.equal(await guarded(ws.ended, 'the trickling socket', 8000), 1008);
    assert.ok(sent < bytes.length, 'closed before the frame was complete');
    const count = await refusals(server);
    assert.equal(count('message_timeout'), 1);
  } finally {
    clearInterval(trickle);
    await server.stop();
  }
});

test('the Bearer scheme is case-insensitive', async () => {
  const server = await Server.start();
  try {
    const game = await server.newGame();
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const seen = await server.api('GET', `/api/games/${game.id}`, undefined, { headers: { authorization: `${scheme} ${game.tokens.black}` } });
      assert.equal(seen.body.you, 'black', scheme);
    }
  } finally {
    await server.stop();
  }
});
