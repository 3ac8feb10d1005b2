// Lichess's start: the clocks of a timed game run only once both sides have made their first
// move, and a first move not made in time aborts the game. The server says how long the side to
// move has left for it (`first_move_ms`); the view counts it down, this line shows it.
import { h } from './dom.js';

export class FirstMoveLine {
  constructor() {
    this.line = h('p.first-move', { hidden: true });
  }

  render(view) {
    const firstMove = view.firstMove;
    this.line.hidden = !firstMove;
    if (!firstMove) return;
    this.line.textContent = firstMove.text;
    this.line.classList.toggle('urgent', firstMove.urgent);
  }
}
