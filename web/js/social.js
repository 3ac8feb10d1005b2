// What the game page shows besides the game: the players' names, the spectators, "Join" for
// the first visitor of a waiting game and "you are watching" once it is in play, the rematch
// offer (and the move to the new game), and the chat. Drawn from the view (game-view.js).
import { HttpError, joinByLink, loadSeat, saveSeat } from './api.js';
import { ChatPanel } from './chat.js';
import { h, otherColor } from './dom.js';
import { myName } from './names.js';

export class GameSocial {
  // `page`: the GamePage (its id, send, showNotice, and the seat each action goes from); `side`: where panels go.
  constructor(page, side) {
    this.page = page;
    this.chat = new ChatPanel({ send: message => page.send(message, page.state.primary) });

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
    this.rematchButton.addEventListener('click', () => this.page.send({ t: 'rematch' }, this.rematch?.button?.seat));
    this.declineButton.addEventListener('click', () => this.page.send({ t: 'rematch_decline' }, this.rematch?.decline));
  }

  // Both pages and the spectators go to the new game; each player's token holds the other colour there.
  follow(game) {
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
  renderNames(view) {
    for (const bar of [this.page.ui.topPlayer, this.page.ui.bottomPlayer]) {
      let label = bar.querySelector('.player-display-name');
      if (!label) {
        label = h('span.player-display-name');
        bar.querySelector('.player-name').after(label);
      }
      label.textContent = view.players[bar.dataset.position].name;
    }
  }

  render(view) {
    this.renderNames(view);
    this.joinPanel.hidden = !view.join;
    this.watching.hidden = !view.watching;
    this.spectatorCount.textContent = view.spectators == null ? 'Spectators are not counted until the end.' : `${view.spectators} watching`;

    const rematch = view.rematch;
    this.rematch = rematch;
    this.rematchPanel.hidden = !rematch.shown;
    this.rematchText.textContent = rematch.text;
    this.rematchButton.hidden = !rematch.button;
    this.rematchButton.disabled = !rematch.button?.seat;
    this.rematchButton.textContent = rematch.button?.label ?? 'Rematch';
    this.declineButton.hidden = !rematch.decline;
    this.nextLink.hidden = !rematch.nextGame;
    if (rematch.nextGame) this.nextLink.href = `/game/${encodeURIComponent(rematch.nextGame)}`;

    this.chat.update(view.chat);
  }
}
