// Original SVG pieces, drawn for this project (see ../README.md). Every drawing lives in a
// 45x45 box and uses three paints: the body, its outline, and the detail lines on the body.

const PAINT = {
  white: { body: '#fafafa', line: '#1d1d1d', detail: '#1d1d1d' },
  black: { body: '#2a2a2a', line: '#0d0d0d', detail: '#e9e9e9' },
};

const PLINTH = 'M10 40.5h25a1.5 1.5 0 0 0 1.5-1.5v-1.5a2 2 0 0 0-2-2h-24a2 2 0 0 0-2 2V39a1.5 1.5 0 0 0 1.5 1.5z';
const KNIGHT_HEAD = 'M14 35.5C14.5 30 17 26 19.5 22.5C17 24 15 25.5 12.5 25.8C10 26 8.5 24 9 22C10 17 13 13 16.5 10L18 5.5L21 8.5C27 8.5 32 13 33 22C33.5 28 33 32 33 35.5Z';
const KNIGHT_FACE = 'M24 10.5C29 12.5 31 17 31.2 24';

// Each drawing: [filled outline paths], [detail strokes], [detail dots as [cx, cy, r]].
const DRAWINGS = {
  pawn: {
    body: ['M19.5 22.5h6c.5 5 3.5 9 6 13h-18c2.5-4 5.5-8 6-13z', 'M17 19.5h11a1.5 1.5 0 0 1 0 3H17a1.5 1.5 0 0 1 0-3z',
      'M22.5 7a5 5 0 1 1 0 10a5 5 0 1 1 0-10z', PLINTH],
  },
  rook: {
    body: ['M13 35.5l1.5-5v-12l-2-2.5V9h4v3h4.5V9h5v3h4.5V9h4v7l-2 2.5v12l1.5 5z', PLINTH],
    detail: ['M14.5 18.5h16', 'M14.5 30.5h16'],
  },
  knight: {
    body: [KNIGHT_HEAD, PLINTH],
    detail: [KNIGHT_FACE],
    dots: [[16.8, 13.8, 1.3], [11.2, 22.2, .9]],
  },
  bishop: {
    body: ['M17 33h11l2 2.5H15z', 'M15 30h15a1.5 1.5 0 0 1 0 3H15a1.5 1.5 0 0 1 0-3z',
      'M22.5 10c-6 4.5-9 10-8 15.5c.4 2.5 2 4 3 4.5h10c1-.5 2.6-2 3-4.5c1-5.5-2-11-8-15.5z',
      'M22.5 4.5a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2z', PLINTH],
    detail: ['M26 15.5l-6 6.5'],
  },
  queen: {
    body: ['M11.5 31L9 14l6.5 9.5L16 10.5l6.5 12l6.5-12l.5 13L36 14l-2.5 17z', 'M11.5 31h22l-1 4.5h-20z',
      ...[[9, 12.5], [16, 9], [22.5, 8], [29, 9], [36, 12.5]].map(([x, y]) => `M${x} ${y - 2.2}a2.2 2.2 0 1 1 0 4.4a2.2 2.2 0 1 1 0-4.4z`),
      PLINTH],
    detail: ['M12 31c6-1.5 15-1.5 21 0'],
  },
  king: {
    body: ['M11 35.5L10 28C6 25 5.5 19 10.5 17.5C14 16.5 18 18.5 22.5 23C27 18.5 31 16.5 34.5 17.5C39.5 19 39 25 35 28L34 35.5Z',
      'M22.5 23C20 19.5 20 16 22.5 13.5C25 16 25 19.5 22.5 23Z', 'M21.3 4h2.4v3h3v2.4h-3v4h-2.4v-4h-3V7h3z', PLINTH],
    detail: ['M11 29c7-2 16-2 23 0', 'M10.5 31.8c7.5-1.6 16.5-1.6 24 0'],
  },
  // The compounds: the knight in front of the piece whose moves it adds to, on one plinth, so
  // that even small their outline shows both (a mitre or a tower behind a horse's head).
  archbishop: {
    body: [PLINTH],
    compose: [['bishop', 14, .84], ['knight', 28.5, .78]],
  },
  chancellor: {
    body: [PLINTH],
    compose: [['rook', 14.5, .8], ['knight', 28.5, .78]],
  },
  camel: {
    body: ['M8.5 14.5C8.5 11.5 10.5 10 13.5 10.5L16.5 11.5C17.5 12.5 17.5 14 17 16L17 21.5C19 17.5 21.5 11.5 26 11.5C30.5 11.5 32.5 17 34.5 22C35.5 25 35.5 29 34.5 31.5L34.5 35.5L29 35.5L29 30.5L19.5 30.5L19.5 35.5L13.5 35.5L13.8 27C13.5 23 13.2 19.5 13 16.5C11.5 16.5 8.5 16.5 8.5 14.5Z', PLINTH],
    detail: ['M20 24.5c4 1.5 9 1.5 13.5-1'],
    dots: [[12.3, 12.8, 1]],
  },
  lion: {
    body: [mane(22.5, 19.5, 12.5, 12), 'M22.5 11.5a8 8 0 1 1 0 16a8 8 0 1 1 0-16z', PLINTH],
    detail: ['M20.5 22.5h4l-2 2.2z', 'M22.5 24.7v1.5', 'M20.5 27c1-.8 3-.8 4 0'],
    dots: [[19.5, 18.5, 1.2], [25.5, 18.5, 1.2]],
  },
  steward: {
    body: ['M18.5 21.5h8c.5 5 3.5 9 6 14h-20c2.5-5 5.5-9 6-14z', 'M15.5 18.5h14a1.5 1.5 0 0 1 0 3h-14a1.5 1.5 0 0 1 0-3z',
      'M16.5 11.5l6-5l6 5v5.5h-12z', PLINTH],
    detail: ['M22.5 24.5v8', 'M18.5 28.5h8'],
  },
  spearman: {
    body: ['M22.5 9.5a13 13 0 1 1 0 26a13 13 0 1 1 0-26z'],
    detail: ['M22.5 34V12'],
    arrow: 'M22.5 3.5l5 9.5h-10z',
  },
  // The vizier of shatranj: a robed figure under a broad hat, the cross on its robe for its
  // diagonal step.
  counsellor: {
    body: ['M15.5 35.5l3-13.5h8l3 13.5z', 'M15 19.5h15a1.5 1.5 0 0 1 0 3H15a1.5 1.5 0 0 1 0-3z',
      'M22.5 10.5a4.5 4.5 0 1 1 0 9a4.5 4.5 0 1 1 0-9z', 'M12.5 11.5h20l-4.5-6h-11z', PLINTH],
    detail: ['M19.8 26.5l5.4 6M25.2 26.5l-5.4 6'],
  },
  elephant: {
    body: ['M33.5 35.5L33.5 22C33.5 14 28.5 9 21.5 9C14.5 9 10 13 10 19C10 23 9 27 7 30C6 32 8 33.5 10 32C12.5 30 13.5 27 14.5 25C15 28 15.5 32 15 35.5Z', PLINTH],
    detail: ['M24 13c6-1 8 6 6 11c-1.5 3-6 3-6.5-1.5', 'M14.5 24.5l-5 1.2'],
    dots: [[16.5, 16.5, 1.2]],
  },
};

