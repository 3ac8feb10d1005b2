// Every accepted socket has TCP_NODELAY: a move is a small write, and Nagle's algorithm with the
// peer's delayed ACK would hold it back about 40 ms. The option is read from the server's own
// socket (tests/server/socket_probe.cpp), not guessed from timings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Server } from './helpers.js';

test('WebSocket and HTTP connections are accepted with TCP_NODELAY', async () => {
  const probe = process.env.ARBITER_SOCKET_PROBE;
  assert.ok(probe, 'ARBITER_SOCKET_PROBE must name the built socket_probe');
  const server = await Server.start();
  try {
    const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
    const client = await server.connect(created.body.id, created.body.tokens.white);
    const port = client.ws._socket.localPort;
    assert.equal(execFileSync(probe, [String(server.child.pid), String(port)], { encoding: 'utf8' }).trim(), 'nodelay 1');
  } finally {
    await server.stop();
  }
});
