// Reading the placement field of a FEN, for any board: ranks separated by '/',
// highest rank first, files from a; digits (possibly several) count empty squares. Fields after
// the placement are ignored, except the side to move.
import { squareName } from './geometry.js';

// Map of square name -> piece letter.
export function parsePlacement(fen, geometry) {
  const placement = new Map();
  const rows = (fen ?? '').trim().split(/\s+/)[0].replace(/\[.*\]/, '').split('/');
  rows.forEach((row, index) => {
    const rank = geometry.ranks - index;
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g) ?? []) {
      if (/\d/.test(token)) file += Number(token);
      else placement.set(squareName(file++, rank), token);
    }
  });
  return placement;
}

export function sideToMove(fen) {
  const field = (fen ?? '').trim().split(/\s+/)[1];
  return field === 'b' ? 'black' : field === 'w' ? 'white' : null;
}
