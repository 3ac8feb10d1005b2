// The display name this browser plays under: chosen once, remembered, changeable. The server
// has the last word on what a name may be (it trims, cuts and defaults to "Anonymous").
import { h } from './dom.js';

const KEY = 'arbiter.name';
export const MAX_NAME = 20;

export const myName = () => localStorage.getItem(KEY) ?? '';
export const setMyName = name => localStorage.setItem(KEY, name.trim().slice(0, MAX_NAME));

// A labelled input that saves the name as it is typed.
export function nameField() {
  const input = h('input', { type: 'text', name: 'player-name', maxlength: String(MAX_NAME), placeholder: 'Anonymous',
    autocomplete: 'nickname', 'aria-label': 'Your name', value: myName() });
  input.addEventListener('input', () => setMyName(input.value));
  return h('label.field.name-field', {}, h('span', {}, 'Your name'), input);
}

// A player's name for a seat, as text (never HTML).
export const seatName = (names, color) => names?.[color] || null;
