// The game page's DOM, built once: the board between two player bars, and the side panel.
// The controller (game-page.js) only updates text, attributes and visibility afterwards, so
// focus stays where the keyboard user left it.
import { h } from './dom.js';

function playerBar(position) {
  return h(`div.player.panel.${position}`, { dataset: { position } },
    h('span.player-name', {}, ''), h('span.clock', { role: 'timer', 'aria-live': 'off' }, ''));
}

export function buildGameLayout(main, { gameId, pgnHref }) {
  const button = (label, attributes = {}) => h('button.button', { type: 'button', ...attributes }, label);
  const parts = {
    topPlayer: playerBar('top'),
    bottomPlayer: playerBar('bottom'),
    boardHost: h('div.board-host'),
    hiddenBoardNote: h('p.hidden-board-note', { hidden: true },
      'Kriegspiel: spectators see only the umpire\'s announcements until the game ends.'),
    status: h('div.status', { role: 'status', 'aria-live': 'polite' }),
    notice: h('p.notice', { role: 'alert', hidden: true }),
    invite: h('div.panel.invite', { hidden: true }),
    inviteInput: h('input', { type: 'text', readonly: true, 'aria-label': 'Invitation link' }),
    copyInvite: button('Copy', { class: 'button small', 'data-action': 'copy-invite' }),
    moveList: h('div.panel.move-list', { 'aria-label': 'Moves' }),
    first: button('«', { 'aria-label': 'First position', title: 'First position (Home)', 'data-action': 'first' }),
    previous: button('‹', { 'aria-label': 'Previous move', title: 'Previous move (←)', 'data-action': 'previous' }),
    next: button('›', { 'aria-label': 'Next move', title: 'Next move (→)', 'data-action': 'next' }),
    last: button('»', { 'aria-label': 'Last position', title: 'Last position (End)', 'data-action': 'last' }),
    flip: button('⇅ Flip', { title: 'Flip the board (f)', 'data-action': 'flip' }),
    pgn: h('a.button', { href: pgnHref, download: `arbiter-${gameId}.pgn`, 'data-action': 'pgn' }, 'PGN'),
    abort: button('Abort', { class: 'button danger', 'data-action': 'abort' }),
    draw: button('Offer draw', { 'data-action': 'draw' }),
    resign: button('Resign', { class: 'button danger', 'data-action': 'resign' }),
    kriegspiel: h('div.panel.kriegspiel', { hidden: true }),
    askAny: button('Are there any?', { class: 'button primary', 'data-action': 'any' }),
    pawnCaptureOwed: h('p.pawn-capture-owed', { hidden: true }, 'Try! Your next try must be a pawn capture.'),
    announcements: h('ol.announcements', { 'aria-label': 'Umpire announcements', 'aria-live': 'polite' }),
  };
  parts.invite.append(
    h('span', {}, 'Send this link to your opponent:'),
    h('div.invite-row', {}, parts.inviteInput, parts.copyInvite));
  parts.kriegspiel.append(
    h('p.kriegspiel-note', {}, 'Umpire'), parts.askAny, parts.pawnCaptureOwed, parts.announcements);
  parts.actions = h('div.controls.actions', {}, parts.abort, parts.draw, parts.resign);

  main.replaceChildren(h('div.game', {},
    h('div.board-column', {}, parts.topPlayer, parts.boardHost, parts.bottomPlayer, parts.hiddenBoardNote),
    h('aside.side', { 'aria-label': 'Game' },
      h('div.panel', {}, parts.status, parts.notice),
      parts.invite, parts.moveList,
      h('div.controls.replay', { 'aria-label': 'Replay' }, parts.first, parts.previous, parts.next, parts.last),
      h('div.controls', {}, parts.flip, parts.pgn),
      parts.actions, parts.kriegspiel)));
  return parts;
}
