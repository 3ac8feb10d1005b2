// Nodes that serve different variants (`serve --variants` on a and b, not on c), and seeks that
// no node wrote (issue 32): a node shows only the seeks it can host, so a game is only ever made
// where its variant is known; a record in Redis with any bad field is skipped, and taking it
// answers seek_gone; nothing a node reads from Redis brings it down.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Cluster } from './cluster.js';

const VARIANTS = fileURLToPath(new URL('../variants/operator.toml', import.meta.url));

let cluster;
before(async () => {
  const operator = ['--variants', VARIANTS];
  cluster = await Cluster.start({ argsOf: { a: operator, b: operator } });
});
after(async () => { await cluster?.stop(); });

const lobbyOn = name => cluster.lobbyOn(name);

async function seek(creator, variant) {
  creator.send({ t: 'seek', variant, color: 'white', name: 'Creator' });
  const answer = await creator.next(m => m.t === 'seeking' || m.t === 'error', 'seeking');
  assert.equal(answer.t, 'seeking', JSON.stringify(answer));
  return answer;
}

// The answer to an accept, or how the socket closed (its node gone).
async function accept(taker, id) {
  taker.send({ t: 'accept', id, name: 'Taker' });
  return Promise.race([
    taker.next(m => m.t === 'matched' || m.t === 'error', 'an answer'),
    taker.closed.then(closed => ({ t: 'closed', ...closed })),
  ]);
}

const nodeId = node => `${node}_${crypto.randomBytes(9).toString('base64url')}`;

test('a seek for a variant node c does not serve is not shown on c, c cannot take it, and b, which serves it, plays it', async () => {
  const creator = await lobbyOn('a');
  const [onB, onC] = [await lobbyOn('b'), await lobbyOn('c')];
  const wizard = await seek(creator, 'wizard-chess');
  await onB.shows(wizard.seek.id);

  const refused = await accept(onC, wizard.seek.id);
  assert.deepEqual([refused.t, refused.code], ['error', 'seek_gone'], JSON.stringify(refused));
  // A seek opened after it, in chess: once c shows that one it has read the wizard seek too.
  const chess = await seek(creator, 'chess');
  await onC.shows(chess.seek.id);
  assert.ok(!onC.seeks.has(wizard.seek.id), 'node c lists a seek it could not host');

  const won = await accept(onB, wizard.seek.id);
  assert.equal(won.t, 'matched', JSON.stringify(won));
  assert.match(won.game, /^b_/);
  assert.equal((await creator.event('matched')).game, won.game);
  const game = await cluster.nodes.b.api('GET', `/api/games/${won.game}`);
  assert.equal(game.body.variant, 'wizard-chess');
  creator.send({ t: 'cancel', id: chess.seek.id });
  await onC.hides(chess.seek.id);
});

test('seek records written straight into Redis with a bad field are shown nowhere and taking one is seek_gone', async () => {
  const good = id => ({
    seek: { id, variant: 'chess', color: 'white', clock: { initial_ms: 60000, increment_ms: 0 }, name: 'Mallory', created_at: Date.now() },
    creator_hash: crypto.createHash('sha256').update(id).digest('hex'),
    browser: '',
    address: '192.0.2.1',  // what nodes wrote before browser ids: their records are read still
  });
  const spoiled = (change) => { const id = nodeId('a'); const record = good(id); change(record); return { id, text: JSON.stringify(record) }; };
  const junk = [
    { id: nodeId('a'), text: '{"seek":' },
    spoiled(r => { r.seek.variant = 'no-such-variant'; }),
    spoiled(r => { r.seek.variant = 'wizard-chess'; r.seek.clock.initial_ms = 0; }),
    spoiled(r => { r.seek.clock.initial_ms = 86400001; }),
    spoiled(r => { r.seek.clock.increment_ms = -1; }),
    spoiled(r => { r.seek.clock = { initial_ms: '60000', increment_ms: 0 }; }),
    spoiled(r => { r.seek.name = 'N'.repeat(200); }),
    spoiled(r => { r.seek.name = 'Eve\u0007\u202e'; }),
    spoiled(r => { r.seek.color = 'purple'; }),
    spoiled(r => { r.creator_hash = 'not-a-hash'; }),
    spoiled(r => { r.browser = 42; }),
    spoiled(r => { r.seek.id = 'names-no-node'; }),
  ];
  // One good record among them, as a node writes it: shown, and taken like any other.
  const fine = nodeId('a');
  for (const { id, text } of [...junk, { id: fine, text: JSON.stringify(good(fine)) }]) {
    assert.equal(await cluster.redis.command('HSET', 'arbiter:seeks:a', id, text), ':1\r\n');
    await cluster.redis.command('PUBLISH', 'arbiter:lobby', `+${text}`);
  }
  const onA = await lobbyOn('a');
  const onC = await lobbyOn('c');
  const marker = await seek(onA, 'chess');  // after the junk in the hash and on the channel
  for (const lobby of [onA, onC]) {
    await lobby.shows(marker.seek.id);
    assert.ok(lobby.seeks.has(fine), 'the good record is shown');
    for (const { id } of junk) assert.ok(!lobby.seeks.has(id), `a bad record is shown: ${id}`);
  }
  for (const [name, lobby] of [['a', await lobbyOn('a')], ['c', await lobbyOn('c')]])
    for (const { id } of junk) {
      const answer = await accept(lobby, id);
      assert.deepEqual([answer.t, answer.code], ['error', 'seek_gone'], `${name} ${id}: ${JSON.stringify(answer)}`);
    }
  const taken = await accept(await lobbyOn('c'), fine);
  assert.equal(taken.t, 'matched', JSON.stringify(taken));
  assert.match(taken.game, /^c_/);
  onA.send({ t: 'cancel', id: marker.seek.id });
  await onC.hides(marker.seek.id);
});

test('junk "matched" notices on a node\'s channel are ignored: the node reads on and tells a real one', async () => {
  const creator = await lobbyOn('c');
  const mine = await seek(creator, 'chess');
  for (const junk of ['not json', '{"t":5}', '{"t":"matched","seek":1,"game":[],"color":{}}', `{"t":"matched","seek":"${mine.seek.id}","game":"c_","color":"white"}`])
    await cluster.redis.command('PUBLISH', 'arbiter:to:c', junk);
  // As another node tells it, after the junk on the same channel: its creator hears it.
  await cluster.redis.command('HDEL', 'arbiter:seeks:c', mine.seek.id);
  const game = nodeId('b');
  await cluster.redis.command('PUBLISH', 'arbiter:to:c', JSON.stringify({ t: 'matched', seek: mine.seek.id, game, color: 'white' }));
  const told = await Promise.race([creator.event('matched'), creator.closed.then(closed => ({ t: 'closed', ...closed }))]);
  assert.deepEqual([told.t, told.game, told.color], ['matched', game, 'white'], JSON.stringify(told));
});
