// What the game page shows besides the game: the players' names, the spectators, "Join" for
// the first visitor of a waiting game and "you are watching" once it is in play, the rematch
// offer (and the move to the new game), and the chat.
import { fetchGame, HttpError, joinByLink, loadSeat, saveSeat } from './api.js';
import { ChatPanel } from './chat.js';
import { capitalize, h, otherColor } from './dom.js';
import { myName } from './names.js';

export class GameSocial {
  // `page`: the GamePage (its id, seat, you, status, send, showNotice); `side`: where panels go.
  constructor(page, side) {
    this.page = page;
    this.names = { white: null, black: null };
    this.spectators = 0;
    this.rematchOffer = null;
    this.nextGame = null;
    this.chat = new ChatPanel({ send: message => page.send(message, page.local ? 'white' : page.you) });

    this.spectatorCount = h('p.spectator-count', { 'aria-live': 'polite' });
    this.watching = h('p.watching', { hidden: true }, 'This game is in play: you are watching.');
    this.joinButton = h('button.button.primary', { type: 'button' }, 'Join this game');
    this.joinPanel = h('div.panel.join-offer', { hidden: true }, h('p', {}, 'This game is waiting for an opponent.'), this.joinButton);
    this.rematchText = h('span.rematch-text');
    this.rematchButton = h('button.button.small.primary', { type: 'button' }, 'Rematch');
    this.declineButton = h('button.button.small', { type: 'button' }, 'Decline');
    this.nextLink = h('a.button.small', { hidden: true }, 'Go to the rematch');
    this.rematchPanel = h('div.panel.rematch', { hidden: true }, this.rematchText, this.rematchButton, this.declineButton, this.nextLink);
    side.prepend(this.joinPanel);
    side.append(this.rematchPanel, h('div.panel.audience', {}, this.spectatorCount, this.watching), this.chat.element);

    this.joinButton.addEventListener('click', () => this.join());
    this.rematchButton.addEventListener('click', () => this.page.send({ t: 'rematch' }, this.speaker()));
    this.declineButton.addEventListener('click', () => this.page.send({ t: 'rematch_decline' }, this.speaker()));
  }

  // On one device the offer is answered by the side that did not make it.
  speaker() {
    if (!this.page.local) return this.page.you;
    return this.rematchOffer ? otherColor(this.rematchOffer) : 'white';
  }

  // Every message of the primary connection; true when it was one of ours.
  receive(message) {
    switch (message.t) {
      case 'state':
        this.names = message.names ?? this.names;
        this.spectators = message.spectators;  // null: not shown (a Kriegspiel game in play)
        this.rematchOffer = message.rematch_offer ?? null;
        this.nextGame = message.next_game ?? null;
        if (this.nextGame) this.keepSeatIn(this.nextGame);
        this.chat.reset(message.chat);
        return false;
      case 'joined': this.names = message.names ?? this.names; return false;
      case 'end': this.loadWholeChat(); return false;
      case 'spectators': this.spectators = message.count; break;
      case 'chat': this.chat.add(message); break;
      case 'rematch_offer': this.rematchOffer = message.by; break;
      case 'rematch_declined': this.rematchOffer = null; break;
      case 'rematch': this.follow(message.game); return true;
      default: return false;
    }
    this.render();
    return true;
  }

  // Once the game is over both chats are everyone's: fetched whole for the replay.
  async loadWholeChat() {
    const seat = loadSeat(this.page.id);
    try {
      const game = await fetchGame(this.page.id, seat?.local ? seat.tokens.white : seat?.token);
      this.chat.reset(game.chat);
      this.render();
    } catch {
      this.page.showNotice('The chat of the finished game could not be loaded: reload the page to see it.');
    }
  }

  name(color) {
    return this.names[color] || capitalize(color);
  }

  // Both pages and the spectators go to the new game; each player's token holds the other colour there.
  follow(game) {
    this.nextGame = game;
    this.keepSeatIn(game);
    location.assign(`/game/${encodeURIComponent(game)}`);
  }

  keepSeatIn(game) {
    const seat = loadSeat(this.page.id);
    if (!seat || loadSeat(game)) return;
    if (seat.local) saveSeat(game, { local: true, tokens: { white: seat.tokens.black, black: seat.tokens.white } });
    else if (seat.token) saveSeat(game, { color: otherColor(seat.color), token: seat.token });
  }

  async join() {
    this.joinButton.disabled = true;
    try {
      const seat = await joinByLink(this.page.id, myName());
      saveSeat(seat.id, { color: seat.color, token: seat.token });
      location.reload();
    } catch (failure) {
      this.joinButton.disabled = false;
      const taken = failure instanceof HttpError && failure.status === 409;
      this.page.showNotice(taken ? 'Someone else took the seat: you are watching.' : `Could not join: ${failure.message}`);
    }
  }

  // Each player bar gets its player's name beside the colour.
  renderNames() {
    for (const bar of [this.page.ui.topPlayer, this.page.ui.bottomPlayer]) {
      let label = bar.querySelector('.player-display-name');
      if (!label) {
        label = h('span.player-display-name');
        bar.querySelector('.player-name').after(label);
      }
      label.textContent = this.names[bar.dataset.color] ?? '';
    }
  }

  render() {
    const page = this.page;
    this.renderNames();
    const player = page.you !== 'spectator';
    const finished = page.status === 'finished';
    this.joinPanel.hidden = !(page.status === 'waiting' && !player);
    this.watching.hidden = !(page.status === 'playing' && !player);
    this.spectatorCount.textContent = this.spectators == null ? 'Spectators are not counted until the end.' : `${this.spectators} watching`;

    this.rematchPanel.hidden = !(finished && (player || this.nextGame));
    const mine = this.rematchOffer && !page.local && this.rematchOffer === page.you;
    const theirs = this.rematchOffer && !mine;
    this.rematchText.textContent = this.nextGame ? 'The rematch is under way.'
      : mine ? 'Rematch offered.' : theirs ? `${this.name(this.rematchOffer)} offers a rematch.` : '';
    this.rematchButton.hidden = !player || Boolean(this.nextGame);
    this.rematchButton.disabled = Boolean(mine);
    this.rematchButton.textContent = theirs ? 'Accept rematch' : 'Rematch';
    this.declineButton.hidden = !(player && theirs && !this.nextGame);
    this.nextLink.hidden = !this.nextGame;
    if (this.nextGame) this.nextLink.href = `/game/${encodeURIComponent(this.nextGame)}`;

    this.chat.update({ you: page.you, status: page.status, hidden: page.hidden });
  }
}
