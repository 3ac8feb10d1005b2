// The move list: moves grouped into turns (a Centennial turn of two moves shares one cell),
// each move a button that shows the position after it.
import { h, scrollWithin } from './dom.js';

// plies: [{text, mover, hidden?}] (hidden: an unseen Kriegspiel move); returns rows [{number, white: [index...], black: [index...]}].
function groupTurns(plies) {
  const rows = [];
  let previousMover = null;
  plies.forEach((ply, index) => {
    const newTurn = ply.mover !== previousMover;
    previousMover = ply.mover;
    let row = rows[rows.length - 1];
    if (!row || (newTurn && (ply.mover === 'white' || row.black.length))) {
      row = { number: rows.length + 1, white: [], black: [] };
      rows.push(row);
    }
    row[ply.mover].push(index);
  });
  return rows;
}

// current: index of the ply shown (-1 for the start). onSelect(index) when a move is chosen.
export function renderMoveList(container, plies, current, onSelect) {
  if (!plies.length) {
    container.replaceChildren(h('p.empty', {}, 'No moves yet.'));
    return;
  }
  const cell = indexes => h('td', {}, indexes.map((index, n) => [
    n ? ', ' : null,
    plies[index].hidden ? h('span.hidden-move', { title: 'hidden' }, '?') : h(`button${index === current ? '.current' : ''}`, {
      type: 'button', dataset: { ply: index }, 'aria-current': index === current ? 'true' : null,
      onclick: () => onSelect(index),
    }, plies[index].text),
  ]));
  const rows = groupTurns(plies).map(row =>
    h('tr', {}, h('td.turn-number', {}, `${row.number}.`), cell(row.white), cell(row.black)));
  container.replaceChildren(h('table', {}, h('tbody', {}, rows)));
  scrollWithin(container, container.querySelector('button.current'));
}
