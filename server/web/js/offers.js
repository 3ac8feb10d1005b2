// Draw offers and takeback requests: which side has one standing (the server keeps them), the
// buttons to make one, and one Accept and one Decline for the side it is made to.
import { capitalize, h, otherColor } from './dom.js';

export const OFFER_ERRORS = {
  too_soon: 'Your opponent declined your last draw offer: you may offer again once the game has moved on.',
  draw_offered: 'Your draw offer stands until your opponent answers it.',
  takeback_offered: 'Your takeback request stands until your opponent answers it.',
  nothing_to_take_back: 'You have not moved yet: there is nothing to take back.',
  hidden_game: 'There are no takebacks in Kriegspiel: they would show the hidden board.',
  no_offer: 'There is no offer to answer any more.',
};

const WHAT = { draw: 'a draw', takeback: 'to take back a move' };

export class Offers {
  // page: the game page (its seat, status, history and send()).
  constructor(page) {
    this.page = page;
    this.standing = { draw: null, takeback: null };  // the colour whose offer stands, or null
    this.declined = null;  // {kind, by} until the game moves on
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

  get actions() {
    return {
      'accept-draw': () => this.answer('draw', 'draw'),
      'decline-draw': () => this.answer('draw', 'draw_decline'),
      'accept-takeback': () => this.answer('takeback', 'takeback'),
      'decline-takeback': () => this.answer('takeback', 'takeback_decline'),
      draw: () => this.page.send({ t: 'draw' }, this.page.local ? this.page.turn : this.page.you),
      takeback: () => this.page.send({ t: 'takeback' }, this.page.local ? this.lastMover() : this.page.you),
    };
  }

  answer(kind, t) {
    const by = this.standing[kind];
    if (by) this.page.send({ t }, this.page.local ? otherColor(by) : this.page.you);
  }

  lastMover() {
    return this.page.history.at(-1).mover ?? otherColor(this.page.turn);
  }

  receive(message) {
    switch (message.t) {
      case 'state':
        this.standing = { draw: message.draw_offer ?? null, takeback: message.takeback_offer ?? null };
        this.declined = null;
        break;
      case 'draw_offer': this.standing.draw = message.by; this.declined = null; break;
      case 'takeback_offer': this.standing.takeback = message.by; this.declined = null; break;
      case 'draw_declined': this.standing.draw = null; this.declined = { kind: 'draw', by: message.by }; break;
      case 'takeback_declined': this.standing.takeback = null; this.declined = { kind: 'takeback', by: message.by }; break;
      case 'takeback': this.standing = { draw: null, takeback: null }; this.declined = null; break;
      case 'move':
      case 'umpire':
        if (message.t === 'umpire' && message.say !== 'moved') break;
        // A draw offer stands through its offerer's own move; a takeback request lapses.
        if (this.standing.draw && this.standing.draw !== this.moverOf(message)) this.standing.draw = null;
        this.standing.takeback = null;
        this.declined = null;
        break;
      case 'end': this.standing = { draw: null, takeback: null }; this.declined = null; break;
      default: break;
    }
    return null;
  }

  moverOf(message) {
    return message.t === 'umpire' ? message.by : this.page.history.at(-1).mover;
  }

  // Whether the viewer may answer an offer `by` that colour (the other seat, or either seat of a local game).
  answerable(by) {
    const page = this.page;
    return Boolean(by) && page.status === 'playing' && page.isPlayer && (page.local || by !== page.you);
  }

  render() {
    const page = this.page, playing = page.status === 'playing';
    let shown = false;
    for (const [kind, row] of Object.entries(this.rows)) {
      const by = playing ? this.standing[kind] : null;
      row.hidden = !by;
      if (!by) continue;
      shown = true;
      const mine = !page.local && by === page.you;
      row.querySelector('.offer-text').textContent = mine
        ? `You asked for ${WHAT[kind]}: waiting for the answer.`
        : `${capitalize(by)} ${kind === 'draw' ? 'offers a draw' : 'asks to take back a move'}.`;
      for (const button of row.querySelectorAll('button')) button.hidden = !this.answerable(by);
    }
    const declined = playing ? this.declined : null;
    this.declinedLine.hidden = !declined;
    if (declined) this.declinedLine.textContent = `${capitalize(declined.by)} declined ${declined.kind === 'draw' ? 'the draw offer' : 'the takeback'}.`;
    this.panel.hidden = !(shown || declined);
    this.renderButtons();
  }

  renderButtons() {
    const page = this.page, ui = page.ui, playing = page.status === 'playing' && page.isPlayer;
    const offerer = page.local ? page.turn : page.you;
    const drawMine = this.standing.draw && this.standing.draw === offerer;
    // One Accept only: while the opponent's offer stands, it is answered in the offer panel.
    ui.draw.hidden = Boolean(this.standing.draw) && this.answerable(this.standing.draw) && !drawMine;
    ui.draw.textContent = drawMine ? 'Draw offered' : 'Offer draw';
    ui.draw.disabled = !playing || Boolean(drawMine);
    const asker = page.local ? this.lastMover() : page.you;
    const hasMoved = page.history.slice(1).some(position => position.mover === asker);
    const takebackMine = this.standing.takeback && this.standing.takeback === asker;
    this.takebackButton.hidden = Boolean(page.variant.hidden)
      || (Boolean(this.standing.takeback) && this.answerable(this.standing.takeback) && !takebackMine);
    this.takebackButton.textContent = takebackMine ? 'Takeback asked' : 'Takeback';
    this.takebackButton.disabled = !playing || !hasMoved || Boolean(takebackMine);
  }
}