// The ring's pawns: a pawn whose way round the ring the board shows with an arrow (travelArrow).
DRAWINGS['pawn-up'] = DRAWINGS.pawn;
DRAWINGS['pawn-down'] = DRAWINGS.pawn;
// A kind the page has no drawing for (a server newer than the page): a plain disc.
DRAWINGS.unknown = { body: ['M22.5 9.5a13 13 0 1 1 0 26a13 13 0 1 1 0-26z'], detail: ['M22.5 16v8', 'M22.5 28v1'] };

// A kind with no drawing of its own (an operator's new piece): the server names the drawing
// "glyph-" and its letter, drawn on a disc standing on the plinth, in the detail paint so that it
// reads on both colours.
const GLYPH = /^glyph-([A-Z])$/;
const GLYPH_DISC = 'M22.5 6.5a14 14 0 1 1 0 28a14 14 0 1 1 0-28z';

function glyphContent(letter, color) {
  const paint = PAINT[color];
  return `<g fill="${paint.body}" stroke="${paint.line}" stroke-width="1.5" stroke-linejoin="round">`
    + `<path d="${GLYPH_DISC}"/><path d="${PLINTH}"/></g>`
    + `<circle cx="22.5" cy="20.5" r="11.3" fill="none" stroke="${paint.detail}" stroke-width=".8"/>`
    + `<text x="22.5" y="20.5" text-anchor="middle" dominant-baseline="central" fill="${paint.detail}" `
    + `font-family="Georgia, 'DejaVu Serif', serif" font-weight="bold" font-size="17">${letter}</text>`;
}

