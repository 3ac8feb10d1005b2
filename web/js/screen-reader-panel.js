// The game page in screen reader mode: a panel with a labelled move field (the offered moves as
// its completion), buttons and keys to read the clocks and the board, and one live region where
// moves, umpire announcements, errors and the end are read out. It is fed plain data (the
// server's messages, the position shown, the moves offered) through a few calls from the game
// page, and does nothing visible while the mode is off.
import { capitalize, h } from './dom.js';
import { findTypedMove, offeredMoves, writtenAsMove } from './move-input.js';
import { screenReader } from './screen-reader.js';
import { boardWords, clockWords, fogWords, moveWords, umpireWords } from './spoken.js';

// Alt+Shift+key from anywhere on the page (event.code: the letter whatever Alt+Shift makes of it).
const KEYS = { KeyC: 'clock', KeyB: 'board', KeyM: 'focus' };
// Words typed in the move field instead of a move.
const COMMANDS = { c: 'clock', clock: 'clock', b: 'board', board: 'board', any: 'any', '?': 'any', h: 'help', help: 'help' };

export class ScreenReaderPanel {
  // side: where the panel goes (first); variant: the server's variant; you: 'white' | 'black' |
  // 'both' | 'spectator'; submit(uci): play a move; askAny(): Kriegspiel's question; clock(): {white,
  // black, running} remaining now, or null when untimed; mute: live regions of the page that would
  // read the same things twice while the mode is on.
  constructor(side, { variant, you, submit, askAny, clock, mute = [] }) {
    Object.assign(this, { side, variant, you, submit, askAny, clock, mute });
    this.view = { status: 'waiting', legal: [], offered: null, placement: new Map(), fog: null, statusLine: '' };
    this.greeted = false;
    this.build();
    this.keyListener = event => this.key(event);
    document.addEventListener('keydown', this.keyListener);
    this.unsubscribe = screenReader.subscribe(() => this.show());
    this.show();
  }

  get on() {
    return screenReader.on;
  }

  build() {
    const { tries, any_question: anyQuestion } = this.variant;
    const fieldLabel = tries ? 'Your try (from and to squares, such as e2e4)' : 'Your move (SAN such as Nf3, or from and to squares such as g1f3)';
    this.input = h('input', {
      id: 'screen-reader-move', type: 'text', list: 'screen-reader-moves', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
      'aria-describedby': 'screen-reader-help',
    });
    this.datalist = h('datalist', { id: 'screen-reader-moves' });
    const commands = `Type c for the clocks, b for the board${anyQuestion ? ', any to ask "Are there any?"' : ''}. `
      + 'Keys from anywhere: Alt+Shift+C clocks, Alt+Shift+B board, Alt+Shift+M this field.';
    this.log = h('div.screen-reader-log', { role: 'log', 'aria-live': 'polite', 'aria-label': 'Game announcements' });
    const form = h('form.screen-reader-form', {},
      h('label', { for: 'screen-reader-move' }, fieldLabel), this.input, this.datalist,
      h('button.button.small.primary', { type: 'submit' }, tries ? 'Try' : 'Play'));
    form.hidden = this.you === 'spectator';  // a spectator reads and listens only
    form.addEventListener('submit', event => {
      event.preventDefault();
      this.typed(this.input.value);
    });
    this.element = h('section.panel.screen-reader', { 'aria-label': 'Screen reader mode' },
      form, h('p.screen-reader-help', { id: 'screen-reader-help' }, commands),
      h('div.controls', {},
        h('button.button.small', { type: 'button', onclick: () => this.readClock() }, 'Read clocks'),
        h('button.button.small', { type: 'button', onclick: () => this.readBoard() }, 'Read board')),
      this.log);
  }

  // The panel and the muted regions follow the setting.
  show() {
    const on = this.on;
    if (on && !this.element.isConnected) {
      this.side.prepend(this.element);
      if (this.you !== 'spectator') this.input.focus();
      this.greeted = false;
      this.greet();
    }
    if (!on) this.element.remove();
    for (const region of this.mute) {
      if (on) {
        region.dataset.liveBefore ??= region.getAttribute('aria-live') ?? '';
        region.setAttribute('aria-live', 'off');
      } else if (region.dataset.liveBefore !== undefined) {
        if (region.dataset.liveBefore) region.setAttribute('aria-live', region.dataset.liveBefore);
        else region.removeAttribute('aria-live');
        delete region.dataset.liveBefore;
      }
    }
    if (on) this.renderMoves();
  }

  // Read out (appended to the live region) while the mode is on.
  say(text) {
    if (!this.on || !text) return;
    this.log.append(h('p', {}, text));
  }

  // --- what the game page tells ---

  // After each render: status 'waiting' | 'playing' | 'finished', statusLine ("Your move"), legal
  // (the moves the viewer may make now), offered ({legal, san} as the server last sent them),
  // placement (Map square -> letter of the position shown), fog (the squares of it not seen, or null).
  update(view) {
    this.view = view;
    this.greet();
    if (this.on) this.renderMoves();
  }

