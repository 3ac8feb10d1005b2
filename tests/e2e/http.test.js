// The HTTP side: the variants list, static files, and malformed requests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Server } from './helpers.js';

let server;
let secret;  // a file beside the web folder, which must stay out of reach
before(async () => {
  server = await Server.start();
  fs.writeFileSync(path.join(server.dir, 'index.html'), '<!doctype html><title>arbiter</title>');
  fs.mkdirSync(path.join(server.dir, 'js'));
  fs.writeFileSync(path.join(server.dir, 'js', 'app.js'), 'export {};');
  secret = `${path.basename(server.dir)}-secret.txt`;
  fs.writeFileSync(path.join(server.dir, '..', secret), 'secret');
});
after(async () => {
  fs.rmSync(path.join(server.dir, '..', secret), { force: true });
  await server.stop();
});

test('GET /api/variants describes every board', async () => {
  const { status, body } = await server.api('GET', '/api/variants');
  assert.equal(status, 200);
  const names = body.variants.map(v => v.name);
  for (const name of ['chess', 'capablanca', 'grand']) assert.ok(names.includes(name), name);
  for (const variant of body.variants) {
    assert.ok(['rect', 'ring'].includes(variant.board.type));
    assert.ok(variant.board.files > 0 && variant.board.ranks > 0);
    assert.ok(variant.pieces.every(p => typeof p.letter === 'string' && typeof p.name === 'string'));
    assert.ok(Array.isArray(variant.promotion));
    for (const field of ['title', 'description', 'start_fen']) assert.equal(typeof variant[field], 'string');
  }
  const grand = body.variants.find(v => v.name === 'grand');
  assert.deepEqual(grand.board, { type: 'rect', files: 10, ranks: 10 });
});

test('the page is served at its routes, files by type, nothing outside the web folder', async () => {
  for (const route of ['/', '/game/abc', '/join/xyz']) {
    const response = await server.api('GET', route);
    assert.equal(response.status, 200, route);
    assert.match(response.headers.get('content-type'), /text\/html/);
    assert.match(response.text, /arbiter/);
  }
  const script = await server.api('GET', '/js/app.js');
  assert.equal(script.status, 200);
  assert.match(script.headers.get('content-type'), /javascript/);
  assert.equal((await server.api('GET', '/missing.css')).status, 404);
  fs.writeFileSync(path.join(server.dir, 'NOTES.md'), 'not the page');
  assert.equal((await server.api('GET', '/NOTES.md')).status, 404, 'only the kinds of file a page is made of');
  // A path that is nowhere: a page for a browser, the JSON error for everyone else.
  const browser = await server.api('GET', '/nowhere/at/all', undefined,
    { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
  assert.equal(browser.status, 404);
  assert.match(browser.headers.get('content-type'), /^text\/html/);
  assert.match(browser.text, /<h1>Not found<\/h1>/);
  assert.match(browser.text, /<a href="\/"/);
  for (const accept of ['*/*', 'application/json', 'text/html;q=0.5, application/json']) {
    const client = await server.api('GET', '/nowhere/at/all', undefined, { headers: { accept } });
    assert.equal(client.status, 404, accept);
    assert.deepEqual(client.body, { error: 'not_found', message: 'no such file' }, accept);
  }
  const api = await server.api('GET', '/api/nothing', undefined, { headers: { accept: 'text/html' } });
  assert.equal(api.body.error, 'not_found', 'the API answers JSON whatever is asked');
  assert.equal((await server.api('POST', '/js/app.js')).status, 405);
  for (const sneaky of [`/../${secret}`, `/%2e%2e/${secret}`, `/js/..%2f..%2f${secret}`, '/.hidden', '/js/']) {
    const raw = await rawRequest(`GET ${sneaky} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.match(raw, /^HTTP\/1\.1 404/, sneaky);
    assert.doesNotMatch(raw, /secret$/);
  }
});

test('bad requests: 400 with an error body, 404, 405, 413', async () => {
  const badJson = await server.api('POST', '/api/games', undefined, { raw: '{"variant":' });
  assert.equal(badJson.status, 400);
  assert.equal(typeof badJson.body.error, 'string');
  assert.equal(typeof badJson.body.message, 'string');
  assert.equal((await server.api('POST', '/api/games', { variant: 'shogi' })).status, 400);
  assert.equal((await server.api('POST', '/api/games', { variant: 'chess', color: 'purple' })).status, 400);
  assert.equal((await server.api('GET', '/api/nothing')).status, 404);
  assert.equal((await server.api('DELETE', '/api/games')).status, 405);
  assert.equal((await server.api('GET', '/api/join/abc')).status, 404);
  assert.equal((await server.api('PUT', '/api/join/abc')).status, 405);
  assert.equal((await server.api('GET', '/api/games?status=finished&limit=zero')).status, 400);
  const huge = await server.api('POST', '/api/games', undefined, { raw: JSON.stringify({ variant: 'chess', pad: 'x'.repeat(100000) }) });
  assert.equal(huge.status, 413);
  const garbage = await rawRequest('\x00\x01NOT HTTP AT ALL\r\n\r\n');
  assert.ok(typeof garbage === 'string');
  assert.equal((await server.api('GET', '/api/variants')).status, 200, 'still serving');
});

test('live games have a PGN (result *) except hidden ones; the list honours its limit', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  const pgn = await server.api('GET', `/api/games/${created.body.id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.match(pgn.text, /\[Result "\*"\]/);
  const variants = (await server.api('GET', '/api/variants')).body.variants;
  const hidden = variants.find(v => v.board_hidden);
  if (hidden) {
    const live = await server.api('POST', '/api/games', { variant: hidden.name, local: true });
    assert.equal((await server.api('GET', `/api/games/${live.body.id}/pgn`)).status, 403);
  }
  for (let i = 0; i < 3; i++) {
    const game = await server.seated();
    game.white.send({ t: 'resign' });
    await game.black.event('end');
  }
  const list = await server.api('GET', '/api/games?status=finished&limit=2');
  assert.equal(list.status, 200);
  assert.equal(list.body.games.length, 2);
});

function rawRequest(text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', chunk => { data += chunk; });
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}
