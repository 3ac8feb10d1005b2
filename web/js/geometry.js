// Board geometries: where each square is drawn, for a rectangle of files x ranks and for the
// ring of circular chess. Both work in SVG user units; `orientation` is the colour at the bottom.
// Square names are file letter + rank number; on the ring the "file" is the ring (a innermost)
// and the "rank" the cell 1..16 (circular.md).

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export const squareName = (file, rank) => LETTERS[file] + rank;

export function parseSquare(name) {
  const match = /^([a-z])(\d+)$/.exec(name);
  return match ? { file: LETTERS.indexOf(match[1]), rank: Number(match[2]) } : null;
}

function allSquares(files, ranks) {
  const names = [];
  for (let rank = ranks; rank >= 1; rank--) for (let file = 0; file < files; file++) names.push(squareName(file, rank));
  return names;
}

// a1 is dark on every board, and colours alternate along files and ranks.
function isLight(name) {
  const { file, rank } = parseSquare(name);
  return (file + rank - 1) % 2 === 1;
}

const SQUARE = 100;

function rectGeometry(files, ranks) {
  const place = (name, orientation) => {
    const { file, rank } = parseSquare(name);
    return orientation === 'white'
      ? { col: file, row: ranks - rank }
      : { col: files - 1 - file, row: rank - 1 };
  };
  return {
    kind: 'rect', files, ranks,
    width: files * SQUARE, height: ranks * SQUARE, pieceSize: SQUARE,
    squares: allSquares(files, ranks),
    isLight,
    outline(name, orientation) {
      const { col, row } = place(name, orientation);
      return `M${col * SQUARE} ${row * SQUARE}h${SQUARE}v${SQUARE}h${-SQUARE}z`;
    },
    centre(name, orientation) {
      const { col, row } = place(name, orientation);
      return { x: (col + .5) * SQUARE, y: (row + .5) * SQUARE };
    },
    squareAt(x, y, orientation) {
      const col = Math.floor(x / SQUARE), row = Math.floor(y / SQUARE);
      if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
      return orientation === 'white' ? squareName(col, ranks - row) : squareName(files - 1 - col, row + 1);
    },
    // Labels drawn inside the edge squares, as lichess does: files along the bottom, ranks on the left.
    labels(orientation) {
      const bottomRank = orientation === 'white' ? 1 : ranks;
      const leftFile = orientation === 'white' ? 0 : files - 1;
      const labels = [];
      for (let file = 0; file < files; file++) {
        const name = squareName(file, bottomRank), { col, row } = place(name, orientation);
        labels.push({ text: LETTERS[file], x: (col + 1) * SQUARE - 6, y: (row + 1) * SQUARE - 7, anchor: 'end', onLight: isLight(name) });
      }
      for (let rank = 1; rank <= ranks; rank++) {
        const name = squareName(leftFile, rank), { col, row } = place(name, orientation);
        labels.push({ text: String(rank), x: col * SQUARE + 6, y: row * SQUARE + 22, anchor: 'start', onLight: isLight(name) });
      }
      return labels;
    },
    // The square one step away on screen (for the keyboard cursor), or null at the edge.
    step(name, key, orientation) {
      const { col, row } = place(name, orientation);
      const [dc, dr] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
      const c = col + dc, r = row + dr;
      return this.squareAt((c + .5) * SQUARE, (r + .5) * SQUARE, orientation);
    },
  };
}

// The ring: White's home cells 16 and 1 meet at the bottom, Black's 8 and 9 at the top; cells
// count up counter-clockwise (up the right-hand side) seen from White.
function ringGeometry(rings, cells) {
  // The hole and the margin are as small as the labels allow, for inner cells a finger can hit.
  const outer = 400, inner = 130, band = (outer - inner) / rings, margin = 26;
  const cx = outer + margin, cy = outer + margin;
  const span = 2 * Math.PI / cells;
  const turn = orientation => (orientation === 'white' ? 0 : Math.PI);
  const point = (angle, radius) => ({ x: cx + radius * Math.sin(angle), y: cy + radius * Math.cos(angle) });
  const fmt = p => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  const cellAngle = (cell, orientation) => (cell - 1) * span + turn(orientation);
  return {
    kind: 'ring', files: rings, ranks: cells,
    width: 2 * (outer + margin), height: 2 * (outer + margin), pieceSize: band * .95,
    squares: allSquares(rings, cells),
    isLight,
    outline(name, orientation) {
      const { file, rank } = parseSquare(name);
      const a0 = cellAngle(rank, orientation), a1 = a0 + span;
      const r0 = inner + file * band, r1 = r0 + band;
      // Angles grow counter-clockwise on screen, which is SVG's sweep-flag 0.
      return `M${fmt(point(a0, r0))}L${fmt(point(a0, r1))}A${r1} ${r1} 0 0 0 ${fmt(point(a1, r1))}`
        + `L${fmt(point(a1, r0))}A${r0} ${r0} 0 0 1 ${fmt(point(a0, r0))}Z`;
    },
    centre(name, orientation) {
      const { file, rank } = parseSquare(name);
      return point(cellAngle(rank, orientation) + span / 2, inner + (file + .5) * band);
    },
    squareAt(x, y, orientation) {
      const dx = x - cx, dy = y - cy, radius = Math.hypot(dx, dy);
      if (radius < inner || radius >= outer) return null;
      let angle = Math.atan2(dx, dy) - turn(orientation);
      angle = ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      return squareName(Math.floor((radius - inner) / band), Math.floor(angle / span) + 1);
    },
    // Cell numbers around the outside, ring letters along the seam between cells 16 and 1.
    labels(orientation) {
      const labels = [];
      for (let cell = 1; cell <= cells; cell++) {
        const p = point(cellAngle(cell, orientation) + span / 2, outer + margin / 2);
        labels.push({ text: String(cell), x: p.x, y: p.y + 8, anchor: 'middle', outside: true });
      }
      for (let ring = 0; ring < rings; ring++) {
        const p = point(turn(orientation), inner + (ring + .5) * band);
        labels.push({ text: LETTERS[ring], x: p.x, y: p.y + 8, anchor: 'middle', seam: true });
      }
      return labels;
    },
    // Arrow keys: left and right walk along the ring, up and down move between rings.
    step(name, key) {
      const { file, rank } = parseSquare(name);
      if (key === 'ArrowUp') return file + 1 < rings ? squareName(file + 1, rank) : null;
      if (key === 'ArrowDown') return file > 0 ? squareName(file - 1, rank) : null;
      const next = ((rank - 1 + (key === 'ArrowRight' ? 1 : -1) + cells) % cells) + 1;
      return squareName(file, next);
    },
  };
}

export const geometryFor = board =>
  (board.type === 'ring' ? ringGeometry(board.files, board.ranks) : rectGeometry(board.files, board.ranks));
