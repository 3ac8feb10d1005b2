// Premoves: on the opponent's turn a player may queue one move, which the server plays as soon
// as the turn comes if it is still legal (or drops, saying why). The server says when a premove
// may be queued (`now.actions`); this draws the queued one, the hint and the Cancel button.
import { h } from './dom.js';
import { colorOf } from './pieces.js';

export class PremovePanel {
  // onCancel(): the player cancels the queued premove (the button, or a click off their men).
  constructor(board, { onCancel }) {
    this.board = board;
    this.shown = null;
    this.cancelButton = h('button.button.small', { type: 'button', 'data-action': 'cancel-premove' }, 'Cancel premove');
    this.line = h('div.panel.premove', { hidden: true }, h('span.premove-text'), this.cancelButton);
    this.hint = h('p.premove-hint', { hidden: true },
      'Premove: move any of your men now; the server plays it when your turn comes, if it is legal then.');
    // A click on a square that is not one of the player's men, with none picked up, cancels.
    // Capture phase: the board has not yet acted on the click, so `selected` is as before it.
    this.board.svg.addEventListener('pointerdown', event => {
      if (!this.shown || this.board.selected) return;
      const square = this.board.squareAtEvent(event);
      const letter = square && this.board.placement.get(square);
      if (!letter || colorOf(letter) !== this.you) onCancel();
    }, { capture: true });
  }

  render(view) {
    const { premoving, premove } = view.board;
    this.you = view.you;
    this.shown = premove;
    this.board.element.classList.toggle('premoving', premoving);
    this.board.setPremove(premove);
    this.line.hidden = !premove;
    if (premove) this.line.querySelector('.premove-text').textContent = `Premove queued: ${premove.from}–${premove.to}`;
    this.hint.hidden = !premoving || Boolean(premove);
  }
}
