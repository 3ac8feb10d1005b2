// The per-connection message rate is the operator's (`serve --connection-messages-per-second R`,
// a burst of 2R, at least 1): the same burst of pings, sent at once, is refused past the burst by
// a server with a low rate and taken whole by one with a higher rate. Counted by the replies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from './helpers.js';

const BURST = 20;

// Sends BURST pings at once on a spectator's socket (no seat: only this connection's rate and the
// address's apply) and waits for a reply to each: {pongs, refusals}.
async function burstOfPings(server) {
  const { id } = await server.newGame();
  const spectator = await server.connect(id);
  for (let i = 0; i < BURST; i++) spectator.send({ t: 'ping' });
  const replies = [];
  for (let i = 0; i < BURST; i++) replies.push(await spectator.next(m => m.t === 'pong' || m.t === 'error', `reply ${i + 1}`));
  for (const reply of replies.filter(r => r.t === 'error')) {
    assert.equal(reply.code, 'rate_limited');
    assert.equal(reply.message, 'too many messages');
  }
  return { pongs: replies.filter(r => r.t === 'pong').length, refusals: replies.filter(r => r.t === 'error').length };
}

test('a low connection rate refuses the burst past its one message; a higher one takes it whole', async () => {
  // 0.01 a second: a burst of 1 and the next message a hundred seconds later, far past this test.
  const low = await Server.start(['--connection-messages-per-second', '0.01']);
  try {
    assert.deepEqual(await burstOfPings(low), { pongs: 1, refusals: BURST - 1 });
  } finally {
    await low.stop();
  }
  // 10 a second: a burst of 20, the whole burst.
  const high = await Server.start(['--connection-messages-per-second', String(BURST / 2)]);
  try {
    assert.deepEqual(await burstOfPings(high), { pongs: BURST, refusals: 0 });
  } finally {
    await high.stop();
  }
});
