// The chooser shown over the board when one (from, to) allows several moves: the promotion
// piece, or the facing a spearman ends with. Resolves to the chosen move, or null if dismissed.
import { h } from './dom.js';
import { pieceRotation } from './pieces.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function pieceIcon(board, letter) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 45 45');
  const use = document.createElementNS(SVG_NS, 'use');
  use.setAttribute('href', board.pieceHref(letter));
  const rotation = pieceRotation(letter, board.pieces, board.orientation);
  if (rotation) use.setAttribute('transform', `rotate(${rotation} 22.5 22.5)`);
  svg.append(use);
  return svg;
}

// options: [{move, letter, label}] (letter: the man as it stands after the move).
export function choose(board, square, title, options) {
  return new Promise(resolve => {
    const buttons = options.map(option => h('button', {
      type: 'button', title: option.label, 'aria-label': option.label, dataset: { move: option.move },
      onclick: event => finish(option.move, event.detail === 0),
    }, pieceIcon(board, option.letter)));
    const panel = h('div.chooser', { role: 'dialog', 'aria-label': title },
      h('div.chooser-title', {}, title), h('div.chooser-options', {}, buttons));
    const outside = event => { if (!panel.contains(event.target)) finish(null, false); };
    const keys = event => {
      if (event.key === 'Escape') finish(null, true);
      const index = buttons.indexOf(document.activeElement);
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        event.stopPropagation();
        const step = event.key === 'ArrowRight' ? 1 : -1;
        buttons[(index + step + buttons.length) % buttons.length].focus();
      }
    };
    // byKeyboard: the keyboard user goes back to the board where they were.
    function finish(move, byKeyboard) {
      panel.remove();
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', keys, true);
      if (byKeyboard) board.svg.focus({ preventScroll: true });
      resolve(move);
    }
    document.body.append(panel);
    const centre = board.clientCentre(square);
    const { width, height } = panel.getBoundingClientRect();
    panel.style.left = `${Math.max(4, Math.min(innerWidth - width - 4, centre.x - width / 2))}px`;
    panel.style.top = `${Math.max(4, Math.min(innerHeight - height - 4, centre.y - height / 2))}px`;
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('keydown', keys, true);
    buttons[0].focus();
  });
}
