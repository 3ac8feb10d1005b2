// Fog of War through `arbiter serve` (rules/FOG_OF_WAR.md, PROTOCOL.md "Fog of War"): games by
// link, through the lobby and against the computer, with clocks, resign, abort and rematch; while
// a game runs a player sees their own men and their sight, never the opponent's move, and a
// spectator no square; after the end everyone gets the whole game and both sights, and the PGN.
// Leaks: two games that differ only where a player cannot see give that player and a spectator
// the same bytes by every route (WebSocket, resume, the game resource, PGN, the lists).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, Server, assertNoGaps, pgnSans, pgnTags } from './helpers.js';
import { openLobby } from './lobby_client.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// A client that keeps every frame as it arrived, its first (`state`) included.
async function connectRecorded(id, token) {
  const client = await server.connect(id, token);
  client.frames = [JSON.stringify(client.state)];
  client.ws.on('message', data => client.frames.push(String(data)));
  return client;
}

async function fogGame(options = {}) {
  const game = await server.newGame({ variant: 'fog-chess', ...options });
  const clients = {
    white: await connectRecorded(game.id, game.tokens.white),
    black: await connectRecorded(game.id, game.tokens.black),
    spectator: await connectRecorded(game.id),
  };
  return { ...game, clients };
}

// A move: every client hears its `move` event at that ply; what each heard, by name.
async function moved(clients, who, move, ply) {
  clients[who].move(move, ply);
  const names = Object.keys(clients);
  const events = await Promise.all(names.map(name => clients[name].next(m => m.t === 'move' && m.ply === ply, `move ${ply}`)));
  return Object.fromEntries(names.map((name, i) => [name, events[i]]));
}

async function ended(clients) {
  return Promise.all(Object.values(clients).map(client => client.event('end')));
}

// A square name's set of a sight list.
const sightSet = squares => new Set(squares);
const squaresOf = move => /^([a-z]\d+)([a-z]\d+)/.exec(move).slice(1, 3);

// The placement of a FEN as {square: letter}, on any board (ring FENs are ranks of files too).
function placement(fen, files) {
  const board = {};
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, index) => {
    let file = 0;
    for (const [token] of row.matchAll(/\d+|./g)) {
      if (/\d/.test(token)) file += Number(token);
      else board[String.fromCharCode(97 + file++) + (rows.length - index)] = token;
    }
  });
  assert.ok(Object.keys(board).every(square => square.charCodeAt(0) - 97 < files));
  return board;
}

