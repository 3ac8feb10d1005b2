// Games against the computer through the real server: it takes its seat at once, its moves go
// through the same checks, storage and broadcast as a person's, it answers offers, plays every
// variant (Kriegspiel from its own seat's view), and a restart resumes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Server, assertNoGaps, moveAt, pgnTags } from './helpers.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server.stop(); });

async function againstComputer({ variant = 'chess', color = 'white', level = 1, clock } = {}) {
  const created = await server.api('POST', '/api/games', { variant, color, opponent: { computer: level }, ...(clock ? { clock } : {}) });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.invite, undefined, 'nobody is invited');
  const me = await server.connect(created.body.id, created.body.token);
  return { id: created.body.id, token: created.body.token, me };
}

// The computer moves as soon as its turn comes, often before the test's socket connects: each
// test reads what it awaits from the socket's `state` first, then from its events.
test('the computer takes its seat at once and answers each move', async () => {
  const { id, me } = await againstComputer({ level: 2, clock: { initial_s: 120, increment_s: 1 } });
  if (me.state.status !== 'playing') assert.equal((await me.event('joined')).color, 'black');
  assert.deepEqual(me.state.computer, { color: 'black', level: 2 });
  me.move('e2e4', 0);
  await me.next(m => m.t === 'move' && m.ply === 0, 'my move');
  const reply = await me.next(m => m.t === 'move' && m.ply === 1, "the computer's reply");
  assert.equal(reply.turn, 'white');
  assert.ok(reply.legal.length > 0);
  me.move(reply.legal.includes('d2d4') ? 'd2d4' : reply.legal[0], 2);
  await me.next(m => m.t === 'move' && m.ply === 3, "the computer's second reply");
  assertNoGaps(me);
  const pgn = await server.api('GET', `/api/games/${id}/pgn`);
  assert.equal(pgnTags(pgn.text).Black, 'Arbiter level 2');
  assert.equal(pgnTags(pgn.text).White, 'Anonymous', 'a person who gave no name');
});

test('playing Black, the computer moves first; a spectator sees its moves', async () => {
  const { id, me } = await againstComputer({ color: 'black', level: 3 });
  const spectator = await server.connect(id);
  const first = await moveAt(spectator, 0);
  assert.ok(first.length >= 4);
  assert.equal(await moveAt(me, 0), first, 'the same move');
});

for (const variant of ['capablanca', 'grand', 'centennial', 'circular', 'byzantine']) {
  test(`${variant}: the computer plays its turn`, async () => {
    const { me } = await againstComputer({ variant, color: 'black', level: 1 });
    const turnEnds = await me.shown(state => state.ply > 0 && state.turn === 'black',
      m => m.t === 'move' && m.turn === 'black', "the end of the computer's turn");
    assert.ok(turnEnds.legal.length > 0, 'my moves come with it');
  });
}

test('Kriegspiel: the computer tries from its own board and the umpire answers', async () => {
  const { me } = await againstComputer({ variant: 'kriegspiel', color: 'black', level: 4 });
  const computerMoved = m => m.say === 'moved' && m.by === 'white';
  const heard = me.state.umpire.find(computerMoved);
  const moved = heard ?? await me.next(m => m.t === 'umpire' && computerMoved(m), "the computer's move");
  assert.equal(moved.move, undefined, 'its move stays hidden from me');
  assert.ok((heard ? me.state.legal : moved.legal).length > 0, 'my tries come with it');
});

test('the computer grants a takeback and declines a draw', async () => {
  const { me } = await againstComputer({ level: 1 });
  me.move('d2d4', 0);
  await me.next(m => m.t === 'move' && m.ply === 1, "the computer's reply");
  me.send({ t: 'draw' });
  await me.event('draw_offer');
  assert.equal((await me.event('draw_declined')).by, 'black');
  me.send({ t: 'takeback' });
  await me.event('takeback_offer');
  const undone = await me.event('takeback');
  assert.equal(undone.by, 'black');
  assert.equal(undone.ply, 0);
  assert.deepEqual(undone.moves, []);
});

test('a computer game resumes after a restart: the computer still moves', async () => {
  const created = await server.api('POST', '/api/games', { variant: 'chess', color: 'black', opponent: { computer: 8 } });
  await server.kill();
  await server.restart();
  const me = await server.connect(created.body.id, created.body.token);
  if (me.state.ply === 0) await me.next(m => m.t === 'move' && m.ply === 0, "the computer's first move after the restart");
  const resource = (await server.api('GET', `/api/games/${created.body.id}`)).body;
  assert.equal(resource.ply, 1);
  assert.equal(resource.turn, 'black');
});

test('a bad opponent is refused', async () => {
  for (const opponent of [{ computer: 0 }, { computer: 9 }, { computer: '5' }, { human: 1 }, 'computer']) {
    const response = await server.api('POST', '/api/games', { variant: 'chess', opponent });
    assert.equal(response.status, 400, JSON.stringify(opponent));
  }
  const local = await server.api('POST', '/api/games', { variant: 'chess', local: true, opponent: { computer: 3 } });
  assert.equal(local.status, 400);
});

test('a rematch against the computer starts at once, colours swapped, the computer playing', async () => {
  const { token, me } = await againstComputer({ level: 1 });
  me.send({ t: 'resign' });
  await me.event('end');
  me.send({ t: 'rematch' });
  const rematch = await me.event('rematch');
  assert.equal(rematch.by, 'black');
  const next = await server.connect(rematch.game, token);
  assert.equal(next.state.you, 'black', 'my token holds the other seat of the new game');
  assert.deepEqual(next.state.computer, { color: 'white', level: 1 });
  if (next.state.ply === 0) await next.next(m => m.t === 'move' && m.ply === 0, "the computer's first move");
});
