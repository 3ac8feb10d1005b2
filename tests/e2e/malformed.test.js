// Malformed HTTP gets an answer before the connection closes: 400, 414, 431, 505; bad escapes
// in a query are refused rather than read around; every 405 says what is allowed; a store that
// fails to read answers 500 and the server carries on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { Server } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// Sends `text` as is; resolves with everything the server wrote before closing.
function raw(text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', chunk => { data += chunk; });
    socket.on('close', () => resolve(data));
    socket.on('error', error => (data ? resolve(data) : reject(error)));
  });
}

const status = response => Number(/^HTTP\/1\.1 (\d+)/.exec(response)?.[1]);

test('a 9 KB URL is 414, 9 KB of headers 431', async () => {
  assert.equal(status(await raw(`GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n\r\n`)), 414);
  assert.equal(status(await raw(`GET /?q=${'a'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`)), 414);
  assert.equal(status(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(9000)}\r\n\r\n`)), 431);
});

test('conflicting lengths, bare LF and garbage are 400; the HTTP/2 preface is 505', async () => {
  const conflicting = await raw('POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}');
  assert.equal(status(conflicting), 400);
  const both = await raw('POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
  assert.equal(status(both), 400);
  assert.equal(status(await raw('GET / HTTP/1.1\nHost: x\n\n')), 400);
  assert.equal(status(await raw('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 hello\r\n\r\n')), 400);
  const preface = await raw('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
  assert.equal(status(preface), 505);
  assert.match(preface, /"error":"http_version"/);
});

test('a malformed %-escape is 400, in the query as in the path', async () => {
  for (const route of ['/api/games?status=%zz', '/api/games/abc?token=%4', '/index.html%', '/ws/abc?token=%g0']) {
    const response = await server.api('GET', route);
    assert.equal(response.status, 400, route);
    assert.equal(response.body.error, 'bad_request');
  }
  assert.equal((await server.api('GET', '/api/games?status=%66inished')).status, 200, 'a good escape is decoded');
});

test('every 405 carries Allow, static files too', async () => {
  for (const [method, route, allow] of [['POST', '/index.html', 'GET, HEAD'], ['DELETE', '/', 'GET, HEAD'],
    ['PUT', '/api/variants', 'GET, HEAD'], ['DELETE', '/api/games', 'GET, HEAD, POST'], ['PUT', '/api/join/abc', 'GET, HEAD, POST']]) {
    const response = await server.api(method, route);
    assert.equal(response.status, 405, `${method} ${route}`);
    assert.equal(response.headers.get('allow'), allow, `${method} ${route}`);
  }
});

test('a store that cannot be read answers 500 and the server keeps serving', async () => {
  const own = await Server.start();
  try {
    assert.equal((await own.api('GET', '/api/games?status=finished')).status, 200);
    // The server may hold the database's lock a moment (its own writes): wait for it, as it would.
    execFileSync('sqlite3', ['-cmd', '.timeout 10000', own.db, 'ALTER TABLE games RENAME TO games_gone']);
    const failed = await own.api('GET', '/api/games?status=finished');
    assert.equal(failed.status, 500);
    assert.equal(failed.body.error, 'storage');
    assert.equal((await own.api('GET', '/api/variants')).status, 200, 'still serving');
  } finally {
    await own.stop();
  }
});