// A mane of `lobes` round lobes around (cx, cy).
function mane(cx, cy, radius, lobes) {
  const point = (angle, r) => [cx + r * Math.sin(angle), cy - r * Math.cos(angle)].map(n => n.toFixed(2)).join(' ');
  const step = 2 * Math.PI / lobes;
  let d = `M${point(0, radius - 2.5)}`;
  for (let i = 0; i < lobes; i++) d += `Q${point((i + .5) * step, radius + 2.5)} ${point((i + 1) * step, radius - 2.5)}`;
  return d + 'Z';
}

export const colorOf = letter => (letter === letter.toUpperCase() ? 'white' : 'black');

// The variant's kind of a man (its entry in /api/variants' `pieces`), or null.
export const kindOf = (letter, pieces = []) => pieces.find(kind => kind.letter === letter.toUpperCase()) ?? null;

// The drawing the server chose for a man's kind.
export function drawingOf(letter, pieces) {
  const drawing = kindOf(letter, pieces)?.drawing;
  return drawing && (DRAWINGS[drawing] || GLYPH.test(drawing)) ? drawing : 'unknown';
}

// "white archbishop"
export const manName = (letter, pieces) => `${colorOf(letter)} ${kindOf(letter, pieces)?.name ?? 'man'}`;

// The rotation (degrees) a man gets on the board: a man that faces a way (the spearman) turns
// to its facing, seen from its owner's side.
export function pieceRotation(letter, pieces, orientation) {
  const facing = kindOf(letter, pieces)?.facing;
  if (facing === undefined) return 0;
  const ownSide = colorOf(letter) === 'white' ? 0 : 180;
  return facing + ownSide + (orientation === 'black' ? 180 : 0);
}

// A small arrow in front of a man at (x, y), pointing at `angle` (radians, screen: 0 = up,
// clockwise): which way a ring pawn goes round.
export function travelArrow(x, y, size, angle) {
  const at = (forward, side) => [x + Math.sin(angle) * forward + Math.cos(angle) * side,
    y - Math.cos(angle) * forward + Math.sin(angle) * side].map(n => n.toFixed(1)).join(' ');
  return `M${at(size * .5, 0)}L${at(size * .3, size * .12)}L${at(size * .3, -size * .12)}Z`;
}

export const symbolId = (kind, color) => `piece-${kind}-${color}`;

// Another drawing, without its plinth, made `scale` times smaller and standing on the plinth
// with its middle at x = `middle`: a part of a compound.
function composedPart([drawing, middle, scale], color) {
  const parts = DRAWINGS[drawing];
  const standing = { ...parts, body: parts.body.filter(d => d !== PLINTH) };
  const base = 35.5;  // where a drawing's body meets its plinth
  const transform = `translate(${(middle - 22.5 * scale).toFixed(2)} ${(base - base * scale).toFixed(2)}) scale(${scale})`;
  return `<g transform="${transform}">${partsContent(standing, color)}</g>`;
}

// The inside of one drawing in one colour, in its 45x45 box.
function drawingContent(drawing, color) {
  const glyph = GLYPH.exec(drawing);
  if (glyph) return glyphContent(glyph[1], color);
  const parts = DRAWINGS[drawing] ?? DRAWINGS.unknown;
  return partsContent(parts, color) + (parts.compose ?? []).map(part => composedPart(part, color)).join('');
}

function partsContent(parts, color) {
  const paint = PAINT[color];
  const bodies = parts.body.map(d => `<path d="${d}"/>`).join('');
  const details = (parts.detail ?? []).map(d => `<path d="${d}"/>`).join('');
  const dots = (parts.dots ?? []).map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join('');
  const arrow = parts.arrow ? `<path d="${parts.arrow}" fill="${paint.detail}" stroke="${paint.line}" stroke-width="1"/>` : '';
  return `<g fill="${paint.body}" stroke="${paint.line}" stroke-width="1.5" stroke-linejoin="round">${bodies}</g>`
    + `<g fill="none" stroke="${paint.detail}" stroke-width="1.3" stroke-linecap="round">${details}</g>`
    + `<g fill="${paint.detail}">${dots}</g>${arrow}`;
}

// The <symbol> for one drawing in one colour.
export const pieceSymbol = (drawing, color) =>
  `<symbol id="${symbolId(drawing, color)}" viewBox="0 0 45 45">${drawingContent(drawing, color)}</symbol>`;

// A drawing on its own, as <g> markup for a 45x45 box (the legend), turned by `rotation` degrees.
export const pieceMarkup = (drawing, color, rotation = 0) =>
  `<g data-drawing="${drawing}"${rotation ? ` transform="rotate(${rotation} 22.5 22.5)"` : ''}>${drawingContent(drawing, color)}</g>`;
