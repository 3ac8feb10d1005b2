// The game page's state, kept apart from the page: `reduce` takes the state and one input (a
// server message, a connection's status, or an intent of the viewer's) and returns the next
// state with the effects to carry out (sounds, notices to the system, fetches); `gameView`
// turns a state into what any renderer shows (the DOM page, or a text or speech one). Pure: no
// DOM, no clock of its own (each input brings `at`, the controller's performance.now()), so
// Node runs it. What the viewer may do, whose turn it is and which ply are the server's facts
// (`now` in every message): nothing here derives a rule.
import { formatClock, timeControlLabel } from './clock.js';
import { capitalize, otherColor } from './dom.js';
import { parsePlacement, sideToMove } from './fen.js';
import { geometryFor } from './geometry.js';
import { KriegspielLog, readableMove } from './kriegspiel.js';
import { parseMove } from './moves.js';
import { colorOf, kindOf } from './pieces.js';

const REASONS = {
  checkmate: 'by checkmate', stalemate: 'by stalemate', repetition: 'by threefold repetition',
  fifty_moves: 'by the fifty-move rule', insufficient_material: 'by insufficient material',
  resign: 'by resignation', agreement: 'by agreement', timeout: 'on time', abort: 'aborted',
  abandoned: 'as the opponent left', expired: 'nobody joined in time', deserted: 'as both sides left it',
  king_captured: 'by capturing the king', bare_king: 'by baring the king',
};

