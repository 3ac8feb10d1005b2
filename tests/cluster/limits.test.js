// One address behind HAProxy, its requests spread over three nodes (round robin): its budget of
// game creations and its cap of computer games are the cluster's, counted through Redis, not one
// on each node (issue 32).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { Cluster } from './cluster.js';

const CREATES_PER_MINUTE = 3;  // a burst of 6 (2 per minute's worth), then one each 20 s
const BURST = 2 * CREATES_PER_MINUTE;
const COMPUTER_GAMES = 2;

let cluster;
before(async () => {
  cluster = await Cluster.start({
    nodeArgs: ['--address-limits', 'on', '--creates-per-minute', String(CREATES_PER_MINUTE), '--computer-games-per-address', String(COMPUTER_GAMES)],
  });
});
after(async () => { await cluster?.stop(); });

// POST /api/games through HAProxy from loopback address `from`: each test is its own address.
function create(from, body) {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const request = http.request({
      host: '127.0.0.1', port: cluster.frontPort, localAddress: from, method: 'POST', path: '/api/games',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), connection: 'close' },
    }, response => {
      let answer = '';
      response.on('data', chunk => { answer += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(answer), headers: response.headers }));
    });
    request.once('error', reject);
    request.end(text);
  });
}

test('game creations through HAProxy: the burst is spent over the three nodes together, then 429', async () => {
  const nodes = new Set();
  for (let i = 0; i < BURST; i++) {
    const created = await create('127.0.0.2', { variant: 'chess', color: 'white' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    nodes.add(created.body.id.split('_')[0]);
  }
  assert.deepEqual([...nodes].sort(), ['a', 'b', 'c'], 'HAProxy spread the creations over every node');
  const refused = await create('127.0.0.2', { variant: 'chess', color: 'white' });
  assert.equal(refused.status, 429, JSON.stringify(refused.body));
  assert.equal(refused.body.error, 'rate_limited');
  assert.ok(Number(refused.headers['retry-after']) >= 1, refused.headers['retry-after']);
});

test('computer games through HAProxy: the address holds its cap over the three nodes together', async () => {
  const nodes = new Set();
  for (let i = 0; i < COMPUTER_GAMES; i++) {
    const created = await create('127.0.0.3', { variant: 'chess', color: 'white', opponent: { computer: 1 } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    nodes.add(created.body.id.split('_')[0]);
  }
  assert.equal(nodes.size, COMPUTER_GAMES, 'each on another node');
  for (let i = 0; i < 3; i++) {  // one try on each node
    const refused = await create('127.0.0.3', { variant: 'chess', color: 'white', opponent: { computer: 1 } });
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.body.error, 'too_many_computer_games');
  }
});
