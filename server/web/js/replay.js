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
    const pawnDirections = this.variant.name === 'byzantine' ? this.startingPawnDirections(placement) : null;
    const positions = [{ placement, mover: null, move: null }];
    for (const uci of moves) {
      const { next, mover } = this.apply(placement, uci, pawnDirections);
      placement = next;
      positions.push({ placement, mover, move: uci });
    }
    return positions;
  }

  // The placement after one move, and who made it (the colour of the man on its from square).
  apply(placement, uci, pawnDirections = null) {
    const move = parseMove(uci);
    const next = new Map(placement);
    const letter = move && placement.get(move.from);
    if (!letter) return { next, mover: null };
    const kind = this.kind(letter);
    const from = parseSquare(move.from), to = parseSquare(move.to);
    const rect = this.geometry.kind === 'rect';

    if (rect && kind === 'pawn' && from.file !== to.file && !placement.has(move.to)) {
      next.delete(squareName(to.file, from.rank));
    }
    if (rect && kind === 'king' && from.rank === to.rank && Math.abs(to.file - from.file) >= 2) {
      this.castleRook(next, from, to, letter);
    }
    next.delete(move.from);
    next.set(move.to, move.suffix ? sameCase(move.suffix, letter) : letter);

    if (pawnDirections) this.removeMeetingPawns(next, pawnDirections, move);
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

  // Byzantine pawns keep the direction they started in: away from their own home cells.
  startingPawnDirections(placement) {
    const half = this.geometry.ranks / 2;
    const directions = new Map();
    for (const [square, letter] of placement) {
      if (this.kind(letter) !== 'pawn') continue;
      const low = parseSquare(square).rank <= half;
      directions.set(square, colorOf(letter) === 'white' ? (low ? 1 : -1) : (low ? -1 : 1));
    }
    return directions;
  }

  removeMeetingPawns(next, directions, move) {
    if (directions.has(move.from)) {
      directions.set(move.to, directions.get(move.from));
      directions.delete(move.from);
    } else {
      directions.delete(move.to);
    }
    const cells = this.geometry.ranks;
    for (const [square, direction] of [...directions]) {
      const letter = next.get(square);
      if (!letter || direction !== 1) continue;
      const { file, rank } = parseSquare(square);
      const ahead = squareName(file, (rank % cells) + 1);
      const other = next.get(ahead);
      if (other && this.kind(other) === 'pawn' && colorOf(other) === colorOf(letter) && directions.get(ahead) === -1) {
        for (const gone of [square, ahead]) { next.delete(gone); directions.delete(gone); }
      }
    }
  }
}
