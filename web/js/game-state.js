// The game page's state, kept apart from the page: `reduce` takes the state and one input (a
// server message, a connection's status, or an intent of the viewer's) and returns the next
// state with the effects to carry out (sounds, notices to the system, fetches); game-view.js
// turns a state into what a renderer shows. Pure: no DOM, no clock of its own (each input
// brings `at`, the controller's performance.now()), so Node runs it. What the viewer may do,
// whose turn it is and which ply are the server's facts (`now` in every message): nothing here
// derives a rule.
import { otherColor } from './dom.js';
import { parsePlacement, sideToMove } from './fen.js';
import { clockNow, fogLive, hiddenLive, isPlayer, seenPlacement, turnOf } from './game-facts.js';
import { geometryFor } from './geometry.js';
import { parseMove } from './moves.js';
import { colorOf } from './pieces.js';

const OFFER_ERRORS = {
  too_soon: 'Your opponent declined your last draw offer: you may offer again once the game has moved on.',
  draw_offered: 'Your draw offer stands until your opponent answers it.',
  takeback_offered: 'Your takeback request stands until your opponent answers it.',
  nothing_to_take_back: 'You have not moved yet: there is nothing to take back.',
  hidden_game: 'There are no takebacks on a hidden board: they would show what is hidden.',
  no_offer: 'There is no offer to answer any more.',
};

const ERRORS = {
  illegal_move: 'That move is not legal.', not_your_turn: 'It is not your turn.',
  stale_ply: 'The game moved on; the board is up to date again.', game_over: 'The game is over.',
  nonsense: 'That try is impossible on your own board.', rate_limited: 'Slow down a little.',
  ...OFFER_ERRORS,
};

// you: 'white' | 'black' | 'spectator' | 'both' (one device); variant: from /api/variants.
export function initialState({ variant, you }) {
  const local = you === 'both';
  return {
    variant, you, local,
    geometry: geometryFor(variant.board),
    primary: local ? 'white' : you,  // the connection whose messages tell the game
    status: 'waiting', result: null, reason: null,
    computer: null, names: { white: null, black: null }, spectators: 0, nextGame: null, chat: [],
    startFen: null, clockSetting: null,
    history: [{ fen: null, move: null, mover: null }],  // the start, then the position after each move
    sans: [], positions: [],
    doubleMoves: [],  // two-move turns: the sides that still move twice a turn
    facts: {},   // by connection: the server's `now` for it, with `at` when it came
    legal: {},   // by connection: {v, legal}
    v: null,
    pending: null,  // {uci, from, to}: a move sent, not yet confirmed
    viewing: null,  // the index of a past position shown, or null for the present
    pinned: false,  // stay on the past position shown when a move comes
    declined: null,  // {kind, by} until the game moves on
    premove: null,  // {from, to} as the server last confirmed it, or as just sent
    presence: null,  // {white, black}
    claimWaiting: false,  // the player chose to wait for the opponent's absence
    clock: null, clockAt: 0,  // the server's clock and when it came
    firstMove: null,  // {ms, at}: the first-move wait the server said
    heard: [],  // Kriegspiel: [{entry, letter, san}], what the viewer heard, in order
    // Fog of War: the server's `sight`, {white?, black?} (a side's squares seen at each position),
    // or null where squares come without one; `perspective`: whose view a finished game replays.
    sight: null, perspective: 'whole',
    notice: null,
    orientation: you === 'black' ? 'black' : 'white',
    online: null, connections: {},
    titleNote: null,
  };
}

// --- reduce -------------------------------------------------------------------------------

