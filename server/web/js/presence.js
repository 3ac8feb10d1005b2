// Whether each player has a connection (the server says `presence`), and, when the opponent has
// been gone for the server's `abandon_after_ms` in a live game, the choice to claim the win, call
// it a draw, or wait. The server times the absence; this page only counts down to show it.
import { formatClock } from './clock.js';
import { capitalize, h, otherColor } from './dom.js';

export class Presence {
  constructor(page) {
    this.page = page;
    this.connected = null;  // {white, black}, or null before the server says
    this.goneAt = { white: null, black: null };  // performance.now() when a seat was last seen to go
    this.abandonAfterMs = null;
    this.waiting = false;  // the player chose to wait for this absence
    this.marks = {};
    for (const bar of [page.ui.topPlayer, page.ui.bottomPlayer]) {
      const mark = h('span.presence', { hidden: true });
      bar.querySelector('.player-name').after(mark);
      this.marks[bar.dataset.position] = mark;
    }
    this.panel = h('div.panel.claim', { role: 'alert', hidden: true },
      h('p.claim-text'),
      h('div.controls.claim-actions', {},
        h('button.button.primary', { type: 'button', 'data-action': 'claim-victory' }, 'Claim victory'),
        h('button.button', { type: 'button', 'data-action': 'claim-draw' }, 'Call it a draw'),
        h('button.button', { type: 'button', 'data-action': 'claim-wait' }, 'Wait')));
  }

  get actions() {
    return {
      'claim-victory': () => this.page.send({ t: 'claim', result: 'victory' }),
      'claim-draw': () => this.page.send({ t: 'claim', result: 'draw' }),
      'claim-wait': () => { this.waiting = true; this.render(); },
    };
  }

  receive(message) {
    if (message.t === 'state' && typeof message.abandon_after_ms === 'number') this.abandonAfterMs = message.abandon_after_ms;
    const presence = message.t === 'presence' ? message
      : message.t === 'state' || message.t === 'resumed' ? message.presence : null;
    if (!presence) return null;
    const now = performance.now();
    for (const color of ['white', 'black']) {
      const here = Boolean(presence[color]);
      if (here) this.goneAt[color] = null;
      else this.goneAt[color] ??= now;  // gone before we heard: counted from now (the server decides)
    }
    if (presence[this.opponent] && !this.connected?.[this.opponent]) this.waiting = false;
    this.connected = { white: Boolean(presence.white), black: Boolean(presence.black) };
    return null;
  }

  get opponent() {
    return otherColor(this.page.you);
  }

  // A game between two screens, under way, against a person.
  get shown() {
    const page = this.page;
    return this.connected !== null && !page.local && page.status === 'playing' && !page.computer;
  }

  render() {
    const page = this.page;
    for (const bar of [page.ui.topPlayer, page.ui.bottomPlayer]) {
      const mark = this.marks[bar.dataset.position], color = bar.dataset.color;
      mark.hidden = !this.shown;
      if (!this.shown) continue;
      const here = this.connected[color];
      mark.className = `presence ${here ? 'here' : 'gone'}`;
      mark.textContent = here ? 'online' : 'offline';
      mark.title = here ? `${capitalize(color)} is connected` : `${capitalize(color)} has no connection`;
    }
    this.tick();
  }

  // Every tenth of a second: the countdown to the claim.
  tick() {
    const page = this.page;
    const goneAt = this.shown && page.isPlayer ? this.goneAt[this.opponent] : null;
    this.panel.hidden = goneAt === null || this.waiting || this.abandonAfterMs === null;
    if (this.panel.hidden) return;
    const left = this.abandonAfterMs - (performance.now() - goneAt);
    const ready = left <= 0;
    this.panel.querySelector('.claim-text').textContent = ready
      ? `${capitalize(this.opponent)} left the game. You may claim the win, call it a draw, or wait.`
      : `${capitalize(this.opponent)} left the game. You may claim it in ${formatClock(left)} if they do not come back.`;
    this.panel.classList.toggle('ready', ready);
    for (const button of this.panel.querySelectorAll('[data-action^="claim-"]:not([data-action="claim-wait"])')) button.disabled = !ready;
  }
}
