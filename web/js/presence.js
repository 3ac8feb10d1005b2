// Whether each player has a connection, and, when the server says the opponent is gone
// (`now.claim_ms`, the time until a claim is permitted), the choice to claim the win, call it a
// draw, or wait. The server times the absence; the view counts down, this draws it.
import { capitalize, h } from './dom.js';

export class PresenceMarks {
  // bars: the two player bars, each with its `.player-name`.
  constructor(bars) {
    this.marks = bars.map(bar => {
      const mark = h('span.presence', { hidden: true });
      bar.querySelector('.player-name').after(mark);
      return { bar, mark };
    });
    this.panel = h('div.panel.claim', { role: 'alert', hidden: true },
      h('p.claim-text'),
      h('div.controls.claim-actions', {},
        h('button.button.primary', { type: 'button', 'data-action': 'claim-victory' }, 'Claim victory'),
        h('button.button', { type: 'button', 'data-action': 'claim-draw' }, 'Call it a draw'),
        h('button.button', { type: 'button', 'data-action': 'claim-wait' }, 'Wait')));
  }

  render(view) {
    for (const { bar, mark } of this.marks) {
      const player = view.players[bar.dataset.position];
      mark.hidden = !player.presence;
      if (!player.presence) continue;
      const here = player.presence === 'online';
      mark.className = `presence ${here ? 'here' : 'gone'}`;
      mark.textContent = player.presence;
      mark.title = here ? `${capitalize(player.color)} is connected` : `${capitalize(player.color)} has no connection`;
    }
    this.tick(view);
  }

  // Every tenth of a second: the countdown to the claim.
  tick(view) {
    const claim = view.claim;
    this.panel.hidden = !claim;
    if (!claim) return;
    this.panel.querySelector('.claim-text').textContent = claim.text;
    this.panel.classList.toggle('ready', claim.ready);
    for (const button of this.panel.querySelectorAll('[data-action^="claim-"]:not([data-action="claim-wait"])')) button.disabled = !claim.ready;
  }
}