// Returns {state, effects}; effects: [{sound}, {notify}, {titleNote}, {connection}, {reloadFinished},
// {loadWholeChat}, {follow}, {keepSeat}].
export function reduce(state, input) {
  const s = { ...state };
  const effects = [];
  switch (input.type) {
    case 'message': receive(s, input.seat, input.message, input.at ?? 0, effects); break;
    case 'connection': {
      s.connections = { ...s.connections, [input.seat]: input.status };
      s.online = !Object.values(s.connections).includes('offline');
      if (!s.online && s.pending) {
        s.pending = null;
        s.notice = 'The connection dropped before the server confirmed your move: once it is back, the board shows whether it was played.';
      }
      effects.push({ connection: connectionStatus(s) });
      break;
    }
    case 'sent-move': s.pending = { uci: input.uci, from: input.from, to: input.to }; break;
    case 'unsent': s.pending = null; s.notice = input.text; break;
    case 'notice': s.notice = input.text; break;
    case 'go': {
      const last = s.history.length - 1;
      const target = Math.max(0, Math.min(last, input.index));
      s.viewing = target === last ? null : target;
      if (s.viewing === null) s.pinned = false;
      break;
    }
    case 'pin': s.pinned = !s.pinned; break;
    case 'perspective': if (['whole', 'white', 'black'].includes(input.side)) s.perspective = input.side; if (s.perspective !== 'whole') s.orientation = s.perspective; break;
    case 'flip': s.orientation = otherColor(s.orientation); break;
    case 'premove': s.premove = input.move; break;
    case 'claim-wait': s.claimWaiting = true; break;
    case 'title-note': s.titleNote = input.text; break;
    case 'seen': s.titleNote = null; break;
    case 'finished-game': if (input.game.status === 'finished') applyState(s, input.game, input.at ?? 0, effects); break;
    case 'whole-chat': s.chat = [...(input.chat ?? [])]; break;
    default: throw new Error(`unknown input ${input.type}`);
  }
  return { state: s, effects };
}

function connectionStatus(s) {
  return { status: s.online === false ? 'offline' : 'online', finished: s.status === 'finished' };
}

function receive(s, seat, message, at, effects) {
  const turnBefore = turnOf(s);
  if (message.now) s.facts = { ...s.facts, [seat]: { ...message.now, at } };
  if (Array.isArray(message.legal)) s.legal = { ...s.legal, [seat]: { v: message.v, legal: message.legal } };
  if (seat !== s.primary && message.t !== 'error') return;
  if (message.t !== 'error') s.notice = null;
  switch (message.t) {
    case 'state': applyState(s, message, at, effects); break;
    case 'joined': applyJoined(s, message, effects); break;
    case 'move': applyMove(s, message, turnBefore, effects); break;
    case 'umpire': applyUmpire(s, message, effects); break;
    case 'takeback': applyTakeback(s, message); break;
    case 'end': applyEnd(s, message, at, effects); break;
    case 'error':
      s.pending = null;
      s.notice = message.message && !ERRORS[message.code] ? message.message : ERRORS[message.code] ?? message.code;
      if (message.code === 'your_turn') s.premove = null;
      break;
    case 'draw_offer': case 'takeback_offer': s.declined = null; break;
    case 'draw_declined': s.declined = { kind: 'draw', by: message.by }; break;
    case 'takeback_declined': s.declined = { kind: 'takeback', by: message.by }; break;
    case 'premove':
      s.premove = parseMove(message.move);
      if (message.reason) s.notice = `Premove dropped: ${message.reason}.`;
      break;
    case 'presence': setPresence(s, message); break;
    case 'resumed': setPresence(s, message.presence); break;
    case 'spectators': s.spectators = message.count; break;
    case 'chat': s.chat = [...s.chat, message]; break;
    case 'rematch':
      s.nextGame = message.game;
      effects.push({ keepSeat: message.game }, { follow: message.game });
      break;
    default: break;
  }
  if (typeof message.v === 'number') s.v = message.v;
  if (Array.isArray(message.double_moves)) s.doubleMoves = message.double_moves;
  if ('clock' in message) {
    if (message.clock) { s.clock = message.clock; s.clockAt = at; }
    s.firstMove = typeof message.first_move_ms === 'number' ? { ms: message.first_move_ms, at } : null;
  }
}

function setPresence(s, presence) {
  if (!presence) return;
  const opponent = otherColor(s.you);
  if (presence[opponent] && !s.presence?.[opponent]) s.claimWaiting = false;
  s.presence = { white: Boolean(presence.white), black: Boolean(presence.black) };
}

