// Kriegspiel as the viewer hears it: the umpire's announcements in words, and what they tell
// the viewer to draw (the moves announced, their own tries refused this turn, the last capture, a
// check on their king). What the viewer may do next (ask "Are there any?", the pawn capture owed
// after "Try!", which ply) is the server's to say, in `now`. It is fed each umpire entry in order.
import { capitalize } from './dom.js';
import { parseMove } from './moves.js';
import { kindOf } from './pieces.js';

export const CHECK_WORDS = {
  rank: 'on the rank', file: 'on the file', long_diagonal: 'on the long diagonal',
  short_diagonal: 'on the short diagonal', knight: 'by a knight',
};

// A move the server wrote as `e2e4`, in readable long algebraic form: `e2–e4`, `Ng1–f3`,
// `e4×d5`, `O-O`, `e7–e8=Q`, `Qd1×d7+`. `letter` is the man on the from square (if known), and
// `pieces` the variant's kinds (which is a pawn); `castle`, `capture` and `check` are what the
// server told of it (a refused try has none of them).
export function readableMove(uci, letter, pieces, { castle = false, capture = null, check = [] } = {}) {
  const move = parseMove(uci);
  if (!move) return uci ?? '';
  const kind = letter ? kindOf(letter, pieces) : null;
  const checkMark = check?.length ? '+' : '';
  if (castle) return (move.to[0] > move.from[0] ? 'O-O' : 'O-O-O') + checkMark;
  const pawnDiagonal = Boolean(kind?.pawn) && move.from[0] !== move.to[0];
  const piece = kind && !kind.pawn ? kind.letter : '';
  const promotion = move.suffix ? `=${move.suffix.toUpperCase()}` : '';
  return `${piece}${move.from}${capture || pawnDiagonal ? '×' : '–'}${move.to}${promotion}${checkMark}`;
}

export class KriegspielLog {
  // you: 'white', 'black' or 'spectator'; pieces: the variant's kinds.
  constructor(you, pieces) {
    this.you = you;
    this.pieces = pieces;
    this.log = [];            // [{text, mine, refused}]
    this.moves = [];          // [{by, text}] every move announced; text for the viewer's own (or all once public)
    this.refused = [];        // [{from, to}] the viewer's tries refused this turn
    this.captureSquare = null;
    this.checked = false;     // the viewer's king is in check
    this.latest = '';         // the lines of the last announcement, for the bar by the board
  }

  // One umpire entry (a live `umpire` message or an item of `state.umpire`). `letter`: the man
  // on the entry's from square before it (from the viewer's own board, or the real one after the
  // end); `san`: the move's SAN once the game is public.
  hear(entry, { letter = null, san = null } = {}) {
    const before = this.log.length;
    this.record(entry, letter, san);
    this.latest = this.log.slice(before).map(line => line.text).join(' ');
  }

  record(entry, letter, san) {
    const mine = entry.by === this.you;
    const who = capitalize(entry.by ?? '');
    if (entry.say === 'moved') {
      const text = san ?? (entry.move ? readableMove(entry.move, letter, this.pieces, entry) : null);
      this.log.push({ text: text ? `${who} has moved: ${text}.` : `${who} has moved.`, mine });
      if (entry.capture) this.log.push({ text: `Capture on ${entry.capture}.`, mine });
      for (const direction of entry.check ?? []) this.log.push({ text: `Check ${CHECK_WORDS[direction] ?? direction}.`, mine });
      this.moves.push({ by: entry.by, text });
      this.refused = [];
      this.captureSquare = entry.capture ?? null;
      this.checked = !mine && (entry.check ?? []).length > 0;
    } else if (entry.say === 'illegal') {
      const text = entry.move ? readableMove(entry.move, letter, this.pieces) : null;
      this.log.push({ text: text ? `${who} tries ${text}: No.` : `${who} tries: No.`, mine, refused: true });
      const tried = mine && parseMove(entry.move);
      if (tried) this.refused.push({ from: tried.from, to: tried.to });
    } else if (entry.say === 'any') {
      const answer = entry.answer === 'try' ? 'Try!' : 'No.';
      this.log.push({ text: `${who} asks "Are there any?" ${answer}`, mine });
    }
  }
}