const RESULTS = { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw', '*': 'Game aborted' };

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

// --- facts --------------------------------------------------------------------------------

const factsOf = (state, seat) => state.facts[seat] ?? null;
export const turnOf = state => factsOf(state, state.primary)?.turn ?? 'white';
const isPlayer = state => state.you !== 'spectator';
// The page switches on what the variant's games do (/api/variants), never on which variant it is.
const hiddenLive = state => Boolean(state.variant.board_hidden) && state.status !== 'finished';
// A board in the fog while the game is on: what the viewer sees comes with the squares they see
// (the server's `sight` and `visible`), so the rest is drawn as fog.
const fogLive = state => hiddenLive(state) && state.sight !== null;

// The connection that may do `action` now, or null: the viewer's own, or on one device the side
// to move's first, then the other's.
export function seatFor(state, action) {
  const turn = turnOf(state);
  const seats = state.local ? [turn, otherColor(turn)] : isPlayer(state) ? [state.you] : [];
  return seats.find(seat => factsOf(state, seat)?.actions?.includes(action)) ?? null;
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
    s.history = historyOf(m.start_fen, m.moves ?? [], s.positions);
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
// each with the side that made the move (the side to move before it, as its FEN says).
function historyOf(startFen, moves, positions) {
  const history = [{ fen: startFen, move: null, mover: null }];
  moves.forEach((uci, index) => history.push({ fen: positions[index], move: uci, mover: sideToMove(history[index].fen) }));
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
  s.history = [...s.history, { fen: m.fen, move: m.move, mover }];
  s.sans = [...s.sans];
  s.sans[m.ply] = m.san;
  s.pending = null;
  s.declined = null;
  // Played (it is the server's move now): nothing of the mover's is queued any more.
  if (mover === s.you) s.premove = null;
  // A new move brings the viewer back to the present, unless they asked to stay.
  if (!s.pinned) s.viewing = null;
  const san = m.san ?? '';
  effects.push({ sound: /[+#]$/.test(san) ? 'check' : san.includes('x') ? 'capture' : 'move' });
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
  s.history = historyOf(s.startFen, m.moves, m.positions);
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

// --- view ---------------------------------------------------------------------------------

// The men of a position as the viewer may see them: those on the squares of its sight when it
// comes with one (a Fog of War view), else all of its FEN's.
function seenPlacement(s, entry, sight = entry.sight) {
  const placement = entry.fen ? parsePlacement(entry.fen, s.geometry) : new Map();
  if (!sight) return placement;
  const seen = new Set(sight);
  return new Map([...placement].filter(([square]) => seen.has(square)));
}

// The squares seen at position `index` (null: the whole board): during play the viewer's sight
// (a spectator's is empty); after the end the sight of the side whose view is replayed.
function sightAt(s, index) {
  if (fogLive(s)) return s.history[index].sight ?? [];
  if (s.status === 'finished' && s.perspective !== 'whole') return s.sight?.[s.perspective]?.[index] ?? null;
  return null;
}

// {white, black} remaining at `at`.
export function clockNow(s, at) {
  const { white, black, running } = s.clock;
  const elapsed = at - s.clockAt;
  return { white: running === 'white' ? white - elapsed : white, black: running === 'black' ? black - elapsed : black };
}

function statusLine(s) {
  if (s.status === 'waiting') return 'Waiting for an opponent';
  if (s.status === 'finished') {
    return s.result === '*' ? 'Game aborted' : `${RESULTS[s.result] ?? s.result} ${REASONS[s.reason] ?? s.reason ?? ''}`.trim();
  }
  const turn = turnOf(s);
  if (isPlayer(s) && !s.local && turn === s.you) return 'Your move';
  return `${capitalize(turn)} to move`;
}

function playerLabel(s, color) {
  const computer = s.computer?.color === color;
  const waiting = s.status === 'waiting' && !s.local && isPlayer(s) && color !== s.you;
  return {
    color,
    label: ((computer && s.names[color]) || capitalize(color))
      + (color === s.you ? ' (you)' : '') + (waiting ? ': waiting to join' : ''),
    // The computer named on its label, as the server names its seat everywhere; a person by their name.
    name: computer ? '' : s.names[color] ?? '',
    toMove: s.status === 'playing' && turnOf(s) === color,
    doubleMove: Boolean(s.variant.two_move_turns) && s.status !== 'finished' && s.doubleMoves.includes(color),
    presence: presenceShown(s) ? (s.presence[color] ? 'online' : 'offline') : null,
  };
}

// Connections are shown in a game between two screens, under way, against a person.
const presenceShown = s => s.presence !== null && !s.local && s.status === 'playing' && !s.computer;

// The moves the viewer may make on the board now, as the server listed them.
function currentLegal(s) {
  if (s.status !== 'playing' || s.viewing !== null || s.pending) return [];
  const seat = seatFor(s, 'move');
  const entry = seat && s.legal[seat];
  if (!entry || (s.local && entry.v !== s.v)) return [];
  return entry.legal;
}

function boardView(s, kriegspiel) {
  const index = s.viewing ?? s.history.length - 1;
  const shown = s.history[index];
  const sight = sightAt(s, index);
  const placement = seenPlacement(s, shown, sight);
  // A side's view of a finished game shows its own moves only, as the player saw them.
  const move = sight && s.status === 'finished' && shown.mover !== s.perspective ? null : parseMove(shown.move);
  const hidden = hiddenLive(s);
  let check = null;
  if (hidden ? kriegspiel.checked : /[+#]$/.test(s.sans[index - 1] ?? '')) {
    const checkedColor = hidden ? s.you : otherColor(shown.mover);
    check = [...placement].find(([, letter]) => colorOf(letter) === checkedColor && kindOf(letter, s.variant.pieces)?.royal)?.[0] ?? null;
  }
  const premoving = isPlayer(s) && Boolean(seatFor(s, 'premove')) && s.viewing === null;
  let pending = null;
  if (s.pending && s.viewing === null) {
    // Until the server answers, the man is shown carried to its square, marked as pending.
    const { from, to, uci } = s.pending;
    const carried = new Map(placement);
    const letter = carried.get(from), suffix = parseMove(uci)?.suffix;
    carried.delete(from);
    carried.set(to, suffix ? (colorOf(letter) === 'white' ? suffix.toUpperCase() : suffix) : letter);
    pending = { placement: carried, from, to };
  }
  return {
    orientation: s.orientation, placement, index,
    lastMove: move ? { from: move.from, to: move.to } : null, check, pending,
    legal: currentLegal(s),
    premoving, premove: premoving ? s.premove : null,
    // While premoving: every man of the player's, to any square not held by another of them.
    premoveDests: premoving ? premoveDests(s, placement) : null,
    refused: hidden ? kriegspiel.refused : [], captureSquare: hidden ? kriegspiel.captureSquare : null,
    hiddenNote: hidden && !isPlayer(s)
      ? s.variant.tries ? 'Spectators see only the umpire\u2019s announcements until the game ends.'
        : 'Spectators see no square of the board until the game ends.'
      : null,
    fog: sight ? s.geometry.squares.filter(square => !sight.includes(square)) : null,
    // Men slide to their squares, but not with a move the viewer was not told: the slide would
    // say where a man came from.
    animate: !sight || Boolean(move),
    changed: sight && index > 0 ? changedSquares(s, index, placement) : [],
  };
}

// After a move the viewer was not told (the other side's): the squares where they can see that
// something changed (a man of theirs gone, a square seen before and now that holds something else).
function changedSquares(s, index, placement) {
  const side = fogLive(s) ? s.you : s.perspective, shown = s.history[index];
  if (shown.mover === null || shown.mover === side) return [];
  const before = seenPlacement(s, s.history[index - 1], sightAt(s, index - 1));
  const seenBefore = new Set(sightAt(s, index - 1)), seenNow = new Set(sightAt(s, index));
  const differs = square => before.get(square) !== placement.get(square);
  const ownBefore = square => before.has(square) && colorOf(before.get(square)) === side;
  return s.geometry.squares.filter(square => differs(square) && ((seenBefore.has(square) && seenNow.has(square)) || ownBefore(square)));
}

function premoveDests(s, placement) {
  const own = [...placement].filter(([, letter]) => colorOf(letter) === s.you);
  const held = new Set(own.map(([square]) => square));
  const targets = new Set(s.geometry.squares.filter(square => !held.has(square)));
  return new Map(own.map(([square]) => [square, targets]));
}

function movesView(s, kriegspiel) {
  if (fogLive(s)) {
    // Every move played, the viewer's own by name, the others' as '?'. The man and a capture are
    // read off the viewer's board before the move: a square one may move to is one that one sees.
    const ownMove = (move, i) => {
      const { from, to } = parseMove(move), before = seenPlacement(s, s.history[i]);
      const taken = before.get(to);
      return readableMove(move, before.get(from), s.variant.pieces, { capture: taken && colorOf(taken) !== s.you ? to : null });
    };
    const plies = s.history.slice(1).map(({ move, mover }, i) => (move ? { text: ownMove(move, i), mover } : { text: '?', mover, hidden: true }));
    return { plies, current: (s.viewing ?? s.history.length - 1) - 1 };
  }
  if (hiddenLive(s)) {
    // A player's: every move announced, their own by name, the others' as '?'.
    if (!isPlayer(s)) return { plies: [], current: -1 };
    const plies = kriegspiel.moves.map(({ by, text }) => (by === s.you && text ? { text, mover: by } : { text: '?', mover: by, hidden: true }));
    return { plies, current: -1 };
  }
  const plies = s.history.slice(1).map((position, i) => ({ text: s.sans[i] ?? position.move, mover: position.mover }));
  return { plies, current: (s.viewing ?? s.history.length - 1) - 1 };
}

function offersView(s) {
  const playing = s.status === 'playing';
  const offers = playing ? factsOf(s, s.primary)?.offers ?? {} : {};
  const what = { draw: 'You offered a draw', takeback: 'You asked to take back a move' };
  const rows = {};
  for (const kind of ['draw', 'takeback']) {
    const by = offers[kind] ?? null;
    if (!by) { rows[kind] = null; continue; }
    const mine = !s.local && by === s.you;
    rows[kind] = {
      by,
      text: mine ? `${what[kind]}: waiting for the answer.`
        : `${capitalize(by)} ${kind === 'draw' ? 'offers a draw' : 'asks to take back a move'}.`,
      accept: seatFor(s, `accept_${kind}`), decline: seatFor(s, `decline_${kind}`),
    };
  }
  const declined = playing && s.declined
    ? `${capitalize(s.declined.by)} declined ${s.declined.kind === 'draw' ? 'the draw offer' : 'the takeback'}.` : null;
  return { draw: rows.draw, takeback: rows.takeback, declined };
}

function controlsView(s, offers) {
  const index = s.viewing ?? s.history.length - 1, last = s.history.length - 1;
  // A Kriegspiel board has no past to go back to while the game is on; a fog one has the player's
  // own views (a spectator's are all fog).
  const hidden = hiddenLive(s) && !(fogLive(s) && isPlayer(s));
  const offerDraw = seatFor(s, 'offer_draw'), askTakeback = seatFor(s, 'takeback');
  // One Accept only: while the opponent's offer stands, it is answered in the offer panel.
  const drawAsked = Boolean(offers.draw) && !offers.draw.accept;
  const takebackAsked = Boolean(offers.takeback) && !offers.takeback.accept;
  // A draw offer the server would refuse for now (declined, and the game has not moved on) is
  // still sent from the player's seat: the refusal says why, and when to offer again.
  const playing = isPlayer(s) && s.status === 'playing';
  const ownSeat = s.local ? turnOf(s) : s.you;
  return {
    replay: { back: !hidden && index > 0, forward: !hidden && index < last },
    pgn: !hiddenLive(s) && s.status !== 'waiting',
    actions: isPlayer(s) && s.status !== 'finished',
    abort: seatFor(s, 'abort'),
    resign: seatFor(s, 'resign'),
    draw: {
      shown: !offers.draw?.accept, label: drawAsked ? 'Draw offered' : 'Offer draw',
      seat: drawAsked || !playing ? null : offerDraw ?? ownSeat,
    },
    // Shown where takebacks are (open games), to ask once one has moved; a hidden board has none.
    takeback: {
      shown: Boolean(s.variant.takebacks) && !offers.takeback?.accept, label: takebackAsked ? 'Takeback asked' : 'Takeback', seat: askTakeback,
    },
  };
}

function claimView(s, at) {
  const facts = factsOf(s, s.you);
  if (!isPlayer(s) || !presenceShown(s) || s.claimWaiting || typeof facts?.claim_ms !== 'number') return null;
  const left = facts.claim_ms - (at - facts.at);
  const opponent = capitalize(otherColor(s.you));
  const ready = left <= 0 || facts.actions.includes('claim');
  return {
    ready, leftMs: Math.max(0, left),
    text: ready ? `${opponent} left the game. You may claim the win, call it a draw, or wait.`
      : `${opponent} left the game. You may claim it in ${formatClock(left)} if they do not come back.`,
  };
}

function firstMoveView(s, at) {
  if (!(s.status === 'playing' && s.clock && s.clock.running === null)) return null;
  const turn = turnOf(s);
  const mine = isPlayer(s) && !s.local && turn === s.you;
  let text = mine ? 'Make your first move: the clocks start once both sides have moved.'
    : `${capitalize(turn)} to make the first move: the clocks start once both sides have moved.`;
  if (s.firstMove) text += ` ${Math.max(0, Math.ceil((s.firstMove.ms - (at - s.firstMove.at)) / 1000))} s left, or the game is aborted.`;
  return { text, urgent: Boolean(s.firstMove) };
}

// The umpire's log and bar, where moves are tries the umpire answers.
function kriegspielView(s, log) {
  if (!s.variant.tries) return null;
  const facts = factsOf(s, s.primary);
  return {
    log: log.log, latest: log.latest || 'The umpire has announced nothing yet.',
    bar: s.status !== 'finished',
    askAny: { shown: Boolean(s.variant.any_question) && isPlayer(s) && s.status !== 'finished', seat: seatFor(s, 'any') },
    pawnCaptureOwed: Boolean(facts?.pawn_capture_owed),
  };
}

function chatView(s) {
  const player = isPlayer(s);
  const canSpeak = Boolean(factsOf(s, s.primary)?.actions?.includes('chat'));
  const finished = s.status === 'finished';
  return {
    shown: canSpeak || s.chat.length > 0,
    title: finished ? 'Chat (players and spectators)' : player ? 'Players\u2019 chat' : 'Spectators\u2019 chat',
    canSpeak,
    note: player && !canSpeak && !s.variant.players_chat && s.status !== 'finished' && !s.local && !s.computer
      ? 'No chat between the players while the board is hidden.' : null,
    lines: s.chat,
  };
}

function rematchView(s) {
  const player = isPlayer(s), finished = s.status === 'finished';
  const offer = factsOf(s, s.primary)?.offers?.rematch ?? null;
  const mine = Boolean(offer) && !s.local && offer === s.you;
  const theirs = Boolean(offer) && !mine;
  const name = color => s.names[color] || capitalize(color);
  return {
    shown: finished && (player || Boolean(s.nextGame)),
    text: s.nextGame ? 'The rematch is under way.' : mine ? 'Rematch offered.' : theirs ? `${name(offer)} offers a rematch.` : '',
    button: player && !s.nextGame ? { label: theirs ? 'Accept rematch' : 'Rematch', seat: seatFor(s, 'accept_rematch') ?? seatFor(s, 'rematch') } : null,
    decline: player && !s.nextGame ? seatFor(s, 'decline_rematch') : null,
    nextGame: s.nextGame,
  };
}

// A finished fog game replays the whole board or either side's view of it: shown when the server
// sent both sides' sight.
function perspectiveView(s) {
  const shown = s.status === 'finished' && Boolean(s.sight?.white && s.sight?.black);
  return shown ? { value: s.perspective } : null;
}

// What the page shows now (`at`: performance.now()): every renderer reads this alone.
export function gameView(s, at = 0) {
  const log = new KriegspielLog(s.you, s.variant.pieces);
  for (const { entry, letter, san } of s.heard) log.hear(entry, { letter, san });
  const board = boardView(s, log);
  const offers = offersView(s);
  const top = otherColor(s.orientation);
  const last = s.history.at(-1);
  const turn = turnOf(s);
  const player = isPlayer(s);
  return {
    you: s.you, local: s.local, player, status: s.status, result: s.result, reason: s.reason,
    title: s.variant.title ?? s.variant.name, timeControl: timeControlLabel(s.clockSetting),
    mode: s.local ? 'Both sides on this device' : player ? `You play ${s.you}` : 'Watching',
    turn, ply: factsOf(s, s.primary)?.ply ?? 0,
    yourMove: s.status === 'playing' && player && !s.local && turn === s.you,
    statusLine: statusLine(s),
    secondMoveOfTurn: s.status === 'playing' && !hiddenLive(s) && last.mover === turn,
    players: { top: playerLabel(s, top), bottom: playerLabel(s, s.orientation) },
    clock: s.clock ? { ...clockNow(s, at), running: s.status === 'playing' ? s.clock.running : null, initial_ms: s.clock.initial_ms } : null,
    firstMove: firstMoveView(s, at),
    board, moves: movesView(s, log),
    browsing: s.status === 'playing' && s.viewing !== null
      ? { index: s.viewing, of: s.history.length - 1, pinned: s.pinned, yourMove: player && (s.local || turn === s.you) } : null,
    offers, controls: controlsView(s, offers),
    claim: claimView(s, at),
    invite: s.status === 'waiting',
    spearmanHint: s.status === 'playing' && player && s.variant.pieces.some(kind => kind.turns_to?.length),
    kriegspiel: kriegspielView(s, log),
    perspective: perspectiveView(s),
    chat: chatView(s), rematch: rematchView(s),
    spectators: s.spectators, join: s.status === 'waiting' && !player, watching: s.status === 'playing' && !player,
    notice: s.notice, titleNote: s.titleNote,
  };
}
