// GET /metrics: Prometheus text with the server's counters and histograms, for the machine
// itself (a loopback peer no proxy forwarded) or on its own --metrics port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Server, metricSamples, play } from './helpers.js';

test('/metrics counts connections, games by status, moves, refusals, and times moves and commits', async () => {
  const server = await Server.start(['--address-limits', 'on', '--creates-per-minute', '1']);
  try {
    const { white, black } = await server.seated();
    await play({ white, black }, ['e2e4', 'e7e5', 'g1f3']);
    await server.api('POST', '/api/games', { variant: 'chess' });  // the second of a burst of 2
    assert.equal((await server.api('POST', '/api/games', { variant: 'chess' })).status, 429);
    const response = await server.api('GET', '/metrics');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    for (const family of ['arbiter_connections', 'arbiter_connections_accepted_total', 'arbiter_games', 'arbiter_moves_total',
      'arbiter_refusals_total', 'arbiter_move_seconds', 'arbiter_commit_seconds', 'arbiter_commit_batch_writes',
      'arbiter_websocket_messages_total', 'arbiter_websocket_pings_total', 'arbiter_connection_cap'])
      assert.match(response.text, new RegExp(`^# TYPE ${family} `, 'm'), family);
    const values = metricSamples(response.text);
    assert.equal(values['arbiter_moves_total'], 3);
    assert.equal(values['arbiter_move_seconds_count'], 3);
    assert.ok(values['arbiter_move_seconds_sum'] > 0);
    assert.equal(values['arbiter_move_seconds_bucket{le="+Inf"}'], 3);
    assert.ok(values['arbiter_commit_seconds_count'] >= 7, 'two creations, a join, its event and three moves at least');
    assert.ok(values['arbiter_commit_batch_writes_count'] >= 1);
    assert.equal(values['arbiter_games{status="playing"}'], 1);
    assert.equal(values['arbiter_games{status="waiting"}'], 1);
    assert.equal(values['arbiter_refusals_total{reason="create_rate"}'], 1);
    assert.ok(values['arbiter_connections{kind="websocket"}'] >= 3);
  } finally {
    await server.stop();
  }
});

test('/metrics is not served to forwarded requests; --metrics serves it on its own port', async () => {
  const server = await Server.start(['--trusted-proxy', '127.0.0.1', '--metrics', '127.0.0.1:0']);
  try {
    assert.equal((await server.api('GET', '/metrics')).status, 404, 'the trusted proxy is the outside world');
    let found;
    for (let i = 0; i < 100 && !found; i++) {
      found = /metrics on (http:\/\/[^/\s]+)\/metrics/.exec(server.child.output);
      if (!found) await new Promise(resolve => setTimeout(resolve, 20));
    }
    assert.ok(found, server.child.output);
    const scraped = await fetch(`${found[1]}/metrics`);
    assert.equal(scraped.status, 200);
    assert.match(await scraped.text(), /^# TYPE arbiter_moves_total counter/m);
    assert.equal((await fetch(`${found[1]}/api/variants`)).status, 404, 'only /metrics there');
  } finally {
    await server.stop();
  }
});

test('a request forwarded by anyone is not answered with metrics', async () => {
  const server = await Server.start();
  try {
    assert.equal((await server.api('GET', '/metrics', undefined, { headers: { 'x-forwarded-for': '203.0.113.1' } })).status, 404);
  } finally {
    await server.stop();
  }
});