  // The game and where it stands, once the mode is on and the page knows it.
  greet() {
    if (!this.on || this.greeted || !this.view.statusLine) return;
    this.greeted = true;
    this.say(`${this.variant.title ?? this.variant.name}. ${this.view.statusLine}.`);
  }

  // A move of an open game; `letter`: the man on its from square before it.
  moved({ mover, uci, san, letter }) {
    this.say(moveWords({ mover, uci, san, letter, pieces: this.variant.pieces }));
  }

  // A move the viewer was not told (Fog of War): who moved, and the squares seen to change.
  movedUnseen(mover, changed) {
    this.say(`${capitalize(mover)} has moved.${changed.length ? ` Changed where you see: ${changed.join(', ')}.` : ''}`);
  }

  // A Kriegspiel `umpire` message; `letter`: the man on its from square on the viewer's board.
  heard(entry, letter) {
    this.say(umpireWords(entry, { you: this.you, letter, pieces: this.variant.pieces }));
  }

  // Any message of the server: the offers and takebacks are read out from here.
  received(message) {
    const who = message.by === this.you ? 'You' : capitalize(message.by ?? '');
    const plies = n => (n === 1 ? 'one move' : `${n} moves`);
    const words = {
      draw_offer: `${who} offered a draw.`,
      draw_declined: `${who} declined the draw offer.`,
      takeback_offer: `${who} asked to take back a move.`,
      takeback_declined: `${who} declined the takeback.`,
      takeback: `${plies(message.plies)} taken back; ${message.turn === this.you ? 'your move' : `${capitalize(message.turn ?? '')} to move`}.`,
    }[message.t];
    this.say(words);
  }

  joined(color) {
    this.say(color === this.you ? 'You joined the game.' : `${capitalize(color)} joined the game.`);
  }

  ended(statusLine) {
    this.say(`Game over: ${statusLine}.`);
  }

  // --- reading on demand ---

  readClock() {
    // Said even if said the same a moment ago: a new line in the log is read again.
    this.say(clockWords(this.clock()));
  }

  readBoard() {
    if (this.variant.board_hidden && this.you === 'spectator' && this.view.status !== 'finished') {
      this.say(this.variant.tries ? 'Spectators hear only the umpire until the game ends.' : 'Spectators see no square of the board until the game ends.');
      return;
    }
    this.say(boardWords(this.view.placement, this.variant.pieces) + fogWords(this.view.fog));
  }

  // --- typing ---

  renderMoves() {
    this.offered = offeredMoves(this.view.legal, this.view.offered);
    const key = this.offered.map(move => `${move.uci} ${move.san}`).join(' ');  // SAN may come after the moves
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.datalist.replaceChildren(...this.offered.map(move => h('option', { value: move.san ?? move.uci }, move.uci)));
  }

  typed(text) {
    const command = COMMANDS[text.trim().toLowerCase()];
    if (command) {
      this.input.value = '';
      return this.run(command);
    }
    const found = findTypedMove(text, this.offered ?? []);
    if (found?.move) {
      this.input.value = '';
      this.submit(found.move.uci);
    } else if (found?.choices) {
      this.say(`Which one: ${found.choices.map(move => move.san ?? move.uci).join(', ')}?`);
    } else if (found?.coordinates) {
      // Not among the moves offered: the server says why (not your turn, not legal).
      this.input.value = '';
      this.submit(found.coordinates);
    } else if (text.trim()) {
      this.input.select();  // kept to be corrected, and replaced by what is typed next
      this.say(this.offered.length ? this.notOffered(text.trim())
        : this.view.status === 'playing' ? 'It is not your turn.' : 'There is no move to make now.');
    }
  }

  // Why typed text plays no move, with an example of what the field takes: one of the moves offered.
  notOffered(typed) {
    const [example] = this.offered;
    if (this.variant.tries) return `"${typed}" is not a try: type its from and to squares, such as ${example.uci}.`;
    if (writtenAsMove(typed)) return `${typed} is not a legal move now.`;
    return `No move is written "${typed}". Type it in SAN, such as ${example.san ?? example.uci}, or as from and to squares, `
      + `such as ${example.uci}.`;
  }

  run(command) {
    if (command === 'clock') this.readClock();
    else if (command === 'board') this.readBoard();
    else if (command === 'any' && this.variant.any_question) this.askAny();
    else if (command === 'help') this.say(this.element.querySelector('.screen-reader-help').textContent);
    else this.say('There is no such question in this game.');
  }

  key(event) {
    if (!this.on || !event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    const action = KEYS[event.code];
    if (!action) return;
    event.preventDefault();
    if (action === 'focus') this.input.focus();
    else this.run(action);
  }

  destroy() {
    document.removeEventListener('keydown', this.keyListener);
    this.unsubscribe();
  }
}
