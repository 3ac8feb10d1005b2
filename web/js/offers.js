// Draw offers and takeback requests as the server says they stand (`now.offers`): one Accept and
// one Decline for the side that may answer, and the buttons to make one. Drawn from the view
// (game-view.js); the page sends what the buttons say.
import { h } from './dom.js';

export class OffersPanel {
  constructor() {
    const button = (label, action, extra = '') => h(`button.button.small${extra}`, { type: 'button', 'data-action': action }, label);
    this.rows = {};
    this.panel = h('div.panel.offers', { role: 'status', 'aria-live': 'polite', hidden: true });
    for (const kind of ['draw', 'takeback']) {
      const row = h('div.offer', { dataset: { offer: kind } }, h('span.offer-text'),
        button('Accept', `accept-${kind}`, '.primary'), button('Decline', `decline-${kind}`));
      this.rows[kind] = row;
      this.panel.append(row);
    }
    this.declinedLine = h('p.offer-declined', { hidden: true });
    this.panel.append(this.declinedLine);
    this.takebackButton = button('Takeback', 'takeback');
    this.takebackButton.classList.remove('small');
  }

  // view: gameView(...); ui: the layout's parts (the draw button is there).
  render(view, ui) {
    const { offers, controls } = view;
    for (const [kind, row] of Object.entries(this.rows)) {
      const offer = offers[kind];
      row.hidden = !offer;
      if (!offer) continue;
      row.querySelector('.offer-text').textContent = offer.text;
      row.querySelector(`[data-action="accept-${kind}"]`).hidden = !offer.accept;
      row.querySelector(`[data-action="decline-${kind}"]`).hidden = !offer.decline;
    }
    this.declinedLine.hidden = !offers.declined;
    this.declinedLine.textContent = offers.declined ?? '';
    this.panel.hidden = !(offers.draw || offers.takeback || offers.declined);
    ui.draw.hidden = !controls.draw.shown;
    ui.draw.textContent = controls.draw.label;
    ui.draw.disabled = !controls.draw.seat;
    this.takebackButton.hidden = !controls.takeback.shown;
    this.takebackButton.textContent = controls.takeback.label;
    this.takebackButton.disabled = !controls.takeback.seat;
  }
}
