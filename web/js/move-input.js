// A move typed by the player, found among the moves the server offered: in SAN (the server's
// `legal_san`) or from and to squares (`legal`). Nothing is derived: text that names none of the
// offered moves is either sent as it is (coordinates: the server says why it is refused) or refused.
import { parseMove } from './moves.js';

// Each offered move as {uci, san}: `legal` the moves the player may make now, `offered` the
// server's last {legal, san} for the seat (its SANs in the order of its moves; none in Kriegspiel).
export function offeredMoves(legal, offered) {
  const sanOf = new Map((offered?.legal ?? []).map((uci, i) => [uci, offered.san?.[i] ?? null]));
  return legal.map(uci => ({ uci, san: sanOf.get(uci) ?? null }));
}

// SAN as people type it: without check marks, annotations or '=', castling with O or 0.
const looseSan = text => text.replace(/[+#!?=\s]/g, '').replace(/0/g, 'O');

// "g1f3", "g1-f3", "g1 f3", "e4xd5", "e4×d5", "e7e8q" -> the coordinate form, or null.
export function coordinates(text) {
  const match = /^([a-z]\d+)\s*[-–x×:]?\s*([a-z]\d+)\s*=?\s*([a-z]?)$/i.exec(text.trim());
  return match ? `${match[1]}${match[2]}${match[3]}`.toLowerCase() : null;
}

// {move: {uci, san}} for one offered move; {choices: [...]} when the text fits several (a
// promotion without its man); {coordinates: 'e2e5'} for coordinates offered by no move; null.
export function findTypedMove(text, moves) {
  const typed = text.trim();
  if (!typed) return null;
  const uci = coordinates(typed);
  if (uci) {
    const exact = moves.find(move => move.uci === uci);
    if (exact) return { move: exact };
    const parsed = parseMove(uci);
    const same = moves.filter(move => { const m = parseMove(move.uci); return m.from === parsed?.from && m.to === parsed?.to; });
    if (same.length === 1 && !parsed.suffix) return { move: same[0] };
    if (same.length > 1 && !parsed.suffix) return { choices: same };
  }
  const wanted = looseSan(typed);
  const bySan = moves.filter(move => move.san && looseSan(move.san) === wanted);
  if (bySan.length === 1) return { move: bySan[0] };
  // Lower case typed for a man's letter ("nf3"): accepted when it names one move only.
  const anyCase = moves.filter(move => move.san && looseSan(move.san).toLowerCase() === wanted.toLowerCase());
  if (anyCase.length === 1) return { move: anyCase[0] };
  if (anyCase.length > 1) return { choices: anyCase };
  return uci ? { coordinates: uci } : null;
}

// Whether text is written as a move, SAN or squares ("Ke3", "exd5", "O-O", "e7e8=Q"), whether or
// not any move offered is it: only its form is looked at, no rule.
export function writtenAsMove(text) {
  const san = looseSan(text.trim());
  return /^(O-O(-O)?|[A-Za-z]?[a-z]?\d*x?[a-z]\d+[A-Za-z]?)$/.test(san) || coordinates(text) !== null;
}
