// Rebuilds the positions of a game from its start and its moves, so that finished games can be
// replayed and a reconnecting viewer can step back through the moves. The server has already
// judged every move; this only carries the men: capture by replacement, castling (the king
// moves two or more files, the rook beyond it jumps over), en passant, promotion, a spearman's
// new facing, and in Byzantine chess the removal of two pawns that meet.
import { parseSquare, squareName } from './geometry.js';
import { parsePlacement } from './fen.js';
import { colorOf, kindOf } from './pieces.js';
import { parseMove } from './moves.js';

const sameCase = (letter, like) => (colorOf(like) === 'white' ? letter.toUpperCase() : letter.toLowerCase());

export class Replayer {
  constructor(variant, geometry) {
    this.variant = variant;
    this.geometry = geometry;
  }

  kind(letter) {
    return kindOf(letter, this.variant.pieces);
  }

  // [{placement, mover, move}] for the start (mover null) and after each move.
  positions(startFen, moves) {
    let placement = parsePlacement(startFen, this.geometry);
    const positions = [{ placement, mover: null, move: null }];
    for (const uci of moves) {
      const { next, mover } = this.apply(placement, uci);
      placement = next;
      positions.push({ placement, mover, move: uci });
    }
    return positions;
  }

  // The placement after one move, and who made it (the colour of the man on its from square).
  apply(placement, uci) {
    const move = parseMove(uci);
    const next = new Map(placement);
    const letter = move && placement.get(move.from);
    if (!letter) return { next, mover: null };
    const kind = this.kind(letter);
    const from = parseSquare(move.from), to = parseSquare(move.to);
    const rect = this.geometry.kind === 'rect';

    // En passant: the pawn taken stands beside the mover (an own man there is never taken; on a
    // Kriegspiel player's own board the square is simply empty).
    const passed = squareName(to.file, from.rank);
    if (rect && kind === 'pawn' && from.file !== to.file && !placement.has(move.to)
        && placement.has(passed) && colorOf(placement.get(passed)) !== colorOf(letter)) {
      next.delete(passed);
    }
    if (rect && kind === 'king' && from.rank === to.rank && Math.abs(to.file - from.file) >= 2) {
      this.castleRook(next, from, to, letter);
    }
    next.delete(move.from);
    next.set(move.to, move.suffix ? sameCase(move.suffix, letter) : letter);

    if (this.variant.name === 'byzantine') this.removeMeetingPawns(next);
    return { next, mover: colorOf(letter) };
  }

  castleRook(next, from, to, king) {
    const direction = Math.sign(to.file - from.file);
    for (let file = to.file; file >= 0 && file < this.geometry.files; file += direction) {
      const square = squareName(file, from.rank);
      const letter = next.get(square);
      if (letter && letter !== king && colorOf(letter) === colorOf(king) && this.kind(letter) === 'rook') {
        next.delete(square);
        next.set(squareName(to.file - direction, from.rank), letter);
        return;
      }
    }
  }

  // +1 for a pawn moving up the cells, -1 for one moving down (the ring's two pawn kinds).
  pawnDirection(letter) {
    const name = this.variant.pieces?.find(p => p.letter === letter.toUpperCase())?.name ?? '';
    return /moving up/.test(name) ? 1 : /moving down/.test(name) ? -1 : 0;
  }

  // Two pawns of one side on one ring, on neighbouring cells and moving toward each other.
  removeMeetingPawns(next) {
    const cells = this.geometry.ranks;
    for (const [square, letter] of [...next]) {
      if (this.pawnDirection(letter) !== 1) continue;
      const { file, rank } = parseSquare(square);
      const ahead = squareName(file, (rank % cells) + 1);
      const other = next.get(ahead);
      if (other && colorOf(other) === colorOf(letter) && this.pawnDirection(other) === -1) {
        next.delete(square);
        next.delete(ahead);
      }
    }
  }
}
