// The screen reader mode setting: remembered in this browser, set by the toggle at the top of
// every page or by the address (?screenreader=1 or 0, which is remembered too, for tests and links).
import { h } from './dom.js';

const KEY = 'arbiter.screenReader';
const listeners = new Set();

function fromAddress() {
  const value = new URLSearchParams(location.search).get('screenreader');
  if (value === '1' || value === '0') localStorage.setItem(KEY, value);
}

export const screenReader = {
  get on() {
    return localStorage.getItem(KEY) === '1';
  },
  set(on) {
    localStorage.setItem(KEY, on ? '1' : '0');
    for (const listener of listeners) listener(on);
  },
  // listener(on) on every change; returns the way to stop listening.
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// The toggle, a pressed-or-not button placed in `header` (reached by keyboard right after the brand).
export function installScreenReaderToggle(header) {
  fromAddress();
  const button = h('button.button.small.toggle.screen-reader-toggle', {
    type: 'button', title: 'Moves and announcements read out, moves typed, the clock and board read on demand',
  }, 'Screen reader mode');
  const show = on => button.setAttribute('aria-pressed', String(on));
  show(screenReader.on);
  button.addEventListener('click', () => screenReader.set(!screenReader.on));
  screenReader.subscribe(show);
  header.querySelector('.brand').after(button);
  return button;
}
