// A game page without a browser: the page's own reducer (web/js/game-state.js) fed every
// message of real WebSocket connections to the real server, as the page's controller feeds it.
// Tests read the view a renderer would draw, and act as the page's buttons do: on the connection
// the server's facts permit.
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { seatFor } from '../../web/js/game-facts.js';
import { initialState, reduce } from '../../web/js/game-state.js';
import { gameView } from '../../web/js/game-view.js';

const GUARD_MS = 15000;

export class Page {
  // you: 'white' | 'black' | 'spectator' | 'both'; tokens: by seat ('spectator': none).
  constructor(server, id, variant, you, tokens) {
    this.server = server;
    this.id = id;
    this.state = initialState({ variant, you });
    this.effects = [];
    this.waiters = [];
    this.sockets = {};
    for (const [seat, token] of Object.entries(tokens)) {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
      socket.on('message', data => this.dispatch({ type: 'message', seat, message: JSON.parse(String(data)) }));
      socket.on('error', () => {});
      this.sockets[seat] = socket;
    }
  }

  static async open(server, id, you, tokens) {
    const { variants } = (await server.api('GET', '/api/variants')).body;
    const game = (await server.api('GET', `/api/games/${id}`)).body;
    const page = new Page(server, id, variants.find(v => v.name === game.variant), you, tokens);
    await page.until(view => view.status !== 'waiting' || page.state.v !== null, 'the first state');
    return page;
  }

  dispatch(input) {
    const { state, effects } = reduce(this.state, { at: performance.now(), ...input });
    this.state = state;
    this.effects.push(...effects);
    this.waiters = this.waiters.filter(waiter => !waiter());
  }

  get view() {
    return gameView(this.state, performance.now());
  }

  // Resolves with the view once `predicate(view)` holds (checked after every message).
  until(predicate, what) {
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`never ${what}; view: ${JSON.stringify(this.view, replacer)}`)), GUARD_MS);
      const attempt = () => {
        const view = this.view;
        if (!predicate(view)) return false;
        clearTimeout(guard);
        resolve(view);
        return true;
      };
      if (!attempt()) this.waiters.push(attempt);
    });
  }

  send(message, seat) {
    assert.ok(seat, `no seat may send ${JSON.stringify(message)} now`);
    this.sockets[seat].send(JSON.stringify(message));
  }

  // As the page's buttons: on the connection the server permits `action` on.
  act(action, message) {
    this.send(message, seatFor(this.state, action));
  }

  // A move as the page sends it: the ply the server said, from the seat that may move.
  async move(uci) {
    await this.until(view => view.board.legal.includes(uci), `${uci} offered`);
    const seat = seatFor(this.state, 'move');
    const v = this.state.v;
    this.send({ t: 'move', move: uci, ply: this.state.facts[seat].ply }, seat);
    this.dispatch({ type: 'sent-move', uci, from: uci.slice(0, 2), to: uci.slice(2, 4) });
    await this.until(() => this.state.v > v && !this.state.pending, `${uci} answered`);
  }

  close() {
    for (const socket of Object.values(this.sockets)) socket.close();
  }
}

const replacer = (key, value) => (value instanceof Map ? Object.fromEntries(value) : value instanceof Set ? [...value] : value);

// A game by invitation, joined: {id, tokens}.
export async function newGame(server, body = {}) {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'white', ...body });
  assert.equal(created.status, 201, created.text);
  if (!created.body.invite) return { id: created.body.id, created: created.body };
  const joined = await server.api('POST', `/api/join/${created.body.invite.split('/').pop()}`);
  assert.equal(joined.status, 200, joined.text);
  return { id: created.body.id, tokens: { [created.body.color]: created.body.token, [joined.body.color]: joined.body.token } };
}
