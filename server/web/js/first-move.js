// Lichess's start: the clocks of a timed game run only once both sides have made their first
// move, and a first move not made in time aborts the game. The server says how long the side to
// move has left for it (`first_move_ms`, in every message that carries the clock); this counts down.
import { capitalize, h } from './dom.js';

export class FirstMove {
  constructor(page) {
    this.page = page;
    this.running = null;  // the server's clock.running, or undefined for an untimed game
    this.deadline = null;  // performance.now() at which the game is aborted, or null
    this.line = h('p.first-move', { hidden: true });
  }

  receive(message) {
    if (!('clock' in message)) return null;
    this.running = message.clock ? message.clock.running : undefined;
    this.deadline = typeof message.first_move_ms === 'number' ? performance.now() + message.first_move_ms : null;
    return null;
  }

  render() {
    this.tick();
  }

  tick() {
    const page = this.page;
    this.line.hidden = !(page.status === 'playing' && this.running === null);
    if (this.line.hidden) return;
    const mine = page.isPlayer && !page.local && page.turn === page.you;
    let text = mine ? 'Make your first move: the clocks start once both sides have moved.'
      : `${capitalize(page.turn)} to make the first move: the clocks start once both sides have moved.`;
    if (this.deadline !== null) {
      const seconds = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
      text += ` ${seconds} s left, or the game is aborted.`;
    }
    this.line.textContent = text;
    this.line.classList.toggle('urgent', this.deadline !== null);
  }
}
