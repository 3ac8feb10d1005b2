// The home page's lists: my games (the seats this browser holds, games waiting for my move
// first), games in play to watch, and finished games to replay, filtered by variant and paged.
import { fetchGame, fetchGames, fetchVariants, heldGameIds, loadSeat } from './api.js';
import { h } from './dom.js';
import { timeControlLabel } from './clock.js';

const PAGE = 10;

const players = names => `${names?.white || 'Anonymous'} – ${names?.black || 'Anonymous'}`;
const variantTitle = (variants, name) => variants.find(v => v.name === name)?.title ?? name;

export async function myGames(list) {
  const variants = await fetchVariants().catch(() => []);
  const games = await Promise.all(heldGameIds().map(async id => {
    const seat = loadSeat(id);
    try {
      return await fetchGame(id, seat?.local ? seat.tokens.white : seat?.token);
    } catch {
      return null;
    }
  }));
  const open = games.filter(game => game && game.status !== 'finished');
  const myMove = game => game.status === 'playing' && (game.local || game.turn === game.you);
  open.sort((a, b) => Number(myMove(b)) - Number(myMove(a)) || b.created_at - a.created_at);
  const rows = open.map(game => h('li', { dataset: { game: game.id } }, h('a', { href: `/game/${game.id}` },
    // Before the opponent joins there is only one's own seat to name.
    h('span', {}, game.status === 'waiting' ? game.names?.[game.you] || 'You' : players(game.names)),
    h('span', {}, variantTitle(variants, game.variant)),
    h('span.my-turn', {}, game.status === 'waiting' ? 'waiting for an opponent' : myMove(game) ? 'your move' : 'their move'))));
  list.replaceChildren(...(rows.length ? rows : [h('li.notice', {}, 'No games in progress on this browser.')]));
}

// A list of one status with a variant filter and "More".
export class GameList {
  constructor({ status, title, variants }) {
    this.status = status;
    this.variants = variants;
    this.filter = h('select', { 'aria-label': `${title}: variant` },
      h('option', { value: '' }, 'All variants'),
      variants.map(v => h('option', { value: v.name }, v.title ?? v.name)));
    this.list = h('ul.game-list', { 'aria-label': title });
    this.more = h('button.button.small', { type: 'button', hidden: true }, 'More');
    this.element = h(`section.games-${status}`, {}, h('div.list-head', {}, h('h2', {}, title), this.filter), this.list, this.more);
    this.filter.addEventListener('change', () => this.load(true));
    this.more.addEventListener('click', () => this.load(false));
    this.load(true);
  }

  async load(fresh) {
    if (fresh) this.next = '';
    try {
      const page = await fetchGames({ status: this.status, variant: this.filter.value, before: this.next, limit: PAGE });
      this.next = page.next;
      const rows = page.games.map(game => this.row(game));
      if (fresh) this.list.replaceChildren(...(rows.length ? rows : [h('li.notice', {}, 'None yet.')]));
      else this.list.append(...rows);
      this.more.hidden = !page.next;
    } catch {
      this.list.replaceChildren(h('li.notice', {}, 'Could not load the games.'));
    }
  }

  row(game) {
    const variant = variantTitle(this.variants, game.variant);
    const details = this.status === 'playing'
      ? [h('span', {}, timeControlLabel(game.clock)), h('span.spectators', {}, `${game.spectators} watching`)]
      : [h('span.result', {}, game.result === '*' ? 'aborted' : game.result),
        h('span.reason', {}, (game.reason ?? '').replaceAll('_', ' ')),
        h('span', {}, `${game.moves} ${game.moves === 1 ? 'move' : 'moves'}`)];
    return h('li', { dataset: { game: game.id } },
      h('a', { href: `/game/${game.id}` }, h('span.players', {}, players(game.names)), h('span', {}, variant), ...details));
  }
}
