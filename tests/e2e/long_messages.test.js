// A message is read a few hundred bytes at a time (server/net/websocket_session.cpp): one of several
// KiB, in one frame or in fragments, is still read whole, and one over the 8 KiB limit still
// closes the connection with 1009.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server } from './helpers.js';

test('a move of several KiB (an ignored field padding it), whole or in fragments, is played', async () => {
  const server = await Server.start();
  try {
    const { white, black } = await server.seated();
    white.send(JSON.stringify({ t: 'move', move: 'e2e4', ply: 0, pad: 'x'.repeat(6000) }));
    assert.equal((await black.event('move')).move, 'e2e4');
    assert.equal((await white.event('move')).move, 'e2e4');
    const text = JSON.stringify({ t: 'move', move: 'e7e5', ply: 1, pad: 'y'.repeat(3000) });
    const pieces = [text.slice(0, 700), text.slice(700, 2500), text.slice(2500)];
    pieces.forEach((piece, i) => black.ws.send(piece, { fin: i === pieces.length - 1 }));
    assert.equal((await white.event('move')).move, 'e7e5');
    // Its last fragment takes the message over 8 KiB (nothing is sent after it, as the server
    // closes there).
    black.ws.send('{"t":"ping","pad":"', { fin: false });
    black.ws.send(`${'z'.repeat(9000)}"}`, { fin: true });
    assert.equal((await black.closed).code, 1009);
  } finally {
    await server.stop();
  }
});
