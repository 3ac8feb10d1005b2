// Shared by the end-to-end tests: the real `arbiter serve` (tests/support/server.js), and
// WebSocket clients that wait for messages by content. Timeouts only guard against hangs;
// nothing waits for a fixed time.
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { ArbiterServer } from '../support/server.js';

const GUARD_MS = 15000;

// The server (tests/support/server.js) with the HTTP and WebSocket calls the tests make.
// `Server.start(['--max-connections', '3'])` passes more `serve` options.
export class Server extends ArbiterServer {
  constructor(extraArgs = [], { prefix = [] } = {}) {
    super({ args: extraArgs, prefix });
    this.clients = [];
  }

  static async start(extraArgs = [], options = {}) {
    const server = new Server(extraArgs, options);
    await server.launch();
    return server;
  }

  async stop() {
    for (const client of this.clients) client.close();
    await super.stop();
  }

  // {status, body (parsed JSON when it is JSON), text, headers}.
  async api(method, route, body, { token, raw, headers = {} } = {}) {
    const init = { method, headers: { ...headers } };
    if (token) init.headers.authorization = `Bearer ${token}`;
    if (raw !== undefined) init.body = raw;
    else if (body !== undefined) { init.body = JSON.stringify(body); init.headers['content-type'] = 'application/json'; }
    const response = await fetch(this.url + route, init);
    const text = await response.text();
    let json;
    try { json = JSON.parse(text); } catch { json = undefined; }
    return { status: response.status, body: json, text, headers: response.headers };
  }

  // A WebSocket client, open and past its `state` message (kept in client.state).
  async connect(id, token) {
    const client = new Client(`ws://127.0.0.1:${this.port}/ws/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    this.clients.push(client);
    await client.opened;
    client.state = await client.next(m => m.t === 'state');
    return client;
  }

  // A reconnect that holds the events up to `since`: open, with nothing awaited yet.
  async resume(id, token, since) {
    const query = new URLSearchParams({ ...(token ? { token } : {}), v: String(since) });
    const client = new Client(`ws://127.0.0.1:${this.port}/ws/${id}?${query}`);
    client.lastV = since;
    this.clients.push(client);
    await client.opened;
    return client;
  }

  // A game by invitation with both seats taken; tokens by colour.
  async newGame({ variant = 'chess', color = 'white', clock } = {}) {
    const created = await this.api('POST', '/api/games', { variant, color, ...(clock ? { clock } : {}) });
    assert.equal(created.status, 201, created.text);
    const code = created.body.invite.split('/').pop();
    const joined = await this.api('POST', `/api/join/${code}`);
    assert.equal(joined.status, 200, joined.text);
    return {
      id: created.body.id,
      code,
      tokens: { [created.body.color]: created.body.token, [joined.body.color]: joined.body.token },
    };
  }

  // Both players connected, plus a spectator.
  async seated(options) {
    const game = await this.newGame(options);
    const white = await this.connect(game.id, game.tokens.white);
    const black = await this.connect(game.id, game.tokens.black);
    const spectator = await this.connect(game.id);
    return { ...game, white, black, spectator };
  }
}

export class Client {
  // `localAddress`: the client's source address (127.0.0.x: another client address to the server).
  constructor(url, { headers, localAddress } = {}) {
    this.ws = new WebSocket(url, { headers, localAddress });
    this.inbox = [];
    this.waiters = [];
    this.lastV = undefined;
    this.gaps = [];
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', resolve);
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (request, response) => reject(Object.assign(new Error(`HTTP ${response.statusCode}`), { status: response.statusCode })));
    });
    this.closed = new Promise(resolve => this.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
    this.ws.on('error', () => {});
    this.ws.on('message', (data, binary) => {
      const message = JSON.parse(binary ? data : String(data));
      if (message.v !== undefined) {
        if (message.t === 'state') this.lastV = message.v;
        else if (message.v !== this.lastV + 1) this.gaps.push({ after: this.lastV, got: message });
        else this.lastV = message.v;
      }
      this.inbox.push(message);
      this.waiters = this.waiters.filter(waiter => !waiter());
    });
  }

  // The first message not yet taken that matches, taken out of the inbox.
  next(match = () => true, what = 'a message') {
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`no ${what}; inbox: ${JSON.stringify(this.inbox)}`)), GUARD_MS);
      const attempt = () => {
        const index = this.inbox.findIndex(match);
        if (index < 0) return false;
        clearTimeout(guard);
        resolve(this.inbox.splice(index, 1)[0]);
        return true;
      };
      if (!attempt()) this.waiters.push(attempt);
    });
  }

  // The `state` when it already shows what is awaited, else the first event not yet taken that
  // shows it: what happened before this socket connected is only in the state.
  shown(inState, inEvent, what) {
    if (this.state && inState(this.state)) return Promise.resolve(this.state);
    return this.next(inEvent, what);
  }

  event(type) { return this.next(m => m.t === type, `"${type}" event`); }
  error(code) { return this.next(m => m.t === 'error' && (!code || m.code === code), `error ${code}`); }

  send(message) { this.ws.send(typeof message === 'string' ? message : JSON.stringify(message)); }

  async move(move, ply) {
    this.send({ t: 'move', move, ply });
  }

  close() { if (this.ws.readyState <= WebSocket.OPEN) this.ws.close(); }
}

