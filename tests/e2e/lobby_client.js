// A lobby socket (/ws/lobby) that keeps the list as the page does: the snapshot ("lobby"),
// then each "lobby_update" applied to it. Waits on that list, never on a message's timing.
import { Client } from './helpers.js';

const GUARD_MS = 60000;

let nextHost = 2;
// Another loopback source address each call: another client to the server's per-address limits.
export function freshAddress() {
  const host = nextHost;
  nextHost = nextHost >= 250 ? 2 : nextHost + 1;
  return `127.0.0.${host}`;
}

export class LobbyClient extends Client {
  constructor(url, options) {
    super(url, options);
    this.seeks = new Map();  // id -> seek, the shown window
    this.more = 0;           // open seeks beyond the window
    this.snapshots = 0;
    this.updates = 0;
    this.ws.on('message', (data, binary) => {
      const message = JSON.parse(binary ? data : String(data));
      if (message.t === 'lobby') {
        this.snapshots++;
        this.seeks = new Map(message.seeks.map(seek => [seek.id, seek]));
      } else if (message.t === 'lobby_update') {
        this.updates++;
        for (const id of message.removed) this.seeks.delete(id);
        for (const seek of message.added) this.seeks.set(seek.id, seek);
      } else {
        return;
      }
      Object.assign(this, { more: message.more, online: message.online, games: message.games });
      this.waiters = this.waiters.filter(waiter => !waiter());
    });
  }

  // Resolves once `predicate(this)` holds (checked at every lobby message).
  until(predicate, what) {
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`never ${what}; seeks: ${[...this.seeks.keys()]}`)), GUARD_MS);
      const attempt = () => {
        if (!predicate(this)) return false;
        clearTimeout(guard);
        resolve(this);
        return true;
      };
      if (!attempt()) this.waiters.push(attempt);
    });
  }

  shows(id) { return this.until(lobby => lobby.seeks.has(id), `shows seek ${id}`); }
  hides(id) { return this.until(lobby => !lobby.seeks.has(id), `hides seek ${id}`); }
  ids() { return [...this.seeks.keys()].sort(); }
}

// An open lobby socket whose snapshot has come. `browser`: the id a page keeps for its browser.
export async function openLobby(server, { localAddress = freshAddress(), browser } = {}) {
  const query = browser === undefined ? '' : `?browser=${encodeURIComponent(browser)}`;
  const client = new LobbyClient(`ws://127.0.0.1:${server.port}/ws/lobby${query}`, { localAddress });
  server.clients.push(client);
  await client.opened;
  client.hello = await client.next(m => m.t === 'lobby', 'the lobby');
  return client;
}
