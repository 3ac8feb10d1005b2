// The page's entry: routes on the path the server served index.html for.
import { fetchVariants } from './api.js';
import { h } from './dom.js';
import { showGame } from './game-page.js';
import { showHome } from './home-page.js';
import { showJoin } from './join-page.js';
import { installScreenReaderToggle } from './screen-reader.js';

const main = document.getElementById('app');
const indicator = document.getElementById('connection');
installScreenReaderToggle(document.querySelector('.site-header'));

// "Live" while a game goes on; nothing once it is over, unless the connection is lost.
function setConnectionStatus(status, { finished = false } = {}) {
  indicator.hidden = status === 'online' && finished;
  indicator.className = `connection ${status}`;
  indicator.textContent = status === 'online' ? '● Live' : 'Connection lost: reconnecting…';
}

async function route() {
  const variants = await fetchVariants();
  const [, section, key] = location.pathname.split('/');
  if (section === 'game' && key) return showGame(main, decodeURIComponent(key), { variants, setConnectionStatus });
  if (section === 'join' && key) return showJoin(main, decodeURIComponent(key), { variants });
  return showHome(main, { variants });
}

route().catch(error => {
  const text = error.status === 404 ? 'There is no such game.' : `Something went wrong: ${error.message}`;
  main.replaceChildren(h('div.panel', {}, h('h1', {}, 'Sorry'), h('p', {}, text), h('a.button', { href: '/' }, 'Home')));
});
