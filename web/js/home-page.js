// The home page: pick a variant, a colour and a clock; open a game in the lobby for anyone,
// create one to share by link, or play both sides on this device; find my games, games in play
// to watch and finished ones to replay.
import { createGame, inviteCode, rememberInvite, saveSeat } from './api.js';
import { Board } from './board.js';
import { computerForm } from './computer-form.js';
import { h } from './dom.js';
import { parsePlacement } from './fen.js';
import { GameList, myGames } from './game-lists.js';
import { geometryFor } from './geometry.js';
import { Lobby } from './lobby.js';
import { myName, nameField } from './names.js';
import { showLegend } from './legend.js';
import { setSkipLinks } from './screen-reader.js';

const CLOCKS = [
  ['untimed', 'Untimed'], ['60+0', '1 + 0'], ['180+2', '3 + 2'], ['300+3', '5 + 3'],
  ['600+5', '10 + 5'], ['900+10', '15 + 10'], ['1800+20', '30 + 20'], ['custom', 'Custom…'],
];

// What a hidden board hides, from what the variant's games do: the opponent's men all the game
// (an umpire answers tries), or the squares one's own men cannot reach (fog).
function hiddenBadge(variant) {
  if (!variant.board_hidden) return null;
  return variant.tries
    ? h('span.hidden-badge', { title: 'You see only your own men; an umpire answers your tries' }, 'hidden board')
    : h('span.hidden-badge', { title: 'You see your men and the squares they can reach; the rest is fog' }, 'fogged board');
}

function variantCard(variant, checked) {
  const host = h('div');
  const geometry = geometryFor(variant.board);
  new Board(host, { geometry, pieces: variant.pieces, label: `${variant.title} start position` })
    .setPosition(parsePlacement(variant.start_fen, geometry), { animate: false });
  return h('label.variant-card', { dataset: { variant: variant.name } },
    h('input', { type: 'radio', name: 'variant', value: variant.name, checked }),
    host,
    h('span.variant-title', {}, variant.title ?? variant.name),
    hiddenBadge(variant),
    h('span.variant-description', {}, variant.description ?? ''),
    h('button.button.small.legend-button', {
      type: 'button', 'data-action': 'legend', 'aria-label': `The men of ${variant.title}`,
      onclick: event => { event.preventDefault(); showLegend(variant); },
    }, 'Pieces'));
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
    h('label', {}, 'Minutes', h('input', { type: 'number', name: 'minutes', min: '0', max: '1440', step: 'any', value: '10' })),
    h('label', {}, 'Increment (s)', h('input', { type: 'number', name: 'increment', min: '0', max: '3600', step: 'any', value: '5' })));
  select.addEventListener('change', () => { custom.hidden = select.value !== 'custom'; });
  return [h('label.field', {}, h('span', {}, 'Clock'), select), custom];
}

// The clock chosen, or throws an Error saying in the form's words what is wrong with it.
function readClock(form) {
  const choice = form.elements.clock.value;
  if (choice === 'untimed') return undefined;
  if (choice === 'custom') {
    const minutes = form.elements.minutes.value.trim(), increment = form.elements.increment.value.trim();
    if (minutes === '' || !(Number(minutes) > 0 && Number(minutes) <= 1440)) {
      throw new Error('Minutes must be a number above 0 and at most 1440 (a day).');
    }
    if (increment !== '' && !(Number(increment) >= 0 && Number(increment) <= 3600)) {
      throw new Error('The increment must be from 0 to 3600 seconds.');
    }
    return { initial_s: Number(minutes) * 60, increment_s: Number(increment || 0) };
  }
  const [initial, increment] = choice.split('+').map(Number);
  return { initial_s: initial, increment_s: increment };
}

export function showHome(main, { variants }) {
  const error = h('p.form-error', { role: 'alert' });
  const localButton = h('button.button', { type: 'button', 'data-action': 'local' }, 'Play on this device');
  // The form checks its own fields, to say what is wrong in its own words.
  const form = h('form.create-panel', { 'aria-label': 'New game', novalidate: true },
    h('h1', {}, 'New game'),
    nameField(),
    colourChoice(),
    clockChoice(),
    h('div.create-actions', {},
      // On a phone the variants come after the form: it says which one its buttons create.
      h('a.chosen-variant', { href: '#variants' }, ''),
      h('button.button.primary', { type: 'button', 'data-action': 'seek' }, 'Open to anyone'),
      h('button.button', { type: 'submit', 'data-action': 'create' }, 'Invite by link'),
      localButton),
    error);
  const grid = h('fieldset.variant-grid', {}, h('legend', { hidden: true }, 'Variant'),
    variants.map((variant, index) => variantCard(variant, index === 0)));
  const lobby = new Lobby({ variants });
  const mine = h('ul.my-games', { 'aria-label': 'My games' });
  const live = new GameList({ status: 'playing', title: 'Games in play', variants });
  const finished = new GameList({ status: 'finished', title: 'Finished games', variants });
  const chosenVariant = () => variants.find(v => v.name === grid.querySelector('input:checked')?.value);
  const computer = computerForm({ chosenVariant, variantChanges: grid, colourChoice, clockChoice, readClock });
  main.replaceChildren(h('div.home', {},
    h('section', {}, lobby.element, h('section.mine', {}, h('h2', {}, 'My games'), mine),
      h('h2', { id: 'variants' }, 'Choose a variant'), grid, live.element, finished.element),
    h('div.create-column', {}, form, computer)));
  setSkipLinks([['New game', form], ['Play the computer', () => computer.querySelector('button, select')],
    ['Choose a variant', () => grid.querySelector('input:checked')], ['Games in play', live.element], ['Finished games', finished.element]]);

  const refreshLocal = () => {
    form.querySelector('.chosen-variant').textContent = `Variant: ${chosenVariant()?.title ?? ''} (choose below)`;
    const hidden = Boolean(chosenVariant()?.board_hidden);
    localButton.disabled = hidden;
    localButton.title = hidden ? 'A hidden-board game needs two screens.' : '';
  };
  grid.addEventListener('change', refreshLocal);
  // Where the form is above the variants (a phone), a variant chosen brings its buttons back.
  grid.addEventListener('change', () => {
    const actions = form.querySelector('.create-actions');
    if (actions.getBoundingClientRect().bottom < 0) actions.scrollIntoView({ block: 'center' });
  });
  refreshLocal();

  const start = async local => {
    error.textContent = '';
    const variant = chosenVariant().name;
    let clock;
    try {
      clock = readClock(form);
    } catch (invalid) {
      error.textContent = invalid.message;
      return;
    }
    try {
      if (local) {
        const game = await createGame({ variant, clock, local: true });
        saveSeat(game.id, { local: true, tokens: game.tokens });
        location.assign(game.watch);
      } else {
        const game = await createGame({ variant, clock, color: form.elements.color.value, name: myName() || undefined });
        saveSeat(game.id, { color: game.color, token: game.token, invite: game.invite });
        rememberInvite(inviteCode(game.invite), game.id);
        location.assign(game.watch);
      }
    } catch (failure) {
      error.textContent = failure.body?.error === 'bad_clock'
        ? 'That clock is not possible: minutes above 0 and at most a day, an increment from 0 to 3600 seconds.'
        : `Could not create the game: ${failure.message}`;
    }
  };
  form.addEventListener('submit', event => { event.preventDefault(); start(false); });
  localButton.addEventListener('click', () => start(true));
  form.querySelector('[data-action=seek]').addEventListener('click', () =>
    lobby.offer({ variant: chosenVariant().name, clock: readClock(form), color: form.elements.color.value }));
  myGames(mine);
}