test('fog: a game by link: each player their men and sight, a spectator no square, the opponent\'s move never', async () => {
  const { id, clients } = await fogGame();
  const { white, black, spectator } = clients;
  assert.equal(white.state.fen, '8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1');
  assert.equal(black.state.fen, 'rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1');
  assert.equal(white.state.sight.white[0].length, 16 + 16, 'its men and two pushes a pawn (the knights\' squares among them)');
  assert.deepEqual(Object.keys(white.state.sight), ['white']);
  assert.equal(spectator.state.fen, null);
  assert.deepEqual([spectator.state.moves, spectator.state.positions, spectator.state.sight], [[], [], {}]);
  assert.equal(white.state.legal.length, 20);
  assert.deepEqual(black.state.legal, []);

  const pgnDuringPlay = await server.api('GET', `/api/games/${id}/pgn`);
  assert.equal(pgnDuringPlay.status, 403);

  // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 (no check in fog) a6 5. Qxe8: the king taken.
  const script = [['white', 'e2e4'], ['black', 'e7e5'], ['white', 'f1c4'], ['black', 'b8c6'], ['white', 'd1h5'],
    ['black', 'g8f6'], ['white', 'h5f7'], ['black', 'a7a6']];
  const played = { white: [], black: [] };
  for (const [ply, [who, move]] of script.entries()) {
    const events = await moved(clients, who, move, ply);
    played[who].push(move);
    const other = who === 'white' ? 'black' : 'white';
    assert.equal(events[who].move, move, 'the mover is told its move');
    assert.equal(events[other].move, undefined, 'the opponent is not');
    assert.equal(events.spectator.move, undefined);
    assert.equal(events.spectator.fen, undefined, 'a spectator sees no square');
    assert.equal(events[who].san, undefined);
    for (const side of ['white', 'black']) assert.ok(Array.isArray(events[side].visible) && typeof events[side].fen === 'string');
    assert.equal(events[other].legal.length > 0, true, 'the side to move gets its moves');
    assert.deepEqual(events[who].legal, []);
  }
  // Black sees the queen that took on f7 (its king could take it): its effect, not the move.
  assert.equal(placement(JSON.parse(black.frames.at(-1)).fen, 8).f7, 'Q');
  const end = await moved(clients, 'white', 'f7e8', 8);
  for (const event of Object.values(end)) assert.equal(event.move, 'f7e8', 'a move that ends the game is told to everyone');
  const ends = await ended(clients);
  for (const message of ends) {
    assert.deepEqual([message.result, message.reason], ['1-0', 'king_captured']);
    assert.deepEqual(message.moves, script.map(([, move]) => move).concat('f7e8'));
    assert.equal(message.sight.white.length, 10);
    assert.equal(message.sight.black.length, 10);
  }
  assertNoGaps(white, black, spectator);

  // While it ran: no frame to a player held a move of the opponent's; none to the spectator a square.
  const during = client => {
    const frames = client.frames.map(frame => JSON.parse(frame));
    return frames.slice(0, frames.findIndex(frame => frame.t === 'move' && frame.ply === 8));
  };
  for (const [who, other] of [['white', 'black'], ['black', 'white']])
    for (const frame of during(clients[who]))
      for (const move of played[other]) assert.ok(!JSON.stringify(frame).includes(`"${move}"`), `${who} was shown ${move}: ${JSON.stringify(frame)}`);
  for (const frame of during(spectator)) {
    assert.ok(frame.fen === undefined || frame.fen === null, JSON.stringify(frame));
    for (const move of [...played.white, ...played.black]) assert.ok(!JSON.stringify(frame).includes(`"${move}"`));
  }

  // The finished game: everything, both sights, to everyone, and the whole PGN.
  const resource = (await server.api('GET', `/api/games/${id}`)).body;
  assert.equal(resource.status, 'finished');
  assert.deepEqual(resource.moves, ends[0].moves);
  assert.deepEqual(resource.sight, ends[0].sight);
  assert.equal(resource.positions.length, 9);
  const late = await server.connect(id);
  assert.equal(late.state.fen, resource.fen);
  assert.deepEqual(late.state.sight, resource.sight);
  const pgn = await server.api('GET', `/api/games/${id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.deepEqual(pgnSans(pgn.text), resource.sans);
  assert.equal(pgnTags(pgn.text).Result, '1-0');
});

test('fog: a local game (both seats on one device) is made as a Kriegspiel one is; each seat\'s socket still sees its side only', async () => {
  const kriegspiel = await server.api('POST', '/api/games', { variant: 'kriegspiel', local: true });
  assert.equal(kriegspiel.status, 201, 'Kriegspiel on one device is not refused');
  const created = await server.api('POST', '/api/games', { variant: 'fog-capablanca', local: true });
  assert.equal(created.status, 201, created.text);
  const { id, tokens } = created.body;
  const clients = { white: await server.connect(id, tokens.white), black: await server.connect(id, tokens.black), spectator: await server.connect(id) };
  assert.equal(clients.white.state.local, true);
  assert.equal(clients.white.state.status, 'playing');
  assert.equal(clients.white.state.fen.split(' ')[0].match(/[a-z]/g), null, 'White\'s socket: no black man at the start');
  assert.equal(clients.black.state.fen.split(' ')[0].match(/[A-Z]/g), null, 'Black\'s socket: no white man');
  assert.equal(clients.spectator.state.fen, null);
  const events = await moved(clients, 'white', clients.white.state.legal[0], 0);
  assert.equal(events.black.move, undefined);
  assert.equal(events.spectator.fen, undefined);
  clients.black.send({ t: 'takeback' });
  await clients.black.error('hidden_game');
});

test('fog: a seek in the lobby taken, played, resigned; a rematch plays on with colours swapped', async () => {
  const alice = await openLobby(server), bob = await openLobby(server);
  alice.send({ t: 'seek', variant: 'fog-grand', color: 'white', name: 'Alice' });
  const mine = await alice.event('seeking');
  await bob.shows(mine.seek.id);
  assert.equal(bob.seeks.get(mine.seek.id).variant, 'fog-grand');
  bob.send({ t: 'accept', id: mine.seek.id, name: 'Bob' });
  const [forBob, forAlice] = await Promise.all([bob.event('matched'), alice.event('matched')]);
  const clients = { white: await server.connect(forAlice.game, mine.token), black: await server.connect(forBob.game, forBob.token) };
  assert.equal(clients.white.state.variant, 'fog-grand');
  assert.equal(clients.white.state.status, 'playing');
  const first = clients.white.state.legal[0];
  const events = await moved(clients, 'white', first, 0);
  assert.equal(events.black.move, undefined);
  await moved(clients, 'black', events.black.legal[0], 1);
  clients.black.send({ t: 'resign' });
  const [end] = await ended(clients);
  assert.deepEqual([end.result, end.reason], ['1-0', 'resign']);

  clients.white.send({ t: 'rematch' });
  await clients.black.event('rematch_offer');
  clients.black.send({ t: 'rematch' });
  const rematch = await clients.white.event('rematch');
  const next = { white: await server.connect(rematch.game, forBob.token), black: await server.connect(rematch.game, mine.token) };
  assert.deepEqual([next.white.state.you, next.white.state.variant, next.white.state.status], ['white', 'fog-grand', 'playing']);
  assert.equal(next.black.state.fen.split(' ')[0].match(/[A-Z]/g), null, 'the new game is fogged too');
  await moved(next, 'white', next.white.state.legal[0], 0);
});

test('fog: clocks start with both first moves and run the mover\'s; abort before, too late after', async () => {
  const timed = await fogGame({ clock: { initial_s: 60, increment_s: 2 } });
  assert.equal(timed.clients.white.state.clock.running, null);
  await moved(timed.clients, 'white', 'e2e4', 0);
  const second = await moved(timed.clients, 'black', 'e7e5', 1);
  for (const event of Object.values(second)) assert.equal(event.clock.running, 'white', 'the clocks run once both have moved');
  const third = await moved(timed.clients, 'white', 'g1f3', 2);
  assert.equal(third.spectator.clock.running, 'black');
  assert.ok(third.spectator.clock.white <= 62000);
  timed.clients.white.send({ t: 'abort' });
  await timed.clients.white.error('too_late');

  const early = await fogGame({ clock: { initial_s: 60, increment_s: 0 } });
  await moved(early.clients, 'white', 'e2e4', 0);
  early.clients.black.send({ t: 'abort' });
  for (const end of await ended(early.clients)) assert.deepEqual([end.result, end.reason], ['*', 'abort']);
});

test('fog: a premove is played when its turn comes, and its opponent is not told it', async () => {
  const { clients } = await fogGame();
  await moved(clients, 'white', 'e2e4', 0);
  clients.white.send({ t: 'premove', move: 'g1f3' });
  assert.equal((await clients.white.event('premove')).move, 'g1f3');
  clients.black.move('e7e5', 1);
  const premoved = await Promise.all(Object.values(clients).map(client => client.next(m => m.t === 'move' && m.ply === 2, 'the premove')));
  const [white, black, spectator] = premoved;
  assert.equal(white.move, 'g1f3');
  assert.equal(black.move, undefined);
  assert.equal(spectator.move, undefined);
  assert.equal(black.turn, 'black');
  assert.ok(black.legal.length > 0);
});

// The computer: the test plays random legal moves (a fixed sequence of numbers picks them) until
// the game ends; every move the computer makes is one the server accepted, so it is legal.
for (const [variant, color, level] of [['fog-chess', 'black', 3], ['fog-circular', 'white', 2]]) {
  test(`fog: against the computer in ${variant}, playing ${color}: it plays to an end from its own view`, async () => {
    const created = await server.api('POST', '/api/games', { variant, color, opponent: { computer: level } });
    assert.equal(created.status, 201, created.text);
    const { id, token } = created.body;
    const me = await server.connect(id, token);
    const spectator = await server.connect(id);
    assert.deepEqual(me.state.computer, { color: color === 'white' ? 'black' : 'white', level });
    let seed = 12345;
    const pick = list => list[(seed = (seed * 1103515245 + 12345) % 2147483648) % list.length];
    let last = me.state;
    let plies = me.state.ply;
    while (last.status !== 'finished' && last.t !== 'end') {
      if (last.turn === color && last.legal?.length) {
        // Paced under the seat's message rate (20 a second): the computer answers faster than that.
        await new Promise(resolve => setTimeout(resolve, 60));
        me.move(pick(last.legal), plies);
      }
      last = await me.next(m => m.t === 'move' || m.t === 'end', 'a move or the end');
      if (last.t !== 'move') continue;
      plies = last.ply + 1;
      // Until the move that ends the game (told to everyone in full, with its SAN), only mine are told me.
      if (last.san === undefined) assert.equal(last.move === undefined, last.turn === color, 'only my own moves are told me');
    }
    const end = last.t === 'end' ? last : await me.event('end');
    assert.ok(['1-0', '0-1', '1/2-1/2'].includes(end.result), JSON.stringify(end));
    assert.equal(end.moves.length, plies);
    assertNoGaps(me, spectator);
    const resource = (await server.api('GET', `/api/games/${id}`)).body;
    assert.equal(resource.status, 'finished');
    assert.deepEqual(resource.moves, end.moves);
    assert.equal(resource.sight.white.length, plies + 1);
  });
}

// --- leaks -------------------------------------------------------------------------------------

// Two games of `variant` in which White's first move differs where Black cannot see it (both of
// its squares outside Black's sight), then the same moves; Black and a spectator record all.
async function twinGames(variant) {
  const games = [await fogGame({ variant }), await fogGame({ variant })];
  const blackSight = sightSet(games[0].clients.black.state.sight.black[0]);
  const unseen = games[0].clients.white.state.legal.filter(move => squaresOf(move).every(square => !blackSight.has(square)));
  assert.ok(unseen.length >= 2, `two White moves Black cannot see in ${variant}`);
  const firsts = [unseen[0], unseen.at(-1)];
  const events = [];
  for (const [index, game] of games.entries()) events.push(await moved(game.clients, 'white', firsts[index], 0));
  // Black's answers and White's next moves: the same in both games, chosen from what Black was
  // sent (the same in both) and White's moves common to both that touch no square Black sees.
  for (let ply = 1; ply < 5; ply++) {
    const turn = ply % 2 ? 'black' : 'white';
    let move;
    if (turn === 'black') {
      move = events[0].black.legal[0];
    } else {
      const sight = sightSet(events[0].black.visible);
      const moved0 = squaresOf(firsts[0])[1], moved1 = squaresOf(firsts[1])[1];
      move = events[0].white.legal.find(m => events[1].white.legal.includes(m) &&
        squaresOf(m).every(square => !sight.has(square) && square !== moved0 && square !== moved1));
      assert.ok(move, 'a White move both games allow, out of Black\'s sight');
    }
    events.length = 0;
    for (const game of games) events.push(await moved(game.clients, turn, move, ply));
  }
  return games;
}

// What necessarily differs between two games: their ids and invitation codes, and (in the game
// resource and the lists) the moment each was created.
const normalised = (text, game) => text.replaceAll(game.id, '<game>').replaceAll(game.code, '<code>');
const withoutCreation = text => text.replace(/"created_at":\d+/, '"created_at":0');

for (const variant of ['fog-chess', 'fog-circular']) {
  test(`fog leaks, ${variant}: a White move Black cannot see gives Black and a spectator the same bytes by every route`, async () => {
    const games = await twinGames(variant);
    const [first, second] = games;
    const streams = games.map(game => ({
      black: game.clients.black.frames.map(frame => normalised(frame, game)),
      spectator: game.clients.spectator.frames.map(frame => normalised(frame, game)),
      white: game.clients.white.frames.map(frame => normalised(frame, game)),
    }));
    assert.deepEqual(streams[0].black, streams[1].black, 'Black\'s socket');
    assert.deepEqual(streams[0].spectator, streams[1].spectator, 'the spectator\'s socket');
    assert.notDeepEqual(streams[0].white, streams[1].white, 'White\'s own streams do differ');

    // The game resource and the PGN, as a spectator and as Black (token in a header or the query).
    for (const [route, status] of [[id => `/api/games/${id}`, 200], [id => `/api/games/${id}/pgn`, 403]]) {
      for (const token of [undefined, 'black']) {
        const [a, b] = await Promise.all(games.map(game => server.api('GET', route(game.id), undefined, { token: token && game.tokens[token] })));
        assert.equal(a.status, status);
        assert.equal(withoutCreation(normalised(a.text, first)), withoutCreation(normalised(b.text, second)),
          `${route('<game>')} as ${token ?? 'spectator'}`);
      }
    }

    // The list of games in play: each game's entry alike but for its id and when it was created.
    const listed = (await server.api('GET', `/api/games?status=playing&variant=${variant}&limit=100`)).body.games;
    const entries = games.map(game => {
      const entry = listed.find(listing => listing.id === game.id);
      assert.ok(entry, 'listed while in play');
      return withoutCreation(normalised(JSON.stringify(entry), game));
    });
    assert.equal(entries[0], entries[1]);
    // The lobby's list holds no game, only seeks and counts: nothing of either to compare.

    // Resume from an early event: the same events again, for Black and a spectator.
    for (const who of ['black', 'spectator']) {
      const resumed = [];
      for (const game of games) {
        const query = new URLSearchParams({ ...(who === 'black' ? { token: game.tokens.black } : {}), v: '2' });
        const client = new Client(`ws://127.0.0.1:${server.port}/ws/${game.id}?${query}`);
        const frames = [];
        client.ws.on('message', data => frames.push(String(data)));
        server.clients.push(client);
        await client.opened;
        const done = await client.next(m => m.t === 'resumed', 'resumed');
        assert.equal(done.latest, 6);
        resumed.push(frames.filter(frame => JSON.parse(frame).t !== 'resumed').map(frame => normalised(frame, game)));
        client.close();
      }
      assert.equal(resumed[0].length, 4, 'the events after v=2');
      assert.deepEqual(resumed[0], resumed[1], `${who} resumed`);
    }

    // Once it is over, the difference is public.
    for (const game of games) {
      game.clients.black.send({ t: 'resign' });
      await ended(game.clients);
    }
    const [a, b] = await Promise.all(games.map(game => server.api('GET', `/api/games/${game.id}/pgn`)));
    assert.equal(a.status, 200);
    assert.notEqual(normalised(a.text, first), normalised(b.text, second));
  });
}

test('fog: computer games count against the address\'s cap as any other, and one that ends frees its place', async () => {
  const limited = await Server.start(['--address-limits', 'on', '--computer-games-per-address', '2']);
  try {
    const create = variant => limited.api('POST', '/api/games', { variant, color: 'white', opponent: { computer: 1 } });
    const first = await create('fog-chess');
    assert.equal(first.status, 201, first.text);
    assert.equal((await create('fog-grand')).status, 201);
    const third = await create('fog-byzantine');
    assert.equal(third.status, 429, third.text);
    assert.equal(third.body.error, 'too_many_computer_games');
    const me = await limited.connect(first.body.id, first.body.token);
    me.send({ t: 'resign' });
    await me.event('end');
    assert.equal((await create('fog-byzantine')).status, 201, 'the ended game gave its place back');
  } finally {
    await limited.stop();
  }
});
