// "Play the computer": a game against the server's engine at a level from 1 to 8, in the variant
// chosen on the home page, with a colour and a clock. No invitation: the game starts at once.
// The fields are built when the panel is opened, so the page holds one colour and clock choice
// until the player asks for a second.
import { createGame, fetchLevelRatings, saveSeat } from './api.js';
import { h } from './dom.js';

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

// chosenVariant(): the variant picked on the home page, whose choice `variantChanges` announces
// with a `change` event; colourChoice, clockChoice, readClock: the home form's own fields, so both
// forms offer the same choices.
export function computerForm({ chosenVariant, variantChanges, colourChoice, clockChoice, readClock }) {
  const open = h('button.button', { type: 'button', 'data-action': 'open-computer' }, 'Play the computer…');
  const form = h('form.create-panel.computer-panel', { 'aria-label': 'Play the computer' }, open);
  open.addEventListener('click', () => {
    const error = h('p.form-error', { role: 'alert' });
    form.replaceChildren(...[
      h('h1', {}, 'Play the computer'),
      h('label.field', {}, h('span', {}, 'Level'),
        h('select', { name: 'level', 'aria-label': 'Level' },
          LEVELS.map(level => h('option', { value: String(level) }, `Level ${level}`)))),
      colourChoice(),
      clockChoice(),
      h('button.button.primary', { type: 'submit', 'data-action': 'play-computer' }, 'Play the computer'),
      error].flat());
    form.addEventListener('submit', event => start(event, error));
    form.elements.level.focus();
    nameLevels();
    variantChanges.addEventListener('change', nameLevels);
  }, { once: true });

  // "Level 5 (about 1600)" with the rating measured in the chosen variant; where its levels were
  // not measured, chess's, said so; without any, "Level 5".
  let naming = 0;  // the latest naming wins when variants are chosen faster than ratings arrive
  function nameLevels() {
    const turn = ++naming;
    const own = chosenVariant()?.levels;
    const ratings = own ? Promise.resolve(new Map(own.filter(({ rating }) => rating).map(({ level, rating }) => [level, rating])))
      : fetchLevelRatings().catch(() => new Map());
    ratings.then(known => {
      if (turn !== naming) return;
      for (const option of form.elements.level.options) {
        const rating = known.get(Number(option.value));
        option.textContent = rating === undefined ? `Level ${option.value}`
          : `Level ${option.value} (about ${rating}${own ? '' : ' in chess'})`;
      }
    });
  }

  async function start(event, error) {
    event.preventDefault();
    error.textContent = '';
    try {
      const game = await createGame({
        variant: chosenVariant().name, color: form.elements.color.value, clock: readClock(form),
        opponent: { computer: Number(form.elements.level.value) },
      });
      saveSeat(game.id, { color: game.color, token: game.token });
      location.assign(game.watch ?? `/game/${game.id}`);
    } catch (failure) {
      error.textContent = `Could not start the game: ${failure.message}`;
    }
  }
  return form;
}
