// The game page's DOM, built once: the board between two player bars, and the side panel.
// The controller (game-page.js) only updates text, attributes and visibility afterwards, so
// focus stays where the keyboard user left it.
import { h } from './dom.js';

function playerBar(position) {
  return h(`div.player.panel.${position}`, { dataset: { position } },
    h('span.player-name', {}, ''),
    h('span.double-move', { hidden: true, title: 'This side still moves twice a turn, until its first capture' }, '2 moves a turn'),
    h('span.result-score', { hidden: true }, ''),
    h('span.clock', { role: 'timer', 'aria-live': 'off' }, ''));
}

// A button that stays pressed or not (sound, notifications, staying on a past move).
const toggle = (label, action, title) =>
  h('button.button.toggle', { type: 'button', 'data-action': action, 'aria-pressed': 'false', title }, label);

export function buildGameLayout(main, { gameId, pgnHref }) {
  const button = (label, attributes = {}) => h('button.button', { type: 'button', ...attributes }, label);
  const parts = {
    topPlayer: playerBar('top'),
    bottomPlayer: playerBar('bottom'),
    boardHost: h('div.board-host'),
    hiddenBoardNote: h('p.hidden-board-note', { hidden: true }, ''),
    status: h('div.status', { role: 'status', 'aria-live': 'polite' }),
    // The result again under the board on a phone, where the status is out of view (read out once, by the status).
    result: h('div.panel.game-result', { hidden: true, 'aria-hidden': 'true' }),
    notice: h('p.notice', { role: 'alert', hidden: true }),
    title: h('h1.game-title', {}, ''),
    timeControl: h('span.time-control', {}, ''),
    mode: h('span.game-mode', {}, ''),
    legend: button('Pieces', { class: 'button small', 'data-action': 'legend', title: 'How each man moves' }),
    invite: h('div.panel.invite', { hidden: true }),
    inviteInput: h('input', { type: 'text', readonly: true, 'aria-label': 'Invitation link' }),
    copyInvite: button('Copy link', { class: 'button small primary', 'data-action': 'copy-invite' }),
    browsing: h('div.panel.browsing', { hidden: true }),
    browsingText: h('span.browsing-text'),
    pin: toggle('Stay here', 'pin', 'Keep this position when a move is played'),
    spearmanHint: h('p.spearman-hint', { hidden: true },
      'To turn a spearman where it stands, click it twice (or press Enter twice on it) and pick the facing.'),
    sound: toggle('Sound', 'sound', 'Sounds for moves, captures, check and the end'),
    notify: toggle('Notify me', 'notify', 'A browser notification when it is your move or your opponent joins, while this tab is hidden'),
    moveList: h('div.panel.move-list', { role: 'region', 'aria-label': 'Moves' }),
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
    kriegspielBar: h('div.panel.kriegspiel-bar', { hidden: true }),
    latestAnnouncement: h('p.latest-announcement', { 'aria-hidden': 'true' }, ''),
    askAny: button('Are there any?', { class: 'button primary', 'data-action': 'any' }),
    pawnCaptureOwed: h('p.pawn-capture-owed', { hidden: true }, 'Try! Your next try must be a pawn capture.'),
    announcements: h('ol.announcements', { 'aria-label': 'Umpire announcements', 'aria-live': 'polite' }),
  };
  parts.invite.append(
    h('strong', {}, 'Waiting for an opponent'),
    h('span', {}, 'Send this link to the person you want to play; the game starts when they open it.'),
    h('div.invite-row', {}, parts.inviteInput, parts.copyInvite));
  parts.browsing.append(parts.browsingText,
    h('div.controls', {}, button('Back to the game', { class: 'button small primary', 'data-action': 'present' }), parts.pin));
  parts.kriegspielBar.append(parts.latestAnnouncement, parts.askAny);
  parts.kriegspiel.append(
    h('p.kriegspiel-note', {}, 'Umpire'), parts.pawnCaptureOwed, parts.announcements);
  parts.actions = h('div.controls.actions', {}, parts.abort, parts.draw, parts.resign);
  // A finished fog game: the whole board, or what one side saw at each position.
  const side = (value, label) => h('label', {}, h('input', { type: 'radio', name: 'perspective', value }), label);
  parts.perspective = h('fieldset.field.perspective', { hidden: true },
    h('legend', {}, 'Replay'), h('div.segmented', {}, side('whole', 'Whole board'), side('white', 'White\u2019s view'), side('black', 'Black\u2019s view')));
  // The slot for what asks for an answer (the invitation, offers, a claim, a premove): the
  // controller puts its panels after the invitation. It has a place of its own, beside the board
  // on a wide screen and over it on a narrow one, so that nothing in it moves the board or the
  // player bars.
  parts.alerts = h('div.game-alerts', {}, parts.invite, parts.result);

  main.replaceChildren(h('div.game', {},
    h('header.game-header', {}, parts.title, parts.timeControl, parts.mode, parts.legend),
    h('div.board-column', {}, parts.topPlayer, parts.boardHost, parts.bottomPlayer, parts.kriegspielBar, parts.hiddenBoardNote),
    parts.alerts,
    h('aside.side', { 'aria-label': 'Game' },
      h('div.panel', {}, parts.status, parts.spearmanHint, parts.notice),
      parts.browsing, parts.moveList,
      h('div.controls.replay', { 'aria-label': 'Replay' }, parts.first, parts.previous, parts.next, parts.last),
      parts.perspective,
      h('div.controls', {}, parts.flip, parts.pgn),
      parts.actions, parts.kriegspiel,
      h('div.controls.settings', {}, parts.sound, parts.notify))));
  return parts;
}
