// The WebSocket to one game, kept alive: it reconnects by itself after a drop (with growing
// pauses), and also when it sees a gap in the event numbers `v`, since then it missed an event.
// A reconnection asks to resume after the last event held (`?v=N`): the server resends the
// missed events and says `resumed`, or sends a whole `state` when it cannot, and the owner
// rebuilds from that.

const PING_EVERY_MS = 20000;
const MAX_RETRY_MS = 5000;

export class GameConnection {
  // onMessage(message) for every message; onStatus('online' | 'offline') when that changes.
  constructor(gameId, token, { onMessage, onStatus }) {
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${encodeURIComponent(gameId)}`;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retries = 0;
    this.lastV = null;
    this.closed = false;
    this.open();
  }

  open() {
    const query = new URLSearchParams();
    if (this.token) query.set('token', this.token);
    if (this.lastV !== null) query.set('v', String(this.lastV));
    const socket = new WebSocket(query.toString() ? `${this.url}?${query}` : this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retries = 0;
      this.pinger = setInterval(() => this.send({ t: 'ping' }), PING_EVERY_MS);
    });
    socket.addEventListener('message', event => this.receive(socket, event.data));
    socket.addEventListener('close', () => this.dropped(socket));
  }

  receive(socket, data) {
    if (socket !== this.socket) return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.t === 'state' || message.t === 'resumed') {
      this.onStatus('online');
    } else if (typeof message.v === 'number' && this.lastV !== null && message.v !== this.lastV + 1) {
      socket.close();
      return;
    }
    if (typeof message.v === 'number') this.lastV = message.v;
    this.onMessage(message);
  }

  dropped(socket) {
    if (socket !== this.socket) return;
    clearInterval(this.pinger);
    if (this.closed) return;
    this.onStatus('offline');
    const delay = Math.min(MAX_RETRY_MS, 400 * 2 ** this.retries++);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pinger);
    this.socket.close();
  }
}
