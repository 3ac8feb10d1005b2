// The game page's chat: the players' chat for players, the spectators' for spectators, both in
// the replay after the end. The server decides who hears what and who may speak (a player alone
// with the computer or on one device has nobody to talk to, and gets no chat). A player may turn
// it off for themselves; the choice is remembered in this browser.
import { h, scrollWithin } from './dom.js';
import { myName } from './names.js';

const OFF_KEY = 'arbiter.chat.off';
const MAX_LENGTH = 140;

export class ChatPanel {
  constructor({ send }) {
    this.send = send;
    this.lines = null;
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

  // view: {shown, title, canSpeak, note, lines} (game-view.js): lines are what this viewer may
  // read, in order; only new ones are added.
  update({ shown, title, canSpeak, note, lines }) {
    this.element.hidden = !shown;
    this.title.textContent = title;
    this.note.hidden = !note;
    this.note.textContent = note ?? '';
    this.canSpeak = canSpeak;
    if (lines !== this.lines) {
      const appended = this.lines && lines.length > this.lines.length && this.lines.every((line, i) => lines[i] === line);
      if (appended) this.list.append(...lines.slice(this.lines.length).map(line => this.lineElement(line)));
      else this.list.replaceChildren(...lines.map(line => this.lineElement(line)));
      this.lines = lines;
      this.scroll();
    }
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
