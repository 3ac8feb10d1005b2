// The game page's chat: the players' chat for players, the spectators' for spectators, both in
// the replay after the end (the server decides who hears what). A player may turn it off for
// themselves; the choice is remembered in this browser.
import { h, scrollWithin } from './dom.js';
import { myName } from './names.js';

const OFF_KEY = 'arbiter.chat.off';
const MAX_LENGTH = 140;

export class ChatPanel {
  constructor({ send }) {
    this.send = send;
    this.lines = [];
    this.off = localStorage.getItem(OFF_KEY) === '1';
    this.list = h('ol.chat-lines', { 'aria-label': 'Chat messages', 'aria-live': 'polite' });
    this.input = h('input', { type: 'text', maxlength: String(MAX_LENGTH), 'aria-label': 'Chat message', placeholder: 'Say something…' });
    this.form = h('form.chat-form', {}, this.input, h('button.button.small', { type: 'submit' }, 'Send'));
    this.title = h('span.chat-title', {}, 'Chat');
    this.toggle = h('button.button.small.chat-toggle', { type: 'button' });
    this.note = h('p.chat-note', { hidden: true });
    this.element = h('div.panel.chat', {}, h('div.chat-head', {}, this.title, this.toggle), this.note, this.list, this.form);
    this.form.addEventListener('submit', event => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ t: 'chat', text, name: myName() || undefined });
      this.input.value = '';
    });
    this.toggle.addEventListener('click', () => {
      this.off = !this.off;
      localStorage.setItem(OFF_KEY, this.off ? '1' : '0');
      this.render();
    });
  }

  // `lines` from a state: what this viewer may read.
  reset(lines) {
    this.lines = [...(lines ?? [])];
    this.list.replaceChildren(...this.lines.map(line => this.lineElement(line)));
    this.scroll();
  }

  add(line) {
    this.lines.push(line);
    this.list.append(this.lineElement(line));
    this.scroll();
  }

  // `you`: 'white' | 'black' | 'spectator' | 'both'; `status`; `hidden`: a hidden game in play.
  update({ you, status, hidden }) {
    const player = you !== 'spectator';
    this.title.textContent = status === 'finished' ? 'Chat (players and spectators)' : player ? 'Players\u2019 chat' : 'Spectators\u2019 chat';
    const closed = player && hidden;
    this.note.hidden = !closed;
    this.note.textContent = 'No chat between the players while the board is hidden.';
    this.form.hidden = closed || this.off;
    this.canSpeak = !closed;
    this.render();
  }

  render() {
    this.toggle.textContent = this.off ? 'Show chat' : 'Hide chat';
    this.toggle.setAttribute('aria-pressed', String(this.off));
    this.list.hidden = this.off;
    this.form.hidden = this.off || !this.canSpeak;
  }

  // A spectator's name is marked as one: it can never pass for a player's. A held line (a
  // Kriegspiel game's spectators' chat) is shown to its sender alone until the end.
  lineElement(line) {
    const who = `${line.name} (${line.from})`;
    const held = line.held ? h('span.chat-held', {}, ' (shown to everyone at the end)') : '';
    return h(`li.chat-line.${line.channel}`, {}, h('span.chat-name', {}, who), ' ', h('span.chat-text', {}, line.text), held);
  }

  scroll() {
    scrollWithin(this.list, this.list.lastElementChild);
  }
}
