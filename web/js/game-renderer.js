// The game page's DOM: the layout (game-layout.js), the board and the panels, drawn from the view
// (game-view.js gameView) and nothing else. Built once; afterwards only text, attributes and
// visibility change, so focus stays where the keyboard user left it.
import { Board } from './board.js';
import { formatClock } from './clock.js';
import { h } from './dom.js';
import { FirstMoveLine } from './first-move.js';
import { buildGameLayout } from './game-layout.js';
import { renderMoveList } from './movelist.js';
import { destinations } from './moves.js';
import { OffersPanel } from './offers.js';
import { PremovePanel } from './premove.js';
import { PresenceMarks } from './presence.js';
import { GameSocial } from './social.js';
import { geometryFor } from './geometry.js';

// Each side's score once the game is over, shown on its bar.
const SCORES = { '1-0': { white: '1', black: '0' }, '0-1': { white: '0', black: '1' }, '1/2-1/2': { white: '½', black: '½' } };

// Below this much time left a player's clock turns red and warns once.
const lowTimeMs = clock => Math.min(10000, clock.initial_ms * .2);

export class GameRenderer {
  // page: the controller (send, sounds, attention, state); onMove(from, to, {dragged}).
  constructor(main, { page, gameId, pgnHref, variant, orientation, onMove }) {
    this.page = page;
    this.ui = buildGameLayout(main, { gameId, pgnHref });
    main.querySelector('.game').classList.toggle('with-umpire-bar', Boolean(variant.tries));
    this.board = new Board(this.ui.boardHost, {
      geometry: geometryFor(variant.board), pieces: variant.pieces, interactive: true, orientation, onMove,
      label: `${variant.title ?? variant.name} board`,
    });
    this.social = new GameSocial(page, main.querySelector('aside.side'));
    this.lowTimeWarned = {};
    this.animateNext = true;
    this.addConventions();
  }

  // Lichess's conventions, each its own panel: offers, premoves, presence, the first-move wait.
  addConventions() {
    const ui = this.ui;
    this.offers = new OffersPanel();
    this.premoves = new PremovePanel(this.board, { onCancel: () => this.page.cancelPremove() });
    this.presence = new PresenceMarks([ui.topPlayer, ui.bottomPlayer]);
    this.firstMove = new FirstMoveLine();
    ui.status.after(this.firstMove.line);
    ui.invite.after(this.presence.panel, this.offers.panel, this.premoves.line);
    ui.bottomPlayer.after(this.premoves.hint);
    ui.draw.after(this.offers.takebackButton);
  }

  render(view) {
    this.board.setOrientation(view.board.orientation);
    this.renderBoard(view);
    this.renderPlayers(view);
    this.renderStatus(view);
    renderMoveList(this.ui.moveList, view.moves.plies, view.moves.current, index => this.page.dispatch({ type: 'go', index: index + 1 }));
    this.renderControls(view);
    this.renderKriegspiel(view);
    this.social.render(view);
    this.offers.render(view, this.ui);
    this.premoves.render(view);
    this.presence.render(view);
    this.firstMove.render(view);
    this.renderHeader(view);
    const note = view.titleNote ? `${view.titleNote} · ` : '';
    document.title = `${view.yourMove ? '● ' : ''}${note}${view.statusLine} · ${view.title} · Arbiter`;
  }

  // Every tenth of a second: the clocks and the countdowns.
  tick(view) {
    this.renderClocks(view);
    this.presence.tick(view);
    this.firstMove.render(view);
  }

  renderHeader(view) {
    const ui = this.ui, { sounds, attention } = this.page;
    ui.title.textContent = view.title;
    ui.timeControl.textContent = view.timeControl;
    ui.mode.textContent = view.mode;
    ui.sound.setAttribute('aria-pressed', String(sounds.enabled));
    ui.sound.textContent = sounds.enabled ? 'Sound on' : 'Sound off';
    ui.notify.setAttribute('aria-pressed', String(attention.enabled));
    ui.notify.textContent = attention.enabled ? 'Notifications on' : 'Notify me';
    ui.notify.hidden = !view.player || view.local || !attention.available || view.status === 'finished';
  }

  renderBoard(view) {
    const board = view.board;
    if (board.pending) {
      const { placement, from, to } = board.pending;
      this.board.setPosition(placement, { lastMove: { from, to }, pending: to, animate: this.animateNext });
      this.animateNext = true;
    } else {
      this.board.setPosition(board.placement, { lastMove: board.lastMove, check: board.check, animate: board.animate });
    }
    this.board.setDests(board.premoveDests ?? destinations(board.legal));
    this.board.setKriegspielMarks({ refused: board.refused, captureSquare: board.captureSquare });
    this.board.setFog(board.fog, board.changed);
    this.ui.hiddenBoardNote.textContent = board.hiddenNote ?? '';
    this.ui.hiddenBoardNote.hidden = !board.hiddenNote;
    this.ui.hiddenBoardNote.closest('.game').classList.toggle('with-board-note', Boolean(board.hiddenNote));
  }

