// The game page's view: `gameView` turns a state (game-state.js) into what any renderer shows
// (the DOM page, or a text or speech one). Pure: no DOM, and the time comes as `at`.
import { formatClock, timeControlLabel } from './clock.js';
import { capitalize, otherColor } from './dom.js';
import { clockNow, factsOf, fogLive, hiddenLive, isPlayer, seatFor, seenPlacement, turnOf } from './game-facts.js';
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

// The squares seen at position `index` (null: the whole board): during play the viewer's sight
// (a spectator's is empty); after the end the sight of the side whose view is replayed.
function sightAt(s, index) {
  if (fogLive(s)) return s.history[index].sight ?? [];
  if (s.status === 'finished' && s.perspective !== 'whole') return s.sight?.[s.perspective]?.[index] ?? null;
  return null;
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
  // The server says it: the umpire's announcement in a hidden game, else each position's check.
  if (hidden ? kriegspiel.checked : shown.check) {
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
  const turn = turnOf(s);
  const player = isPlayer(s);
  return {
    you: s.you, local: s.local, player, status: s.status, result: s.result, reason: s.reason,
    title: s.variant.title ?? s.variant.name, timeControl: timeControlLabel(s.clockSetting),
    mode: s.local ? 'Both sides on this device' : player ? `You play ${s.you}` : 'Watching',
    turn, ply: factsOf(s, s.primary)?.ply ?? 0,
    yourMove: s.status === 'playing' && player && !s.local && turn === s.you,
    statusLine: statusLine(s),
    secondMoveOfTurn: s.status === 'playing' && !hiddenLive(s) && Boolean(factsOf(s, s.primary)?.second_move),
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
