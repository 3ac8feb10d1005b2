// Moves as the server writes them: from square, to square, optional suffix letter
// (promotion piece, or a spearman's facing after the move).

export function parseMove(uci) {
  const match = /^([a-z]\d+)([a-z]\d+)([a-z]?)$/.exec(uci ?? '');
  return match ? { from: match[1], to: match[2], suffix: match[3] } : null;
}

// from square -> Set of destination squares, for the board's highlights.
export function destinations(legal) {
  const dests = new Map();
  for (const uci of legal) {
    const move = parseMove(uci);
    if (!move) continue;
    if (!dests.has(move.from)) dests.set(move.from, new Set());
    dests.get(move.from).add(move.to);
  }
  return dests;
}

// Every legal move from -> to: more than one means a promotion or facing choice.
export const movesBetween = (legal, from, to) =>
  legal.filter(uci => { const move = parseMove(uci); return move && move.from === from && move.to === to; });
