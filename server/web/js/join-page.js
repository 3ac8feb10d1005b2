// /join/<code>: claims the invited seat once and keeps its token; opening the link again from
// this browser returns to the seat, and from anywhere else (the seat taken) watches the game.
import { gameForInvite, HttpError, joinGame, loadSeat, rememberInvite, saveSeat } from './api.js';
import { h } from './dom.js';
import { myName } from './names.js';

export async function showJoin(main, code) {
  const known = gameForInvite(code);
  if (known && loadSeat(known)) {
    location.replace(`/game/${known}`);
    return;
  }
  try {
    const joined = await joinGame(code, myName());
    saveSeat(joined.id, { color: joined.color, token: joined.token });
    rememberInvite(code, joined.id);
    location.replace(`/game/${joined.id}`);
  } catch (failure) {
    if (!(failure instanceof HttpError)) throw failure;
    const id = failure.body?.id ?? known;
    if (failure.status === 409 && id) {
      location.replace(`/game/${id}`);
      return;
    }
    const text = failure.status === 409
      ? 'This invitation has already been used: the game has both its players.'
      : 'There is no game with this invitation.';
    main.replaceChildren(h('div.panel', {}, h('h1', {}, 'Cannot join'), h('p', {}, text), h('a.button', { href: '/' }, 'Home')));
  }
}
