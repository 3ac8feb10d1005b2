// The home page: pick a variant, a colour and a clock; create a game to share, or play both
// sides on this device; or open a recently finished game.
import { createGame, fetchFinishedGames, inviteCode, rememberInvite, saveSeat } from './api.js';
import { Board } from './board.js';
import { computerForm } from './computer-form.js';
import { h } from './dom.js';
import { parsePlacement } from './fen.js';
import { geometryFor } from './geometry.js';

const CLOCKS = [
  ['untimed', 'Untimed'], ['60+0', '1 + 0'], ['180+2', '3 + 2'], ['300+3', '5 + 3'],
  ['600+5', '10 + 5'], ['900+10', '15 + 10'], ['1800+20', '30 + 20'], ['custom', 'Custom…'],
];

function variantCard(variant, checked) {
  const host = h('div');
  const geometry = geometryFor(variant.board);
  new Board(host, { geometry, pieces: variant.pieces, label: `${variant.title} start position` })
    .setPosition(parsePlacement(variant.start_fen, geometry), { animate: false });
  return h('label.variant-card', { dataset: { variant: variant.name } },
    h('input', { type: 'radio', name: 'variant', value: variant.name, checked }),
    host,
    h('span.variant-title', {}, variant.title ?? variant.name),
    variant.hidden ? h('span.hidden-badge', {}, 'hidden board') : null,
    h('span.variant-description', {}, variant.description ?? ''));
}

function colourChoice() {
  const option = (value, label, checked = false) =>
    h('label', {}, h('input', { type: 'radio', name: 'color', value, checked }), label);
  return h('fieldset.field', {}, h('legend', {}, 'Your colour'),
    h('div.segmented', {}, option('white', 'White'), option('random', 'Random', true), option('black', 'Black')));
}

function clockChoice() {
  const select = h('select', { name: 'clock', 'aria-label': 'Clock' },
    CLOCKS.map(([value, label]) => h('option', { value }, label)));
  const custom = h('div.clock-inputs', { hidden: true },
    h('label', {}, 'Minutes', h('input', { type: 'number', name: 'minutes', min: '1', max: '1440', value: '10' })),
    h('label', {}, 'Increment (s)', h('input', { type: 'number', name: 'increment', min: '0', max: '3600', value: '5' })));
  select.addEventListener('change', () => { custom.hidden = select.value !== 'custom'; });
  return [h('label.field', {}, h('span', {}, 'Clock'), select), custom];
}

function readClock(form) {
  const choice = form.elements.clock.value;
  if (choice === 'untimed') return undefined;
  if (choice === 'custom') {
    return { initial_s: Math.round(Number(form.elements.minutes.value) * 60), increment_s: Number(form.elements.increment.value) };
  }
  const [initial, increment] = choice.split('+').map(Number);
  return { initial_s: initial, increment_s: increment };
}

function timeAgo(ms) {
  const minutes = Math.round((Date.now() - ms) / 60000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : new Date(ms).toLocaleDateString();
}

async function showRecentGames(list, variants) {
  try {
    const games = await fetchFinishedGames(20);
    if (!games.length) {
      list.replaceChildren(h('li.notice', {}, 'No finished games yet.'));
      return;
    }
    list.replaceChildren(...games.map(game => {
      const variant = variants.find(v => v.name === game.variant);
      return h('li', {}, h('a', { href: `/game/${game.id}` },
        h('span', {}, variant?.title ?? game.variant),
        h('span.reason', {}, (game.reason ?? '').replaceAll('_', ' ')),
        h('span.when', {}, game.ended_at ? timeAgo(game.ended_at) : ''),
        h('span.result', {}, game.result === '*' ? 'aborted' : game.result)));
    }));
  } catch {
    list.replaceChildren(h('li.notice', {}, 'Could not load the finished games.'));
  }
}

export function showHome(main, { variants }) {
  const error = h('p.form-error', { role: 'alert' });
  const localButton = h('button.button', { type: 'button', 'data-action': 'local' }, 'Play on this device');
  const form = h('form.create-panel', { 'aria-label': 'New game' },
    h('h1', {}, 'New game'),
    colourChoice(),
    clockChoice(),
    h('div.create-actions', {},
      h('button.button.primary', { type: 'submit', 'data-action': 'create' }, 'Create game'),
      localButton),
    error);
  const grid = h('fieldset.variant-grid', {}, h('legend', { hidden: true }, 'Variant'),
    variants.map((variant, index) => variantCard(variant, index === 0)));
  const recentList = h('ul');
  const chosenVariant = () => variants.find(v => v.name === grid.querySelector('input:checked')?.value);
  main.replaceChildren(h('div.home', {},
    h('section', {}, h('h2', {}, 'Choose a variant'), grid,
      h('section.recent', {}, h('h2', {}, 'Recently finished'), recentList)),
    h('div.create-column', {}, form, computerForm({ chosenVariant, colourChoice, clockChoice, readClock }))));

  const refreshLocal = () => {
    const hidden = Boolean(chosenVariant()?.hidden);
    localButton.disabled = hidden;
    localButton.title = hidden ? 'A hidden-board game needs two screens.' : '';
  };
  grid.addEventListener('change', refreshLocal);
  refreshLocal();

  const start = async local => {
    error.textContent = '';
    const variant = chosenVariant().name, clock = readClock(form);
    try {
      if (local) {
        const game = await createGame({ variant, clock, local: true });
        saveSeat(game.id, { local: true, tokens: game.tokens });
        location.assign(game.watch);
      } else {
        const game = await createGame({ variant, clock, color: form.elements.color.value });
        saveSeat(game.id, { color: game.color, token: game.token, invite: game.invite });
        rememberInvite(inviteCode(game.invite), game.id);
        location.assign(game.watch);
      }
    } catch (failure) {
      error.textContent = `Could not create the game: ${failure.message}`;
    }
  };
  form.addEventListener('submit', event => { event.preventDefault(); start(false); });
  localButton.addEventListener('click', () => start(true));
  showRecentGames(recentList, variants);
}
