// The connection cap: past it new connections are closed at once, and room is made again as
// connections leave.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, Client } from './helpers.js';
import { KeptConnection } from './raw_sockets.js';

test('connections over the cap are refused; the server keeps serving those it has', async () => {
  const server = await Server.start(['--max-connections', '3']);
  try {
    // Set up over the connection that then watches: a connection closed after its answer may
    // hold its slot a moment longer than the client sees.
    const setUp = await KeptConnection.open(server.port);
    const created = await setUp.request('POST', '/api/games', { variant: 'chess', local: true });
    const { id, tokens } = created.body;
    const spectator = await setUp.upgrade(`/ws/${id}`);
    await spectator.text(message => message.t === 'state', 'the spectator\'s state');
    const white = await server.connect(id, tokens.white);
    const black = await server.connect(id, tokens.black);
    const refused = new Client(`ws://127.0.0.1:${server.port}/ws/${id}`);
    await assert.rejects(refused.opened);
    white.move('e2e4', 0);
    assert.equal((await black.event('move')).move, 'e2e4');
    spectator.destroy();
    await spectator.ended;
    // The slot frees once the server has seen the close; a new spectator eventually gets in.
    let again;
    for (let attempt = 0; attempt < 100 && !again; attempt++) {
      try { again = await server.connect(id); } catch { await new Promise(resolve => setTimeout(resolve, 20)); }
    }
    assert.ok(again, 'a freed slot can be used again');
    assert.deepEqual(again.state.moves, ['e2e4']);
  } finally {
    await server.stop();
  }
});
