// The home page's live part: open games (seeks) over /ws/lobby with the counts of people
// online and games in play. A seek's creator gets its seat token at once and keeps it for this
// tab (to reclaim the seek after a dropped connection, and to sit down when it is taken). The
// server shows the newest seeks only, and counts the rest; it sends the list ("lobby"), then at
// most one "lobby_update" a tick with what changed.
import { browserId, newSecret, saveSeat } from './api.js';
import { timeControlLabel } from './clock.js';
import { h } from './dom.js';
import { myName } from './names.js';

const RETRY_MS = 1500;
const PING_EVERY_MS = 20000;
const MINE_KEY = 'arbiter.seeks';

const readMine = () => {
  try {
    return JSON.parse(sessionStorage.getItem(MINE_KEY)) ?? {};
  } catch {
    return {};
  }
};
const writeMine = mine => sessionStorage.setItem(MINE_KEY, JSON.stringify(mine));

export class Lobby {
  // `variants`: from /api/variants, for titles.
  constructor({ variants }) {
    this.variants = variants;
    this.seeks = new Map();
    this.more = 0;  // open games beyond the ones shown
    this.mine = readMine();  // seek id -> token
    this.closed = false;
    this.counts = h('p.lobby-counts', { 'aria-live': 'polite' }, '');
    this.list = h('ul.seek-list', { 'aria-label': 'Open games' });
    this.rest = h('p.seek-more', { hidden: true });
    this.error = h('p.form-error', { role: 'alert' });
    this.element = h('section.lobby', {}, h('h2', {}, 'Open games'), this.counts, this.list, this.rest, this.error);
    this.open();
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby?browser=${browserId()}`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.pinger = setInterval(() => this.send({ t: 'ping' }), PING_EVERY_MS);
      for (const [id, token] of Object.entries(this.mine)) this.send({ t: 'reclaim', id, token });
      // An accept whose answer the last connection lost: the same secret gets the same seat.
      if (this.accepting) this.send({ t: 'accept', ...this.accepting, name: myName() || undefined });
    });
    socket.addEventListener('message', event => {
      try {
        this.receive(JSON.parse(event.data));
      } catch {
        /* not JSON: ignored */
      }
    });
    socket.addEventListener('close', () => {
      clearInterval(this.pinger);
      if (!this.closed) this.retry = setTimeout(() => this.open(), RETRY_MS);
    });
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  // `game`: {variant, color, clock} as the home page's form gives it.
  offer(game) {
    this.error.textContent = '';
    if (!this.send({ t: 'seek', ...game, name: myName() || undefined })) this.error.textContent = 'Not connected to the lobby yet.';
  }

  receive(message) {
    switch (message.t) {
      case 'lobby':
        this.seeks = new Map(message.seeks.map(seek => [seek.id, seek]));
        this.showCounts(message);
        break;
      case 'lobby_update':
        for (const id of message.removed) this.seeks.delete(id);
        for (const seek of message.added) this.seeks.set(seek.id, seek);
        this.showCounts(message);
        break;
      case 'seeking':
        this.mine[message.seek.id] = message.token;
        writeMine(this.mine);
        break;
      case 'matched': return this.sitDown(message);
      case 'error':
        if (message.code === 'seek_gone') this.accepting = null;
        if (message.code === 'seek_gone' && this.forget()) break;
        this.error.textContent = message.message ?? message.code;
        break;
      default: return;
    }
    this.render();
  }

  // Drops the remembered seeks that are no longer open; true if any was. Only the whole list
  // tells: a seek beyond the ones shown may still be open.
  forget() {
    if (this.more > 0) return false;
    const before = Object.keys(this.mine).length;
    for (const id of Object.keys(this.mine)) if (!this.seeks.has(id)) delete this.mine[id];
    writeMine(this.mine);
    return Object.keys(this.mine).length !== before;
  }

  accept(id) {
    this.accepting = { id, token: newSecret() };
    this.send({ t: 'accept', ...this.accepting, name: myName() || undefined });
  }

  sitDown(message) {
    const token = message.token ?? this.mine[message.seek];
    if (!token) return;
    this.accepting = null;
    delete this.mine[message.seek];
    writeMine(this.mine);
    saveSeat(message.game, { color: message.color, token });
    this.close();
    location.assign(`/game/${encodeURIComponent(message.game)}`);
  }

  showCounts({ online, games, more }) {
    this.more = more ?? 0;
    this.counts.textContent = `${online} online · ${games} ${games === 1 ? 'game' : 'games'} in play`;
  }

  render() {
    const newestFirst = [...this.seeks.values()].sort((a, b) => b.created_at - a.created_at);
    const rows = newestFirst.map(seek => {
      const mine = seek.id in this.mine;
      const variant = this.variants.find(v => v.name === seek.variant);
      const colour = seek.color === 'random' ? 'random colour' : `${seek.name} plays ${seek.color}`;
      const action = mine
        ? h('button.button.small', { type: 'button', onclick: () => this.send({ t: 'cancel', id: seek.id }) }, 'Cancel')
        : h('button.button.small.primary', { type: 'button', onclick: () => this.accept(seek.id) }, 'Join');
      return h('li.seek', { dataset: { seek: seek.id } },
        h('span.seek-name', {}, seek.name),
        h('span.seek-variant', {}, variant?.title ?? seek.variant),
        h('span.seek-clock', {}, timeControlLabel(seek.clock)),
        h('span.seek-colour', {}, colour),
        action);
    });
    this.list.replaceChildren(...(rows.length ? rows : [h('li.notice', {}, 'No open games: open one, and it appears here for everyone.')]));
    this.rest.hidden = this.more === 0;
    this.rest.textContent = `and ${this.more} more open ${this.more === 1 ? 'game' : 'games'}`;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    this.socket?.close();
  }
}
