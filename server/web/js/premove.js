// Premoves: on the opponent's turn a player may queue one move, which the server plays as soon
// as the turn comes if it is still legal (or drops, saying why). The server sends legal moves
// only to the side to move, so any man of the player's own colour may be sent to any square:
// the server judges it when its turn comes. Open games between two screens only.
import { h } from './dom.js';
import { parseMove } from './moves.js';
import { colorOf } from './pieces.js';

export class Premoves {
  constructor(page) {
    this.page = page;
    this.queued = null;  // {from, to} as the server last confirmed it, or as just sent
    this.board = page.board;
    this.cancelButton = h('button.button.small', { type: 'button', 'data-action': 'cancel-premove' }, 'Cancel premove');
    this.line = h('div.panel.premove', { hidden: true },
      h('span.premove-text'), this.cancelButton);
    this.hint = h('p.premove-hint', { hidden: true },
      'Premove: move any of your men now; the server plays it when your turn comes, if it is legal then.');
    // A click on a square that is not one of the player's men, with none picked up, cancels.
    // Capture phase: the board has not yet acted on the click, so `selected` is as before it.
    this.board.svg.addEventListener('pointerdown', event => {
      if (!this.queued || this.board.selected) return;
      const square = this.board.squareAtEvent(event);
      const letter = square && this.board.placement.get(square);
      if (!letter || colorOf(letter) !== this.page.you) this.cancel();
    }, { capture: true });
  }

  get actions() {
    return { 'cancel-premove': () => this.cancel() };
  }

  // Whether a move on the board now is a premove.
  get active() {
    const page = this.page;
    return page.isPlayer && !page.local && !page.variant.hidden && page.status === 'playing'
      && page.turn !== page.you && page.viewing === null;
  }

  // The board's movable squares while premoving: every man of the player's, to any square not
  // held by another of them (a click there picks that man up instead).
  dests() {
    if (!this.active) return null;
    const own = [...this.page.history.at(-1).placement].filter(([, letter]) => colorOf(letter) === this.page.you);
    const held = new Set(own.map(([square]) => square));
    const targets = new Set(this.page.geometry.squares.filter(square => !held.has(square)));
    return new Map(own.map(([square]) => [square, targets]));
  }

  make(from, to) {
    const uci = from + to;
    this.queued = parseMove(uci);
    this.page.send({ t: 'premove', move: uci });
    this.page.render();
  }

  cancel() {
    if (!this.queued) return;
    this.queued = null;
    this.page.send({ t: 'premove', move: null });
    this.page.render();
  }

  receive(message) {
    const page = this.page;
    switch (message.t) {
      case 'state': this.queued = parseMove(message.premove); break;
      case 'premove':
        this.queued = parseMove(message.move);
        if (message.reason) return `Premove dropped: ${message.reason}.`;
        break;
      // Played (it is the server's move now), taken back or ended: nothing is queued any more.
      case 'move': if (page.history.at(-1).mover === page.you) this.queued = null; break;
      case 'takeback': case 'end': this.queued = null; break;
      case 'error': if (message.code === 'your_turn') this.queued = null; break;
      default: break;
    }
    return null;
  }

  render() {
    const shown = this.active ? this.queued : null;
    this.board.element.classList.toggle('premoving', this.active);
    this.board.setPremove(shown);
    this.line.hidden = !shown;
    if (shown) this.line.querySelector('.premove-text').textContent = `Premove queued: ${shown.from}–${shown.to}`;
    this.hint.hidden = !this.active || Boolean(shown);
  }
}
