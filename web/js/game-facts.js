// What both the game page's reducer (game-state.js) and its view (game-view.js) read from a
// state: the server's facts for each connection, the men the viewer may see, the clocks now.
import { otherColor } from './dom.js';
import { parsePlacement } from './fen.js';

export const factsOf = (state, seat) => state.facts[seat] ?? null;
export const turnOf = state => factsOf(state, state.primary)?.turn ?? 'white';
export const isPlayer = state => state.you !== 'spectator';
// The page switches on what the variant's games do (/api/variants), never on which variant it is.
export const hiddenLive = state => Boolean(state.variant.board_hidden) && state.status !== 'finished';
// A board in the fog while the game is on: what the viewer sees comes with the squares they see
// (the server's `sight` and `visible`), so the rest is drawn as fog.
export const fogLive = state => hiddenLive(state) && state.sight !== null;

// The connection that may do `action` now, or null: the viewer's own, or on one device the side
// to move's first, then the other's.
export function seatFor(state, action) {
  const turn = turnOf(state);
  const seats = state.local ? [turn, otherColor(turn)] : isPlayer(state) ? [state.you] : [];
  return seats.find(seat => factsOf(state, seat)?.actions?.includes(action)) ?? null;
}

// The men of a position as the viewer may see them: those on the squares of its sight when it
// comes with one (a Fog of War view), else all of its FEN's.
export function seenPlacement(s, entry, sight = entry.sight) {
  const placement = entry.fen ? parsePlacement(entry.fen, s.geometry) : new Map();
  if (!sight) return placement;
  const seen = new Set(sight);
  return new Map([...placement].filter(([square]) => seen.has(square)));
}

// {white, black} remaining at `at`.
export function clockNow(s, at) {
  const { white, black, running } = s.clock;
  const elapsed = at - s.clockAt;
  return { white: running === 'white' ? white - elapsed : white, black: running === 'black' ? black - elapsed : black };
}