function applyState(s, m, at, effects) {
  s.status = m.status;
  s.result = m.result;
  s.reason = m.reason;
  s.computer = m.computer ?? null;  // {color, level} when the computer holds a seat
  s.pending = null;
  s.viewing = null;
  s.pinned = false;
  s.clockSetting = m.clock;
  s.startFen = m.start_fen;
  s.positions = m.positions ?? [];
  s.doubleMoves = m.double_moves ?? [];
  s.sight = m.sight ?? null;
  if (fogLive(s)) {
    s.history = fogHistoryOf(s, m);
    s.sans = [];
  } else if (hiddenLive(s)) {
    s.history = [{ fen: m.fen, move: null, mover: null }];
    s.sans = [];
  } else {
    s.history = historyOf(m.start_fen, m.moves ?? [], s.positions, m.checks);
    s.sans = m.sans ?? [];
  }
  if (s.variant.tries) s.heard = heardFrom(s, m);
  if (hiddenLive(s)) s.history[0].move = s.heard.filter(({ entry }) => entry.say === 'moved' && entry.by === s.you).at(-1)?.entry.move ?? null;
  if (!m.clock) s.clock = null;
  s.declined = null;
  s.premove = parseMove(m.premove);
  setPresence(s, m.presence);
  s.names = m.names ?? s.names;
  s.spectators = m.spectators;  // null: not shown (a Kriegspiel game in play)
  s.nextGame = m.next_game ?? null;
  if (s.nextGame) effects.push({ keepSeat: s.nextGame });
  s.chat = [...(m.chat ?? [])];
  if (m.now) s.facts = { ...s.facts, [s.primary]: { ...m.now, at } };
  if (typeof m.v === 'number') s.v = m.v;
  effects.push({ connection: connectionStatus(s) });
}

// Every position of the game, as the server sent them: the start, then one after each move,
// each with the side that made the move (the side to move before it, as its FEN says) and
// whether the side to move is in check (the server's `checks`).
function historyOf(startFen, moves, positions, checks = []) {
  const history = [{ fen: startFen, move: null, mover: null, check: false }];
  moves.forEach((uci, index) => history.push({
    fen: positions[index], move: uci, mover: sideToMove(history[index].fen), check: Boolean(checks[index]),
  }));
  return history;
}

// Fog of War in play: the viewer's view of every position, each with the squares they saw (a
// spectator's: none). The start is public, shown through the viewer's first sight; the positions
// after each move are the ones the server sent, with the viewer's own moves (their `moves`, in
// order, on the plies their side made).
function fogHistoryOf(s, m) {
  const own = s.sight[s.you] ?? [];
  const startSide = sideToMove(m.start_fen);
  const ownMoves = [...(m.moves ?? [])];
  const history = [{ fen: m.start_fen, sight: own[0] ?? [], move: null, mover: null }];
  for (let ply = 0; ply < (m.ply ?? 0); ply++) {
    const fen = s.positions[ply] ?? null;
    const mover = fen ? otherColor(sideToMove(fen)) : ply % 2 ? otherColor(startSide) : startSide;
    history.push({ fen, sight: own[ply + 1] ?? [], move: mover === s.you ? ownMoves.shift() ?? null : null, mover });
  }
  return history;
}

// Kriegspiel: what the viewer heard, whole from `umpire`, so a reload or a reconnection shows the
// same log once each. The men that moved are named from the positions the server sent: the real
// ones once the game is public, else the viewer's own board after each of their moves.
function heardFrom(s, m) {
  const finished = m.status === 'finished';
  const start = parsePlacement(m.start_fen, s.geometry);
  const own = finished ? start : new Map([...start].filter(([, letter]) => colorOf(letter) === s.you));
  const before = ply => (ply === 0 ? own : parsePlacement(s.positions[ply - 1], s.geometry));
  let ply = 0;
  return (m.umpire ?? []).map(entry => {
    const from = parseMove(entry.move)?.from;
    const san = finished && entry.say === 'moved' ? s.sans[ply] ?? null : null;
    const heard = { entry, letter: (from && before(ply)?.get(from)) ?? null, san };
    if (entry.say === 'moved') ply++;
    return heard;
  });
}

function applyJoined(s, m, effects) {
  s.status = m.status ?? 'playing';
  s.names = m.names ?? s.names;
  if (isPlayer(s) && !s.local) {
    effects.push({ sound: 'notify' });
    effects.push({ notify: turnOf(s) === s.you ? 'Your opponent joined: your move.' : 'Your opponent joined.' });
    effects.push({ titleNote: 'Your opponent joined' });  // said in the title while the page is out of sight
  }
}

