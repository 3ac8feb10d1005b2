// /join/<code>: the invitation as a challenge page shows it (who invites, to what: the variant,
// the clock, the colour the joiner gets), with a name field and Join. Opening the link again from
// this browser returns to the seat; once nobody may take the seat, the link watches the game.
import { fetchInvitation, gameForInvite, HttpError, joinGame, loadSeat, rememberInvite, saveSeat } from './api.js';
import { Board } from './board.js';
import { timeControlLabel } from './clock.js';
import { capitalize, h, otherColor } from './dom.js';
import { parsePlacement } from './fen.js';
import { geometryFor } from './geometry.js';
import { myName, nameField, seatName } from './names.js';

function cannotJoin(main, text) {
  main.replaceChildren(h('div.panel.cannot-join', {}, h('h1', {}, 'Cannot join'), h('p', {}, text), h('a.button', { href: '/' }, 'Home')));
}

// The start position from the side the joiner would play.
function startBoard(variant, color) {
  const host = h('div.invitation-board');
  const geometry = geometryFor(variant.board);
  new Board(host, { geometry, pieces: variant.pieces, orientation: color, label: `${variant.title} start position` })
    .setPosition(parsePlacement(variant.start_fen, geometry), { animate: false });
  return host;
}

export async function showJoin(main, code, { variants }) {
  const known = gameForInvite(code);
  if (known && loadSeat(known)) {
    location.replace(`/game/${known}`);
    return;
  }
  let invitation;
  try {
    invitation = await fetchInvitation(code);
  } catch (failure) {
    if (!(failure instanceof HttpError) || failure.status !== 404) throw failure;
    return cannotJoin(main, 'There is no game with this invitation.');
  }
  // Taken, expired or aborted: the link shows the game to watch.
  if (!invitation.color) {
    location.replace(`/game/${invitation.id}`);
    return;
  }
  const variant = variants.find(v => v.name === invitation.variant);
  const title = variant?.title ?? invitation.variant;
  const inviter = seatName(invitation.names, otherColor(invitation.color)) ?? 'Someone';
  const error = h('p.form-error', { role: 'alert' });
  const join = h('button.button.primary', { type: 'submit', 'data-action': 'join' }, 'Join the game');
  const form = h('form.panel.invitation', { 'aria-label': 'Invitation' },
    h('h1', {}, h('span.inviter', {}, inviter), ' invites you to play'),
    h('dl.invitation-terms', {},
      h('dt', {}, 'Variant'), h('dd.invitation-variant', {}, title),
      h('dt', {}, 'Clock'), h('dd.invitation-clock', {}, timeControlLabel(invitation.clock)),
      h('dt', {}, 'You play'), h('dd.invitation-colour', {}, capitalize(invitation.color))),
    variant ? startBoard(variant, invitation.color) : null,
    nameField(),
    h('div.invitation-actions', {}, join, h('a.button', { href: '/' }, 'Not now')),
    error);
  main.replaceChildren(h('div.invitation-page', {}, form));
  document.title = `${inviter} invites you · ${title} · Arbiter`;

  form.addEventListener('submit', async event => {
    event.preventDefault();
    join.disabled = true;
    error.textContent = '';
    try {
      const joined = await joinGame(code, myName() || undefined);
      saveSeat(joined.id, { color: joined.color, token: joined.token });
      rememberInvite(code, joined.id);
      location.replace(`/game/${joined.id}`);
    } catch (failure) {
      join.disabled = false;
      if (!(failure instanceof HttpError)) {
        error.textContent = `Could not join: ${failure.message}`;
        return;
      }
      // Someone else took the seat meanwhile: the game is there to watch.
      if (failure.status === 409 && failure.body?.id) location.replace(`/game/${failure.body.id}`);
      else error.textContent = failure.status === 404 ? 'There is no game with this invitation any more.' : `Could not join: ${failure.message}`;
    }
  });
}
