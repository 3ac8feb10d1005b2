// HTTP and WebSocket over raw sockets, for tests that must control every byte and every
// connection: requests on a connection kept open, silent connections, hand-made frames.
// Timeouts only guard against hangs.
import assert from 'node:assert/strict';
import net from 'node:net';

const GUARD_MS = 10000;

export function guarded(promise, what, ms = GUARD_MS) {
  let timer;
  const guard = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

// Sends `text`; resolves with everything the server wrote once it closes the connection.
export function raw(port, text) {
  return guarded(new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', chunk => { data += chunk; });
    socket.on('close', () => resolve(data));
    socket.on('error', error => (data ? resolve(data) : reject(error)));
  }), `the answer to ${JSON.stringify(text.slice(0, 60))}`);
}

// The statuses of every response in what the server wrote.
export const statuses = response => [...response.matchAll(/^HTTP\/1\.[01] (\d{3})/gm)].map(match => Number(match[1]));

// A TCP connection that says nothing; `ended` resolves when the server closes it.
export function silent(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.ended = new Promise(done => socket.on('close', done));
    socket.once('error', reject);
    socket.on('error', () => {});
  });
}

// A client WebSocket frame, masked with a zero key (so the payload goes as is).
export function frame(opcode, fin, payload = '') {
  const body = Buffer.from(payload);
  assert.ok(body.length < 126);
  return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | body.length, 0, 0, 0, 0]), body]);
}

// A WebSocket over a raw socket: the upgrade, then the server's frames as they come.
export class RawWebSocket {
  static open(port, path) {
    return guarded(new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => RawWebSocket.upgrade(socket, path).then(resolve, reject));
      socket.on('error', () => {});
    }), `the upgrade of ${path}`);
  }

  // The upgrade asked for on an open socket with nothing left unread.
  static upgrade(socket, path) {
    return new Promise((resolve, reject) => {
      const ws = new RawWebSocket(socket);
      ws.upgraded = resolve;
      ws.ended.then(() => reject(new Error(`not upgraded: ${ws.head}`)));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
    });
  }

  constructor(socket) {
    this.socket = socket;
    this.data = Buffer.alloc(0);
    this.head = undefined;
    this.texts = [];
    this.closeCode = undefined;
    this.waiters = [];
    this.ended = new Promise(resolve => socket.on('close', () => resolve(this.closeCode)));
    socket.on('data', chunk => this.received(chunk));
  }

  received(chunk) {
    this.data = Buffer.concat([this.data, chunk]);
    if (this.head === undefined) {
      const end = this.data.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.head = String(this.data.subarray(0, end));
      this.data = this.data.subarray(end + 4);
      if (this.head.startsWith('HTTP/1.1 101')) this.upgraded(this);
    }
    for (;;) {  // the server's frames are not masked
      if (this.data.length < 2) break;
      let length = this.data[1] & 0x7f, at = 2;
      if (length === 126) { if (this.data.length < 4) break; length = this.data.readUInt16BE(2); at = 4; }
      else if (length === 127) { if (this.data.length < 10) break; length = Number(this.data.readBigUInt64BE(2)); at = 10; }
      if (this.data.length < at + length) break;
      const opcode = this.data[0] & 0x0f, payload = this.data.subarray(at, at + length);
      this.data = this.data.subarray(at + length);
      if (opcode === 1) this.texts.push(JSON.parse(String(payload)));
      if (opcode === 8) this.closeCode = payload.readUInt16BE(0);
    }
    this.waiters = this.waiters.filter(waiter => !waiter());
  }

  // The first text message so far or to come that matches.
  text(match, what) {
    return guarded(new Promise(resolve => {
      const attempt = () => {
        const found = this.texts.find(match);
        if (found) resolve(found);
        return found !== undefined;
      };
      if (!attempt()) this.waiters.push(attempt);
    }), what);
  }

  send(bytes) { if (!this.socket.destroyed) this.socket.write(bytes); }
  destroy() { this.socket.destroy(); }
}

// An HTTP/1.1 connection kept open from one request to the next, over a raw socket.
export class KeptConnection {
  // `localAddress`: the client's source address (127.0.0.x: another client address to the server).
  static open(port, { localAddress } = {}) {
    return guarded(new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(new KeptConnection(socket)));
      socket.once('error', reject);
    }), 'a kept connection');
  }

  constructor(socket) {
    this.socket = socket;
    this.data = Buffer.alloc(0);
    this.answered = () => {};
    this.received = chunk => { this.data = Buffer.concat([this.data, chunk]); this.answered(); };
    socket.on('data', this.received);
  }

  // Resolves with the status and the body (parsed when JSON) of the response.
  request(method, path, body) {
    const payload = body === undefined ? '' : JSON.stringify(body);
    this.socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
    return guarded(new Promise(resolve => {
      this.answered = () => {
        const end = this.data.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = String(this.data.subarray(0, end));
        const length = Number(/^content-length: *(\d+)/im.exec(head)[1]);
        if (this.data.length < end + 4 + length) return;
        const text = String(this.data.subarray(end + 4, end + 4 + length));
        this.data = this.data.subarray(end + 4 + length);
        this.answered = () => {};
        resolve({ status: statuses(head)[0], body: /^content-type: *application\/json/im.test(head) ? JSON.parse(text) : text });
      };
      this.answered();
    }), `the answer to ${method} ${path}`);
  }

  // This connection, upgraded to a WebSocket.
  upgrade(path) {
    this.socket.off('data', this.received);
    return guarded(RawWebSocket.upgrade(this.socket, path), `the upgrade of ${path}`);
  }
}