function yourTurnEffects(s, effects) {
  if (s.status === 'playing' && isPlayer(s) && !s.local && turnOf(s) === s.you) effects.push({ notify: 'Your move.' });
}

function applyMove(s, m, mover, effects) {
  if (fogLive(s)) return applyFogMove(s, m, mover, effects);
  if (!m.move) return;  // a hidden game: the umpire speaks instead
  s.history = [...s.history, { fen: m.fen, move: m.move, mover, check: Boolean(m.check) }];
  s.sans = [...s.sans];
  s.sans[m.ply] = m.san;
  s.pending = null;
  s.declined = null;
  // Played (it is the server's move now): nothing of the mover's is queued any more.
  if (mover === s.you) s.premove = null;
  // A new move brings the viewer back to the present, unless they asked to stay.
  if (!s.pinned) s.viewing = null;
  const san = m.san ?? '';
  effects.push({ sound: m.check ? 'check' : san.includes('x') ? 'capture' : 'move' });
  yourTurnEffects(s, effects);
}

// Fog of War: the viewer's board after a move as the server drew it (`fen`, `visible`); the move
// itself only if it was theirs (a move that ends the game comes whole, and the finished game is
// reloaded). A spectator's position is all fog.
function applyFogMove(s, m, mover, effects) {
  const before = s.history.at(-1);
  s.history = [...s.history, { fen: m.fen ?? null, sight: m.visible ?? [], move: mover === s.you ? m.move ?? null : null, mover }];
  s.pending = null;
  s.declined = null;
  if (mover === s.you) s.premove = null;
  if (!s.pinned) s.viewing = null;
  // A capture the viewer can tell: a man of theirs gone, or one they took where they saw it.
  const own = placement => [...placement.values()].filter(letter => colorOf(letter) === s.you).length;
  const seenBefore = seenPlacement(s, before), taken = m.move ? seenBefore.get(parseMove(m.move).to) : null;
  const took = Boolean(taken) && colorOf(taken) !== s.you;
  effects.push({ sound: took || own(seenPlacement(s, s.history.at(-1))) < own(seenBefore) ? 'capture' : 'move' });
  yourTurnEffects(s, effects);
}

function applyUmpire(s, m, effects) {
  const mine = m.by === s.you;
  const entry = m.say === 'illegal' && mine && !m.move ? { ...m, move: s.pending?.uci } : m;
  const from = parseMove(entry.move)?.from;
  const letter = (from && parsePlacement(s.history.at(-1).fen, s.geometry).get(from)) ?? null;
  s.heard = [...s.heard, { entry, letter, san: null }];
  if (m.say === 'moved') {
    s.declined = null;
    effects.push({ sound: m.check?.length ? 'check' : m.capture ? 'capture' : 'move' });
    yourTurnEffects(s, effects);
    if (m.fen) s.history = [{ fen: m.fen, mover: m.by, move: mine ? m.move : s.history.at(-1).move }];
  }
  if (mine && m.say !== 'any') s.pending = null;
}

// Moves taken back: the game as the server now has it, from its positions.
function applyTakeback(s, m) {
  s.history = historyOf(s.startFen, m.moves, m.positions, m.checks);
  s.sans = m.sans;
  s.pending = null;
  s.premove = null;
  s.declined = null;
  s.viewing = s.pinned && s.viewing < s.history.length - 1 ? s.viewing : null;
}

function applyEnd(s, m, at, effects) {
  s.status = 'finished';
  s.result = m.result;
  s.reason = m.reason;
  s.pending = null;
  s.viewing = null;
  s.pinned = false;
  s.premove = null;
  s.declined = null;
  if (s.clock) s.clock = { ...s.clock, ...clockNow(s, at), running: null };
  s.clockAt = at;
  effects.push({ sound: 'end' }, { connection: connectionStatus(s) }, { loadWholeChat: true });
  // A finished hidden game is public: fetched whole (moves, SAN, every try) to replay it.
  if (s.variant.board_hidden) effects.push({ reloadFinished: true });
}
