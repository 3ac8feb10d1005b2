// The game in words a screen reader reads well: moves, the Kriegspiel umpire's announcements,
// the clocks and the board. Plain data in (what the server sent), sentences out; no rule is
// derived here: captures, checks and castling are read from the server's SAN or announcements.
import { capitalize } from './dom.js';
import { CHECK_WORDS } from './kriegspiel.js';
import { parseMove } from './moves.js';
import { colorOf, kindOf } from './pieces.js';

const nameOf = (letter, pieces) => (letter && kindOf(letter, pieces)?.name) || 'man';

// "knight g1 to f3", "pawn e7 takes d8, promotes to queen", "spearman b2 turns, becomes ...".
function manMove(uci, letter, pieces, { takes = false } = {}) {
  const move = parseMove(uci);
  if (!move) return uci ?? '';
  const kind = letter ? kindOf(letter, pieces) : null;
  const name = nameOf(letter, pieces);
  let words = move.from === move.to ? `${name} ${move.from} turns` : `${name} ${move.from} ${takes ? 'takes' : 'to'} ${move.to}`;
  if (move.suffix) {
    const becomes = nameOf(move.suffix, pieces);
    words += kind?.turns_to?.length ? `, becomes ${becomes}` : `, promotes to ${becomes}`;
  }
  return words;
}

// A move of an open game: "White: knight g1 to f3 (Nf3)", "Black: queen d8 takes h4, checkmate (Qxh4#)".
// `letter`: the man on the from square before the move.
export function moveWords({ mover, uci, san, letter, pieces }) {
  const who = capitalize(mover);
  let words;
  if (/^O-O-O/.test(san ?? '')) words = 'castles queen side';
  else if (/^O-O/.test(san ?? '')) words = 'castles king side';
  else words = manMove(uci, letter, pieces, { takes: (san ?? '').includes('x') });
  if (/#$/.test(san ?? '')) words += ', checkmate';
  else if (/\+$/.test(san ?? '')) words += ', check';
  return `${who}: ${words}${san ? ` (${san})` : ''}.`;
}

// One umpire announcement (a Kriegspiel `umpire` message), as the viewer heard it: their own
// moves and tries with their squares, the opponent's without (the server sends none).
// `you`: the viewer's colour; `letter`: the man on the entry's from square on the viewer's board.
export function umpireWords(entry, { you, letter = null, pieces }) {
  const who = capitalize(entry.by ?? '');
  const mine = entry.by === you && Boolean(entry.move);
  const lines = [];
  if (entry.say === 'moved') {
    lines.push(mine ? `${who}: ${manMove(entry.move, letter, pieces, { takes: Boolean(entry.capture) })}.` : `${who} has moved.`);
    if (entry.capture) lines.push(`Capture on ${entry.capture}.`);
    for (const direction of entry.check ?? []) lines.push(`Check ${CHECK_WORDS[direction] ?? direction}.`);
  } else if (entry.say === 'illegal') {
    lines.push(mine ? `${who}'s try, ${manMove(entry.move, letter, pieces)}: No.` : `${who}'s try: No.`);
  } else if (entry.say === 'any') {
    const yes = entry.answer === 'try';
    lines.push(`${who} asks: Are there any? ${yes ? 'Yes' : 'No'}.`);
    if (yes && entry.by === you) lines.push('Your next try must be a pawn capture.');
  }
  return lines.join(' ');
}

function durationWords(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10000) return `${(Math.floor(clamped / 100) / 10).toFixed(1)} seconds`;
  const total = Math.floor(clamped / 1000), minutes = Math.floor(total / 60), seconds = total % 60;
  const unit = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (!minutes) return unit(seconds, 'second');
  return seconds ? `${unit(minutes, 'minute')} ${unit(seconds, 'second')}` : unit(minutes, 'minute');
}

// "White 4 minutes 12 seconds, Black 5 minutes. White's clock is running." `clock`: {white, black,
// running} as remaining now, or null for an untimed game.
export function clockWords(clock) {
  if (!clock) return 'This game has no clock.';
  const running = clock.running ? ` ${capitalize(clock.running)}'s clock is running.` : '';
  return `White ${durationWords(clock.white)}, Black ${durationWords(clock.black)}.${running}`;
}

// "rooks", "spearmen facing the file", "pawns moving up": the first word made plural.
function plural(name) {
  const [first, ...rest] = name.split(' ');
  return [first.endsWith('man') ? `${first.slice(0, -3)}men` : `${first}s`, ...rest].join(' ');
}

const squareOrder = (a, b) => a.localeCompare(b, 'en', { numeric: true });

// "a, b and c".
const list = words => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

// The squares of a board in the fog, unknown to the viewer: " Fog, unknown: a5, b5 and c5.", or
// nothing on a board seen whole (`fog` null or empty).
export function fogWords(fog) {
  return fog?.length ? ` Fog, unknown: ${list([...fog].sort(squareOrder))}.` : '';
}

// The men on the board by side, in words: "White: king e1; queen d1; rooks a1 and h1; ...".
// `placement`: Map square -> letter, as the viewer may see it (a Kriegspiel player's own men only).
export function boardWords(placement, pieces) {
  if (!placement.size) return 'No men are shown on this board.';
  // Kinds in the variant's order, the royal one first and pawns last.
  const rank = letter => {
    const kind = kindOf(letter, pieces);
    return kind?.royal ? -1 : kind?.pawn ? pieces.length : pieces.indexOf(kind);
  };
  const sides = [];
  for (const color of ['white', 'black']) {
    const byKind = new Map();
    for (const [square, letter] of placement) {
      if (colorOf(letter) !== color) continue;
      const key = letter.toUpperCase();
      if (!byKind.has(key)) byKind.set(key, []);
      byKind.get(key).push(square);
    }
    if (!byKind.size) continue;
    const groups = [...byKind].sort(([a], [b]) => rank(a) - rank(b)).map(([letter, squares]) => {
      const name = nameOf(letter, pieces);
      return `${squares.length === 1 ? name : plural(name)} ${list(squares.sort(squareOrder))}`;
    });
    sides.push(`${capitalize(color)}: ${groups.join('; ')}.`);
  }
  return sides.join(' ');
}
