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
  header.querySelector('.brand').after(button, skipLinks);
  setSkipLinks([]);
  return button;
}

// Links right after the toggle to the page's main parts, so that the keyboard skips what lies
// between (every game of the lists): shown when focused. Each focuses its part.
const skipLinks = h('nav.skip-links', { 'aria-label': 'Skip to' });

// targets: [[label, element or () => element]] of the page shown; the main content comes last.
export function setSkipLinks(targets) {
  const main = document.querySelector('main');
  const link = ([label, target]) => h('a', {
    href: '#',
    onclick: event => {
      event.preventDefault();
      const element = typeof target === 'function' ? target() : target;
      if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.setAttribute('tabindex', '-1');
      element.focus();
      element.scrollIntoView({ block: 'nearest' });
    },
  }, label);
  skipLinks.replaceChildren(...[...targets, ['Main content', main]].filter(([, element]) => element).map(link));
}
