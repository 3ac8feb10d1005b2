// Kriegspiel through `arbiter serve` (shared/rules/kriegspiel.md): the umpire's announcements
// over the socket, and non-interference: during a running game nothing a player or a spectator
// receives, by any frame or route, holds what the rules keep from them. After the end everyone
// gets everything, and the PGN replays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, Client, assertNoGaps, play, pgnSans, pgnTags, sanToMove } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

// A client that keeps every frame as it arrived, its first (`state`) included.
async function connectRecorded(id, token) {
  const client = new Client(`ws://127.0.0.1:${server.port}/ws/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`);
  client.frames = [];
  client.ws.on('message', data => client.frames.push(String(data)));
  server.clients.push(client);
  await client.opened;
  client.state = await client.next(m => m.t === 'state');
  return client;
}

async function kriegspiel(options = {}) {
  const game = await server.newGame({ variant: 'kriegspiel', ...options });
  const white = await connectRecorded(game.id, game.tokens.white);
  const black = await connectRecorded(game.id, game.tokens.black);
  const spectator = await connectRecorded(game.id);
  return { ...game, clients: { white, black, spectator } };
}

// Every client hears the umpire once; returns what each heard, by name.
async function heard(clients) {
  const names = Object.keys(clients);
  const events = await Promise.all(names.map(name => clients[name].event('umpire')));
  return Object.fromEntries(names.map((name, i) => [name, events[i]]));
}

async function attempt(clients, who, move, ply) {
  clients[who].move(move, ply);
  return heard(clients);
}

async function ask(clients, who) {
  clients[who].send({ t: 'any' });
  return heard(clients);
}

// Refused privately: the trier alone is told, and nobody hears an event.
async function nonsense(clients, who, move, ply) {
  clients[who].move(move, ply);
  const error = await clients[who].error('nonsense');
  assert.equal(error.v, undefined);
  return error;
}

// --- what may not be seen ------------------------------------------------------------------

const FEN_PLACEMENT = /^[pnbrqkPNBRQK1-8]+(\/[pnbrqkPNBRQK1-8]+){7}/;