// Plays moves in order from `ply` on, each by the seat the server says is to move, and waits
// until every client has seen each; returns the last move event.
export async function play(clients, moves, { ply = 0, turn = 'white' } = {}) {
  let last;
  for (const move of moves) {
    clients[turn].move(move, ply);
    const events = await Promise.all(Object.values(clients).map(c => c.next(m => m.t === 'move' && m.ply === ply, `move ${move}`)));
    for (const event of events) assert.equal(event.move, move);
    last = events[0];
    turn = last.turn;
    ply += 1;
  }
  return last;
}

// The move played at `ply` (an open game's), from the client's `state` when it already holds it,
// else from its move event.
export async function moveAt(client, ply) {
  if (client.state?.moves?.length > ply) return client.state.moves[ply];
  return (await client.next(m => m.t === 'move' && m.ply === ply, `move ${ply}`)).move;
}

export function assertNoGaps(...clients) {
  for (const client of clients) assert.deepEqual(client.gaps, [], 'v rises by exactly 1');
}

// PGN movetext to SAN moves (no comments or variations: ours has none); a turn of two moves is
// one token, its moves joined by a comma.
export function pgnSans(pgn) {
  const movetext = pgn.split('\n\n').slice(1).join(' ');
  return movetext.split(/\s+/).filter(token => token && !/^\d+\.(\.\.)?$/.test(token) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token))
    .flatMap(token => token.split(','));
}

// Replays a PGN's SAN in a fresh local game of the variant, through the server; each move must be
// written back as the PGN wrote it. `boardOf` gives sanToMove a rectangular FEN of the position.
export async function replayPgn(server, pgn, variant, boardOf = fen => fen) {
  const created = await server.api('POST', '/api/games', { variant, local: true });
  assert.equal(created.status, 201, created.text);
  const { id, tokens } = created.body;
  const clients = { white: await server.connect(id, tokens.white), black: await server.connect(id, tokens.black) };
  let { fen, turn } = clients.white.state;
  let ply = 0;
  for (const san of pgnSans(pgn)) {
    const { legal } = (await server.api('GET', `/api/games/${id}`, undefined, { token: tokens[turn] })).body;
    const event = await play(clients, [sanToMove(san, boardOf(fen), legal)], { ply, turn });
    assert.equal(event.san, san, 'the replayed move is written as the PGN wrote it');
    ({ fen, turn } = event);
    ply += 1;
  }
  return { fen, clients };
}

// {name{labels}: value} from Prometheus text.
export function metricSamples(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return out;
}

export function pgnTags(pgn) {
  const tags = {};
  for (const [, name, value] of pgn.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)) tags[name] = value;
  return tags;
}

// Which of the `legal` coordinate moves a SAN token names, on a rectangular board given by FEN.
// Exactly one must match: that is what makes the PGN replayable by other tools.
export function sanToMove(san, fen, legal) {
  const board = fenBoard(fen);
  const text = san.replace(/[+#!?]+$/, '');
  if (/^O-O(-O)?$/.test(text)) {
    const long = text === 'O-O-O';
    const candidates = legal.filter(m => {
      const [from, to] = squares(m);
      return board[from]?.toUpperCase() === 'K' && Math.abs(fileOf(to) - fileOf(from)) > 1 && (fileOf(to) < fileOf(from)) === long;
    });
    assert.equal(candidates.length, 1, `castling ${san} in ${fen}`);
    return candidates[0];
  }
  const parts = /^([A-Z])?([a-wyz])?(\d+)?x?([a-z]\d+)(?:=?([A-Z]))?$/.exec(text);
  assert.ok(parts, `SAN ${san}`);
  const [, piece = 'P', file, rank, target, promotion] = parts;
  const candidates = legal.filter(m => {
    const [from, to, promo] = squares(m);
    if (to !== target || board[from]?.toUpperCase() !== piece) return false;
    if (file && from[0] !== file) return false;
    if (rank && from.slice(1) !== rank) return false;
    return (promo ?? '').toUpperCase() === (promotion ?? '');
  });
  assert.equal(candidates.length, 1, `SAN ${san} in ${fen}: ${candidates}`);
  return candidates[0];
}

function squares(move) {
  const [, from, to, promo] = /^([a-z]\d+)([a-z]\d+)([a-z])?$/.exec(move);
  return [from, to, promo];
}
function fileOf(square) { return square.charCodeAt(0) - 97; }
// {square: FEN letter} of a rectangular FEN's placement.
export function fenBoard(fen) {
  const rows = fen.split(' ')[0].split('/');
  const board = {};
  rows.forEach((row, index) => {
    const rank = rows.length - index;
    let file = 0;
    for (const [token] of row.matchAll(/\d+|./g)) {
      if (/\d/.test(token)) file += Number(token);
      else board[String.fromCharCode(97 + file++) + rank] = token;
    }
  });
  return board;
}