  renderPlayers(view) {
    for (const bar of [this.ui.topPlayer, this.ui.bottomPlayer]) {
      const player = view.players[bar.dataset.position];
      bar.classList.remove('white', 'black');
      bar.classList.add(player.color);
      bar.classList.toggle('to-move', player.toMove);
      bar.dataset.color = player.color;
      bar.querySelector('.player-name').textContent = player.label;
      bar.querySelector('.double-move').hidden = !player.doubleMove;
      const score = view.status === 'finished' ? SCORES[view.result]?.[player.color] : undefined;
      const scoreMark = bar.querySelector('.result-score');
      scoreMark.hidden = !score;
      scoreMark.textContent = score ?? '';
      scoreMark.className = `result-score${score === '1' ? ' won' : ''}`;
    }
    this.renderClocks(view);
  }

  renderClocks(view) {
    const clock = view.clock;
    for (const bar of [this.ui.topPlayer, this.ui.bottomPlayer]) {
      const element = bar.querySelector('.clock');
      element.hidden = !clock;
      if (!clock) continue;
      const color = bar.dataset.color;
      const remaining = clock[color];
      element.textContent = formatClock(remaining);
      const running = clock.running === color;
      const low = remaining < lowTimeMs(clock);
      element.classList.toggle('running', running);
      element.classList.toggle('low', low);
      // Once each time a player's own clock runs low: a sound for the player at the board.
      const own = view.local ? running : color === view.you;
      if (!low) this.lowTimeWarned[color] = false;
      else if (running && own && !this.lowTimeWarned[color]) {
        this.lowTimeWarned[color] = true;
        this.page.sounds.play('lowTime');
      }
      element.setAttribute('aria-label', `${color} clock ${formatClock(remaining)}`);
    }
  }

  renderStatus(view) {
    const ui = this.ui;
    const finished = view.status === 'finished';
    ui.status.className = finished ? 'status result' : 'status';
    ui.status.replaceChildren();
    ui.result.hidden = !finished;
    if (finished) {
      ui.status.append(view.result === '*' ? 'Aborted' : view.result, h('span.reason', {}, view.statusLine));
      ui.result.replaceChildren(h('strong', {}, view.result === '*' ? 'Aborted' : view.result), ` · ${view.statusLine}`);
    } else {
      ui.status.append(view.statusLine);
      if (view.secondMoveOfTurn) ui.status.append(h('span.turn-phase', {}, 'second move of the turn: another man'));
    }
    if (ui.notice.textContent !== (view.notice ?? '') || ui.notice.hidden !== !view.notice) {
      ui.notice.textContent = view.notice ?? '';
      ui.notice.hidden = !view.notice;
    }
    const showInvite = view.invite && Boolean(this.page.seat?.invite);
    ui.invite.hidden = !showInvite;
    if (showInvite) ui.inviteInput.value = location.origin + this.page.seat.invite;
    ui.spearmanHint.hidden = !view.spearmanHint;
    // Looking at an earlier position of a live game: said, with the way back and the choice to stay.
    const browsing = view.browsing;
    ui.browsing.hidden = !browsing;
    if (browsing) {
      ui.browsingText.textContent = `You are looking at move ${browsing.index} of ${browsing.of}${browsing.yourMove ? '; it is your move' : ''}.`
        + (browsing.pinned ? ' The board stays here when a move is played.' : ' A new move brings the board back to the game.');
      ui.pin.setAttribute('aria-pressed', String(browsing.pinned));
    }
  }

  renderControls(view) {
    const ui = this.ui, controls = view.controls;
    ui.first.disabled = ui.previous.disabled = !controls.replay.back;
    ui.next.disabled = ui.last.disabled = !controls.replay.forward;
    ui.pgn.hidden = !controls.pgn;
    ui.actions.hidden = !controls.actions;
    ui.abort.hidden = !controls.abort;
    ui.resign.disabled = !controls.resign;
    ui.perspective.hidden = !view.perspective;
    for (const input of ui.perspective.querySelectorAll('input')) input.checked = input.value === view.perspective?.value;
  }

  renderKriegspiel(view) {
    const k = view.kriegspiel, ui = this.ui;
    ui.kriegspiel.hidden = !k;
    if (!k) return;
    ui.kriegspielBar.hidden = !k.bar;
    ui.latestAnnouncement.textContent = k.latest;
    ui.askAny.hidden = !k.askAny.shown;
    ui.askAny.disabled = !k.askAny.seat;
    ui.askAny.title = k.pawnCaptureOwed ? 'Your next try must be a pawn capture.' : '';
    ui.pawnCaptureOwed.hidden = !k.pawnCaptureOwed;
    // A new log (a state rebuilt it) is drawn whole; the same log only gets its new lines.
    const list = ui.announcements;
    const same = this.shownLog && k.log.length >= this.shownLog.length
      && this.shownLog.every((line, i) => line.text === k.log[i].text);
    if (!same) list.replaceChildren();
    this.shownLog = k.log;
    if (list.childElementCount === k.log.length) return;
    list.append(...k.log.slice(list.childElementCount).map(line => h('li', {
      class: [line.mine ? 'mine' : '', line.refused ? 'refused' : ''].join(' ').trim() || null,
    }, line.text)));
    // Only the log scrolls: the page (and the board) stays where the player has it.
    list.scrollTop = list.scrollHeight;
  }
}