// Walks a parsed message or response: no FEN (but the public start) with men `viewer` may not
// see, no SAN, and move lists holding only `ownMoves`.
function assertShowsOnly(value, viewer, ownMoves, where) {
  const hiddenMen = { white: /[pnbrqk]/, black: /[PNBRQK]/, spectator: /[pnbrqkPNBRQK]/ }[viewer];
  const walk = (node, key) => {
    if (typeof node === 'string') {
      if (key !== 'start_fen' && FEN_PLACEMENT.test(node))
        assert.ok(!hiddenMen.test(node.split(' ')[0]), `${where}: ${viewer} is shown hidden men in ${key}: ${node}`);
      return;
    }
    if (Array.isArray(node)) {
      if (key === 'sans') assert.deepEqual(node, [], `${where}: SAN in a live game`);
      if (key === 'moves') for (const move of node) assert.ok(ownMoves.includes(move), `${where}: ${viewer} is shown the move ${move}`);
      for (const item of node) walk(item, key);
      return;
    }
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(value, '');
}

function assertNoneOf(text, secrets, where) {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${where}: "${secret}" in ${text}`);
}

// A live game's script: tries refused aloud and privately, "Are there any?" both ways, captures
// by pawn, queen, bishop, knight, checks on a file and on a long diagonal. No man of one side
// ever stands where the other side's tries come from, so no try text of one appears in the
// other's own lists by chance.
async function playScript(clients) {
  const tries = { white: [], black: [] };
  const tried = (who, move) => tries[who].push(move);
  const moved = async (who, move, ply, expected = {}) => {
    tried(who, move);
    const events = await attempt(clients, who, move, ply);
    for (const event of Object.values(events)) {
      assert.equal(event.say, 'moved', `${move}: ${JSON.stringify(event)}`);
      assert.equal(event.by, who);
      assert.equal(event.capture, expected.capture ?? null);
      assert.deepEqual(event.check, expected.check ?? []);
    }
    return events;
  };
  const refused = async (who, move, ply) => {
    tried(who, move);
    const events = await attempt(clients, who, move, ply);
    for (const [name, event] of Object.entries(events)) {
      assert.equal(event.say, 'illegal');
      assert.equal(event.move, name === who ? move : undefined, 'only the trier hears what was tried');
    }
  };
  const asked = async (who, answer) => {
    const events = await ask(clients, who);
    for (const event of Object.values(events)) assert.deepEqual([event.say, event.by, event.answer], ['any', who, answer]);
  };
  const impossible = async (who, move, ply) => {
    tried(who, move);
    await nonsense(clients, who, move, ply);
  };

  await impossible('white', 'e2e5', 0);
  await moved('white', 'e2e4', 0);
  await moved('black', 'e7e5', 1);
  await refused('white', 'e4d5', 2);
  await asked('white', 'no');
  await moved('white', 'g1f3', 2);
  await moved('black', 'd7d5', 3);
  await asked('white', 'try');
  await impossible('white', 'f1c4', 4);  // after "Try" only a pawn capture
  await moved('white', 'e4d5', 4, { capture: 'd5' });
  await moved('black', 'd8d5', 5, { capture: 'd5' });
  await moved('white', 'd2d3', 6);
  await moved('black', 'f8b4', 7, { check: ['long_diagonal'] });
  await refused('white', 'f1e2', 8);  // does not meet the check
  await moved('white', 'c1d2', 8);
  await moved('black', 'b4d2', 9, { capture: 'd2', check: ['long_diagonal'] });
  await moved('white', 'b1d2', 10, { capture: 'd2' });
  await moved('black', 'b8c6', 11);
  await moved('white', 'f3e5', 12, { capture: 'e5' });
  await moved('black', 'd5e5', 13, { capture: 'e5', check: ['file'] });
  await moved('white', 'f1e2', 14);
  return tries;
}

const ownMovesOf = client => client.frames.map(f => JSON.parse(f)).filter(m => m.t === 'umpire' && m.say === 'moved' && m.move).map(m => m.move);

// --- tests -----------------------------------------------------------------------------------

test('Kriegspiel: players see their own men and tries, spectators the announcements (a)', async () => {
  const { clients } = await kriegspiel();
  const { white, black, spectator } = clients;
  assert.equal(white.state.fen, '8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1');
  assert.equal(black.state.fen, 'rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1');
  assert.equal(spectator.state.fen, null);
  assert.equal(white.state.legal.length, 34, 'tries on the own board: pawn diagonals included');
  assert.ok(white.state.legal.includes('e2d3'));
  assert.deepEqual(black.state.legal, []);

  const tries = await playScript(clients);
  assertNoGaps(white, black, spectator);
  const lastWhite = JSON.parse(white.frames.at(-1));
  assert.equal(lastWhite.fen, '8/8/8/8/8/3P4/PPPNBPPP/R2QK2R b KQ - 0 8');
  const lastBlack = JSON.parse(black.frames.findLast(f => JSON.parse(f).fen));
  assert.equal(lastBlack.fen, 'r1b1k1nr/ppp2ppp/2n5/4q3/8/8/8/8 w kq - 0 8');

  const seen = {
    white: { client: white, own: tries.white, secrets: tries.black },
    black: { client: black, own: tries.black, secrets: tries.white },
    spectator: { client: spectator, own: [], secrets: [...tries.white, ...tries.black] },
  };
  for (const [viewer, { client, secrets }] of Object.entries(seen)) {
    const own = ownMovesOf(client);
    for (const [index, frame] of client.frames.entries()) {
      assertShowsOnly(JSON.parse(frame), viewer, own, `${viewer} frame ${index}`);
      assertNoneOf(frame, secrets, `${viewer} frame ${index}`);
    }
  }
  assert.ok(!spectator.frames.some(f => /"legal":\["/.test(f)), 'a spectator gets no tries');
  assert.ok(!black.frames.some(f => JSON.parse(f).t === 'error'), 'White\'s nonsense reached White alone');
  assert.ok(!spectator.frames.some(f => JSON.parse(f).t === 'error'));
});

test('Kriegspiel: different hidden moves with the same announcements give identical streams (b)', async () => {
  // White's moves differ; what Black does and hears is the same. Only the game id is normalised.
  const scripts = [
    { white: ['e2e4', 'e4d5', 'd2d4', 'f1c4'] },
    { white: ['d2d4', 'd4c5', 'c2c4', 'b1c3'] },
  ];
  const streams = [];
  for (const script of scripts) {
    const { id, clients } = await kriegspiel();
    const [first, refusedTry, second, third] = script.white;
    await attempt(clients, 'white', first, 0);
    await attempt(clients, 'black', 'e7e5', 1);
    assert.equal((await attempt(clients, 'white', refusedTry, 2)).black.say, 'illegal');
    await attempt(clients, 'white', second, 2);
    assert.equal((await attempt(clients, 'black', 'e5d4', 3)).black.capture, 'd4');
    assert.equal((await ask(clients, 'white')).black.answer, 'no');
    await attempt(clients, 'white', third, 4);
    await nonsense(clients, 'black', 'e8e6', 5);
    await attempt(clients, 'black', 'g8f6', 5);
    const normalise = client => client.frames.map(frame => frame.replaceAll(id, '<game>'));
    streams.push({ black: normalise(clients.black), spectator: normalise(clients.spectator), white: normalise(clients.white) });
  }
  assert.deepEqual(streams[0].black, streams[1].black);
  assert.deepEqual(streams[0].spectator, streams[1].spectator);
  assert.notDeepEqual(streams[0].white, streams[1].white, 'White\'s own streams do differ');
});

test('Kriegspiel: no route reveals anything hidden while the game runs (c)', async () => {
  const { id, code, tokens, clients } = await kriegspiel();
  const tries = await playScript(clients);
  const viewers = {
    white: { token: tokens.white, secrets: tries.black, own: ownMovesOf(clients.white) },
    black: { token: tokens.black, secrets: tries.white, own: ownMovesOf(clients.black) },
    spectator: { token: undefined, secrets: [...tries.white, ...tries.black], own: [] },
    stranger: { token: 'not-a-seat-token', secrets: [...tries.white, ...tries.black], own: [] },
  };
  const routes = [
    ['GET', `/api/games/${id}`, 200],
    ['GET', `/api/games/${id}/pgn`, 403],
    ['GET', '/api/games?status=finished&limit=100', 200],
    ['GET', '/api/games?status=playing', 200],
    ['GET', '/api/games?status=playing&variant=kriegspiel', 200],
    ['GET', `/api/games/${id}/moves`, 404],
    ['POST', `/api/games/${id}`, 405],
    ['GET', '/api/games/no-such-game', 404],
    ['POST', `/api/join/${code}`, 409],
    ['GET', '/api/variants', 200],
  ];
  for (const [name, viewer] of Object.entries(viewers)) {
    const shownAs = name === 'stranger' ? 'spectator' : name;
    for (const [method, route, status] of routes) {
      for (const how of ['header', 'query']) {
        const target = how === 'query' && viewer.token ? `${route}${route.includes('?') ? '&' : '?'}token=${viewer.token}` : route;
        const response = await server.api(method, target, undefined, { token: how === 'header' ? viewer.token : undefined });
        const where = `${name} ${method} ${target}`;
        assert.equal(response.status, status, `${where}: ${response.text}`);
        assertNoneOf(response.text, viewer.secrets, where);
        if (response.body) assertShowsOnly(response.body, shownAs, viewer.own, where);
      }
    }
    const resource = await server.api('GET', `/api/games/${id}`, undefined, { token: viewer.token });
    assert.equal(resource.body.status, 'playing');
    assert.equal(resource.body.you, shownAs);
    if (shownAs === 'spectator') assert.equal(resource.body.fen, null);
  }
  const listed = await server.api('GET', '/api/games?status=finished&limit=100');
  assert.ok(!listed.body.games.some(game => game.id === id), 'a live game is not listed');

  // Sockets opened now: a spectator and each player get announcements and their own view only.
  for (const [name, viewer] of Object.entries(viewers)) {
    const client = await connectRecorded(id, viewer.token);
    const shownAs = name === 'stranger' ? 'spectator' : name;
    assert.equal(client.state.you, shownAs);
    assertShowsOnly(client.state, shownAs, viewer.own, `${name} state`);
    assertNoneOf(client.frames[0], viewer.secrets, `${name} state`);
    client.send({ t: 'move', move: 'e7e5', ply: 0 });
    const error = await client.next(m => m.t === 'error');
    assertNoneOf(JSON.stringify(error), viewer.secrets, `${name} error`);
    client.close();
  }
});

test('Kriegspiel: a reconnecting player gets their own board and what they heard, also after a crash', async () => {
  const { id, tokens, clients } = await kriegspiel();
  await attempt(clients, 'white', 'e2e4', 0);
  await attempt(clients, 'black', 'd7d5', 1);
  await attempt(clients, 'white', 'e4f5', 2);  // No
  await ask(clients, 'white');                  // Try
  await nonsense(clients, 'white', 'g1f3', 2);   // a pawn capture is owed
  // What each heard, as the history a reconnecting client is given (`now`: what the viewer could do
  // at that moment, not part of what was said).
  const history = client => client.frames.map(f => JSON.parse(f)).filter(m => m.t === 'umpire')
    .map(({ t, v, clock, legal, fen, now, ...said }) => said);
  const before = { white: history(clients.white), black: history(clients.black), spectator: history(clients.spectator) };
  assert.deepEqual(before.white[2], { say: 'illegal', by: 'white', move: 'e4f5' });
  assert.deepEqual(before.black[2], { say: 'illegal', by: 'white' });

  await server.kill();
  await server.restart();
  const again = {
    white: await server.connect(id, tokens.white),
    black: await server.connect(id, tokens.black),
    spectator: await server.connect(id),
  };
  for (const name of ['white', 'black', 'spectator']) assert.deepEqual(again[name].state.umpire, before[name], name);
  assert.equal(again.white.state.fen, '8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 0 2');
  assert.deepEqual(again.white.state.moves, ['e2e4']);
  assert.deepEqual(again.black.state.moves, ['d7d5']);
  assert.equal(again.spectator.state.fen, null);
  const { legal } = again.white.state;
  assert.ok(legal.includes('e4d5') && legal.includes('a2b3'), 'a pawn capture is still owed');
  assert.ok(!legal.includes('e4f5') && !legal.includes('g1f3') && !legal.includes('e4e5'));

  const events = await attempt(again, 'white', 'e4d5', 2);
  assert.equal(events.black.capture, 'd5');
  assert.equal(events.black.fen, 'rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - 0 2', 'Black\'s board loses the pawn');
  assert.ok(events.black.legal.length > 0);
  assert.equal(events.white.move, 'e4d5');
  assert.equal(events.spectator.fen, undefined);
  assertNoGaps(again.white, again.black, again.spectator);
});

test('Kriegspiel: tries cost the mover\'s time; the increment comes with a move', async () => {
  const { clients } = await kriegspiel({ clock: { initial_s: 60, increment_s: 5 } });
  await attempt(clients, 'white', 'd2d4', 0);  // each side's first move is free
  const first = await attempt(clients, 'black', 'd7d5', 1);
  assert.equal(first.white.clock.running, 'white', 'the clocks run once both have moved');
  const refused = await attempt(clients, 'white', 'e2f3', 2);
  assert.equal(refused.black.say, 'illegal');
  assert.ok(refused.black.clock.white <= 60000);
  assert.equal(refused.black.clock.running, 'white', 'still White\'s turn');
  const asked = await ask(clients, 'white');
  assert.ok(asked.black.clock.white <= refused.black.clock.white);
  const moved = await attempt(clients, 'white', 'e2e4', 2);
  assert.ok(moved.black.clock.white > asked.black.clock.white, 'the increment once the turn passes');
  assert.equal(moved.black.clock.running, 'black');
});

test('Kriegspiel: after the end everyone gets everything, and the PGN replays', async () => {
  const { id, clients } = await kriegspiel();
  await attempt(clients, 'white', 'f2f3', 0);
  await attempt(clients, 'black', 'e7e5', 1);
  await attempt(clients, 'white', 'f3e4', 2);  // No
  await ask(clients, 'white');                  // No
  await attempt(clients, 'white', 'g2g4', 2);
  await attempt(clients, 'black', 'e5f4', 3);   // No: nothing to take there
  const mate = await attempt(clients, 'black', 'd8h4', 3);
  assert.deepEqual(mate.white.check, ['short_diagonal']);
  const ends = await Promise.all(Object.values(clients).map(client => client.event('end')));
  const moves = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
  for (const end of ends) {
    assert.deepEqual([end.result, end.reason, end.moves], ['0-1', 'checkmate', moves]);
    assert.deepEqual(end.tries.map(t => [t.by, t.say, t.move ?? t.answer]), [
      ['white', 'moved', 'f2f3'], ['black', 'moved', 'e7e5'], ['white', 'illegal', 'f3e4'], ['white', 'any', 'no'],
      ['white', 'moved', 'g2g4'], ['black', 'illegal', 'e5f4'], ['black', 'moved', 'd8h4'],
    ]);
  }
  assertNoGaps(...Object.values(clients));

  const resource = (await server.api('GET', `/api/games/${id}`)).body;
  assert.equal(resource.status, 'finished');
  assert.deepEqual(resource.moves, moves);
  assert.deepEqual(resource.sans, ['f3', 'e5', 'g4', 'Qh4#']);
  assert.equal(resource.fen, 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  assert.equal(resource.umpire.find(t => t.say === 'illegal' && t.by === 'black').move, 'e5f4');
  const late = await server.connect(id);
  assert.deepEqual(late.state.moves, moves);
  assert.equal(late.state.fen, resource.fen);

  const pgn = await server.api('GET', `/api/games/${id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.equal(pgnTags(pgn.text).Variant, 'Kriegspiel');
  const movetext = pgn.text.replace(/\s+/g, ' ');
  assert.match(movetext, /2\. \{f3e4: No; Any\? No\} g4 2\.\.\. \{e5f4: No\} Qh4# \{Check on the short diagonal\} 0-1/);
  // Without its comments the movetext replays, in a chess game on the server, to the same position.
  const sans = pgnSans(pgn.text.replace(/\{[^}]*\}/g, ' '));
  assert.deepEqual(sans, resource.sans);
  const created = await server.api('POST', '/api/games', { variant: 'chess', local: true });
  const replay = { white: await server.connect(created.body.id, created.body.tokens.white), black: await server.connect(created.body.id, created.body.tokens.black) };
  let { fen, legal } = replay.white.state;
  let turn = 'white';
  for (const [ply, san] of sans.entries()) {
    const event = await play(replay, [sanToMove(san, fen, legal)], { ply, turn });
    ({ fen, turn } = event);
    legal = event.legal.length ? event.legal : (await server.api('GET', `/api/games/${created.body.id}`, undefined, { token: created.body.tokens[turn] })).body.legal;
  }
  assert.equal(fen, resource.fen);
});
