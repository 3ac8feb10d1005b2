// The legend of a variant: every kind of man with its drawing, its name, how it moves in words
// and on a small board, all as the server describes them (/api/variants), nothing worked out here.
import { capitalize, h } from './dom.js';
import { parseSquare } from './geometry.js';
import { pieceMarkup, travelArrow } from './pieces.js';

const CELL = 20;

const svgOf = (viewBox, markup, label) => {
  const wrapper = document.createElement('span');
  wrapper.innerHTML = `<svg viewBox="${viewBox}" role="img" aria-label="${label}">${markup}</svg>`;
  return wrapper.firstElementChild;
};

// The man drawn as White's, turned to its facing, with the way a ring pawn goes.
function manMarkup(kind, x, y, size) {
  const rotation = kind.facing ?? 0;
  let markup = `<svg x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" viewBox="0 0 45 45">`
    + `${pieceMarkup(kind.drawing, 'white', rotation)}</svg>`;
  if (kind.direction) markup += `<path class="travel-arrow white" d="${travelArrow(x, y, size, kind.direction === 'up' ? 0 : Math.PI)}"/>`;
  return markup;
}

// The small board: the man on `from`, a dot where it moves, a ring where it captures.
function diagram(kind) {
  const { files, ranks, from, moves_to: moves, captures_to: captures } = kind.diagram;
  const centre = square => {
    const { file, rank } = parseSquare(square);
    return { x: (file + .5) * CELL, y: (ranks - rank + .5) * CELL };
  };
  let markup = '';
  for (let rank = 1; rank <= ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const light = (file + rank) % 2 === 0;
      markup += `<rect x="${file * CELL}" y="${(ranks - rank) * CELL}" width="${CELL}" height="${CELL}" class="${light ? 'light' : 'dark'}"/>`;
    }
  }
  const captureSet = new Set(captures), moveSet = new Set(moves);
  for (const square of new Set([...moves, ...captures])) {
    const { x, y } = centre(square);
    const how = moveSet.has(square) ? (captureSet.has(square) ? 'both' : 'move') : 'capture';
    const mark = {
      both: `<rect x="${x - CELL / 2}" y="${y - CELL / 2}" width="${CELL}" height="${CELL}"/>`,
      move: `<circle cx="${x}" cy="${y}" r="${CELL * .2}"/>`,
      capture: `<path d="M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}"/>`,
    }[how];
    markup += `<g class="diagram-${how}" data-square="${square}">${mark}</g>`;
  }
  // The men a hopper jumps (of either side: drawn as plain black discs).
  for (const square of kind.diagram.screens ?? []) {
    const { x, y } = centre(square);
    markup += `<circle class="diagram-screen" data-square="${square}" cx="${x}" cy="${y}" r="${CELL * .32}" `
      + 'fill="#2a2a2a" stroke="#0d0d0d" stroke-width="1.5"/>';
  }
  const here = centre(from);
  markup += manMarkup(kind, here.x, here.y, CELL * .95);
  return svgOf(`0 0 ${files * CELL} ${ranks * CELL}`, markup, `How the ${kind.name} moves`);
}

function kindEntry(kind) {
  const icon = svgOf('0 0 45 45', manMarkup(kind, 22.5, 22.5, 45), kind.name);
  icon.classList.add('legend-icon');
  const board = diagram(kind);
  board.classList.add('legend-diagram');
  return h('li.legend-kind', { dataset: { kind: kind.id, letter: kind.letter } },
    icon,
    h('div.legend-words', {}, h('strong', {}, capitalize(kind.name)), h('p', {}, kind.text)),
    board);
}

// Opens the legend of `variant` over the page; closed by its button, Escape or a click outside.
export function showLegend(variant) {
  const notes = [];
  if (variant.two_move_turns) {
    notes.push('Each side moves twice a turn, with two different men, until its first capture; a capture or a '
      + 'checking first move ends the turn.');
  }
  if (variant.pieces.some(kind => kind.turns_to?.length)) {
    notes.push('To turn a spearman where it stands, click it twice (or press Enter twice on it) and pick the facing; '
      + 'after any other move of it the facing is picked the same way.');
  }
  const close = h('button.button.small', { type: 'button', 'data-action': 'close-legend' }, 'Close');
  const dialog = h('dialog.legend', { 'aria-label': `${variant.title}: the men` },
    h('div.legend-head', {}, h('h2', {}, `${variant.title}: the men`), close),
    h('p.legend-key', {}, 'On each small board the man stands in the middle. ',
      h('span.key-both', {}, 'Green'), ': it moves or captures there; ', h('span.key-move', {}, 'dot'),
      ': it moves there only; ', h('span.key-capture', {}, '×'), ': it captures there only.'),
    variant.pieces.some(kind => kind.diagram.screens?.length)
      ? h('p.legend-key', {}, 'A black disc: a man, of either side, that the man in the middle jumps over.') : null,
    notes.map(note => h('p.legend-note', {}, note)),
    h('ul.legend-list', {}, variant.pieces.map(kindEntry)));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', event => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
