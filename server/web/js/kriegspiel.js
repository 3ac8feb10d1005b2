// Kriegspiel as the viewer hears it: the umpire's announcements in words, and what follows from
// them for the viewer (their own moves, tries refused this turn, the last capture, a check, the
// "Are there any?" question and the pawn capture owed after "Try!"). It is rebuilt from the
// `umpire` list of every `state` and fed each live `umpire` message, through the same steps.
import { capitalize } from './dom.js';
import { parseMove } from './moves.js';
import { parseSquare } from './geometry.js';
import { kindOf } from './pieces.js';

export const CHECK_WORDS = {
  rank: 'on the rank', file: 'on the file', long_diagonal: 'on the long diagonal',
  short_diagonal: 'on the short diagonal', knight: 'by a knight',
};

// A move the server wrote as `e2e4`, in readable long algebraic form: `e2–e4`, `Ng1–f3`,
// `e4×d5`, `O-O`, `e7–e8=Q`, `Qd1×d7+`. `letter` is the man on the from square (if known), and
// `pieces` the variant's kinds (which is royal, which a pawn); `capture` and `check` are what the
// umpire announced after it (a refused try has neither).
export function readableMove(uci, letter, pieces, { capture = null, check = [] } = {}) {
  const move = parseMove(uci);
  if (!move) return uci ?? '';
  const kind = letter ? kindOf(letter, pieces) : null;
  const from = parseSquare(move.from), to = parseSquare(move.to);
  const checkMark = check?.length ? '+' : '';
  if (kind?.royal && from.rank === to.rank && Math.abs(to.file - from.file) >= 2) {
    return (to.file > from.file ? 'O-O' : 'O-O-O') + checkMark;
  }
  const pawnDiagonal = Boolean(kind?.pawn) && from.file !== to.file;
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
    this.ownMoves = [];       // [{uci, text}] the viewer's own moves
    this.plies = 0;           // moves played by both sides
    this.refused = [];        // [{from, to}] the viewer's tries refused this turn
    this.captureSquare = null;
    this.checked = false;     // the viewer's king is in check
    this.askedThisTurn = false;
    this.pawnCaptureOwed = false;
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
      if (mine && entry.move) this.ownMoves.push({ uci: entry.move, text });
      this.plies++;
      this.refused = [];
      this.askedThisTurn = false;
      this.pawnCaptureOwed = false;
      this.captureSquare = entry.capture ?? null;
      this.checked = !mine && (entry.check ?? []).length > 0;
    } else if (entry.say === 'illegal') {
      const text = entry.move ? readableMove(entry.move, letter, this.pieces) : null;
      this.log.push({ text: text ? `${who} tries ${text}: No.` : `${who} tries: No.`, mine, refused: true });
      if (mine) {
        const tried = parseMove(entry.move);
        if (tried) this.refused.push({ from: tried.from, to: tried.to });
        this.pawnCaptureOwed = false;
      }
    } else if (entry.say === 'any') {
      const answer = entry.answer === 'try' ? 'Try!' : 'No.';
      this.log.push({ text: `${who} asks "Are there any?" ${answer}`, mine });
      if (mine) {
        this.askedThisTurn = true;
        this.pawnCaptureOwed = entry.answer === 'try';
      }
    }
  }
}
