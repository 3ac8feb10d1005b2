// Analysis of finished games through `arbiter serve`: a short game in every variant analysed
// (an evaluation for every position, best moves legal where they stand, a hung queen marked a
// blunder), the stored analysis served again without a second run, the PGN's [%eval] comments,
// the pool's limits, and an analysis under way at shutdown dropped cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Server, metricSamples, play } from './helpers.js';

const GUARD_MS = 120000;

// A local game of `variant` with both sides connected.
async function localGame(server, variant) {
  const created = await server.api('POST', '/api/games', { variant, local: true });
  assert.equal(created.status, 201, created.text);
  const { id, tokens } = created.body;
  const clients = { white: await server.connect(id, tokens.white), black: await server.connect(id, tokens.black) };
  return { id, tokens, clients, turn: clients.white.state.turn, ply: 0 };
}

// Plays each side's first legal move `plies` times (or the moves given).
async function playOn(server, game, moves) {
  for (const given of moves) {
    const move = given ?? (await server.api('GET', `/api/games/${game.id}`, undefined, { token: game.tokens[game.turn] })).body.legal[0];
    const event = await play(game.clients, [move], { ply: game.ply, turn: game.turn });
    game.turn = event.turn;
    game.ply += 1;
  }
}

// Plays the mover's first move `plies` times in a game whose players see only their side: each
// hears the move at its ply, the mover's moves coming with the event that gives it the turn.
async function playHidden(game, plies) {
  let { turn, legal } = game.clients.white.state;
  for (let ply = 0; ply < plies; ply++) {
    game.clients[turn].move(legal[0], ply);
    const heard = await Promise.all(['white', 'black'].map(side => game.clients[side].next(m => m.t === 'move' && m.ply === ply, `move ${ply}`)));
    turn = heard[0].turn;
    legal = heard[turn === 'white' ? 0 : 1].legal;
  }
  game.turn = turn;
}

async function resign(game) {
  game.clients[game.turn].send({ t: 'resign' });
  await Promise.all(Object.values(game.clients).map(client => client.event('end')));
}

// Asks for the analysis and reads it until it is done (each read says how far it is).
async function analysed(server, id) {
  const asked = await server.api('POST', `/api/games/${id}/analysis`);
  assert.ok([200, 202].includes(asked.status), asked.text);
  const guard = Date.now() + GUARD_MS;
  for (let read = asked; ; read = await server.api('GET', `/api/games/${id}/analysis`)) {
    assert.equal(read.body.id, id);
    if (read.body.status === 'done') return read.body;
    assert.ok(['queued', 'running'].includes(read.body.status), read.text);
    assert.ok(read.body.positions_done <= read.body.positions);
    assert.ok(Date.now() < guard, 'the analysis ends');
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

async function storedRuns(server) {
  return metricSamples((await server.api('GET', '/metrics')).text)['arbiter_analyses_total{outcome="stored"}'];
}

function legalMoves(variant, fen) {
  return execFileSync(process.env.ARBITER_BIN, ['moves', '--variant', variant, '--fen', fen], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

test('a short game in every variant is analysed: every position valued, best moves legal, stored once', async () => {
  const server = await Server.start(['--analysis-movetime', '30']);
  try {
    const variants = (await server.api('GET', '/api/variants')).body.variants;
    assert.ok(variants.length >= 7, 'every built-in variant');
    let runs = 0;
    for (const { name: variant, board_hidden: hidden, tries } of variants) {
      let game;
      if (hidden) {
        // A hidden board is played between two people, each seeing their own side; analysed once over, as the whole game.
        game = await server.newGame({ variant });
        game.clients = { white: await server.connect(game.id, game.tokens.white), black: await server.connect(game.id, game.tokens.black) };
        if (tries) {
          for (const [who, move, ply] of [['white', 'e2e4', 0], ['black', 'e7e5', 1], ['white', 'g1f3', 2]]) {
            game.clients[who].move(move, ply);
            await Promise.all(Object.values(game.clients).map(client => client.event('umpire')));
          }
          game.turn = 'black';
        } else {
          await playHidden(game, 3);
        }
        const live = await server.api('POST', `/api/games/${game.id}/analysis`);
        assert.equal(live.status, 409, 'a game in play is not analysed');
        assert.equal(live.body.error, 'not_finished');
      } else {
        game = await localGame(server, variant);
        await playOn(server, game, [null, null, null, null]);
      }
      await resign(game);
      const analysis = await analysed(server, game.id);
      runs += 1;
      const resource = (await server.api('GET', `/api/games/${game.id}`)).body;
      const fens = [resource.start_fen, ...resource.positions];
      assert.equal(analysis.plies, resource.moves.length, variant);
      assert.equal(analysis.positions.length, resource.moves.length + 1, `${variant}: the start and after each move`);
      analysis.positions.forEach((position, ply) => {
        assert.equal(position.ply, ply);
        assert.ok(Number.isInteger(position.eval.cp) || Number.isInteger(position.eval.mate), `${variant} ply ${ply}: an evaluation`);
        assert.ok(position.chances >= -1 && position.chances <= 1);
        if (ply > 0) assert.equal(position.san, resource.sans[ply - 1], `${variant} ply ${ply}: the move as the game wrote it`);
        assert.ok(position.best, `${variant} ply ${ply}: a best move (the game ended by resignation)`);
        assert.equal(position.best, position.line[0]);
        assert.ok(legalMoves(variant, fens[ply]).includes(position.best_uci), `${variant} ply ${ply}: ${position.best_uci} is legal in ${fens[ply]}`);
      });
      assert.equal(await storedRuns(server), runs, 'one run per analysis');
      // Asked again, by either route: the stored one, no second run.
      const again = await server.api('POST', `/api/games/${game.id}/analysis`);
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, analysis);
      assert.deepEqual((await server.api('GET', `/api/games/${game.id}/analysis`)).body, analysis);
      assert.equal(await storedRuns(server), runs, 'served from the store');
    }
  } finally {
    await server.stop();
  }
});

test('a hung queen is marked a blunder, and the PGN carries the evaluations', async () => {
  const server = await Server.start(['--analysis-movetime', '100']);
  try {
    const game = await localGame(server, 'chess');
    assert.deepEqual((await server.api('GET', `/api/games/${game.id}/analysis`)).body, { id: game.id, status: 'none' });
    // 1. e4 d5 2. Qg4?? hangs the queen to the bishop; 2... Bxg4 takes it.
    await playOn(server, game, ['e2e4', 'd7d5', 'd1g4', 'c8g4']);
    await resign(game);
    const analysis = await analysed(server, game.id);
    const blunder = analysis.positions[3];
    assert.equal(blunder.san, 'Qg4');
    assert.deepEqual([blunder.judgement, blunder.mark], ['blunder', '??']);
    assert.ok(blunder.eval.cp < -500, `the queen is lost: ${JSON.stringify(blunder.eval)}`);
    assert.notEqual(analysis.positions[2].best, 'Qg4', 'the engine would not have played it');
    assert.ok(analysis.summary.white.blunder >= 1);
    assert.equal(analysis.positions[4].judgement, null, 'taking the queen is no mistake');
    const pgn = (await server.api('GET', `/api/games/${game.id}/pgn`)).text;
    const evals = [...pgn.matchAll(/\{\[%eval (#-?\d+|-?\d+\.\d\d)\]\}/g)].map(found => found[1]);
    assert.equal(evals.length, 4, pgn);
    assert.match(pgn, /2\.\s+Qg4\s+\{\[%eval -\d+\.\d\d\]\}\s+2\.\.\.\s+Bxg4/);
  } finally {
    await server.stop();
  }
});

test('one analysis at a time for an address, a bounded number an hour, and a bounded queue', async () => {
  const slow = await Server.start(['--address-limits', 'on', '--analysis-movetime', '3000']);
  try {
    const games = [];
    for (let i = 0; i < 2; i++) {
      const game = await localGame(slow, 'chess');
      await playOn(slow, game, [null, null]);
      await resign(game);
      games.push(game);
    }
    const first = await slow.api('POST', `/api/games/${games[0].id}/analysis`);
    assert.equal(first.status, 202, first.text);
    const second = await slow.api('POST', `/api/games/${games[1].id}/analysis`);
    assert.equal(second.status, 429);
    assert.equal(second.body.error, 'analysis_under_way');
    assert.match(second.body.message, /under way/);
    assert.ok(Number(second.headers.get('retry-after')) > 0);
    const same = await slow.api('POST', `/api/games/${games[0].id}/analysis`);
    assert.equal(same.status, 202, 'the same game asked again: the analysis under way');
    const refusals = metricSamples((await slow.api('GET', '/metrics')).text);
    assert.equal(refusals['arbiter_refusals_total{reason="analysis_under_way"}'], 1);
  } finally {
    await slow.stop();
  }

  const hourly = await Server.start(['--address-limits', 'on', '--analysis-movetime', '10', '--analyses-per-hour', '1']);
  try {
    const games = [];
    for (let i = 0; i < 2; i++) {
      const game = await localGame(hourly, 'chess');
      await playOn(hourly, game, [null]);
      await resign(game);
      games.push(game);
    }
    await analysed(hourly, games[0].id);
    const refused = await hourly.api('POST', `/api/games/${games[1].id}/analysis`);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  } finally {
    await hourly.stop();
  }

  const full = await Server.start(['--analysis-movetime', '3000', '--analysis-queue', '1']);
  try {
    const games = [];
    for (let i = 0; i < 2; i++) {
      const game = await localGame(full, 'chess');
      await playOn(full, game, [null, null]);
      await resign(game);
      games.push(game);
    }
    assert.equal((await full.api('POST', `/api/games/${games[0].id}/analysis`)).status, 202);
    const busy = await full.api('POST', `/api/games/${games[1].id}/analysis`);
    assert.equal(busy.status, 503);
    assert.equal(busy.body.error, 'analysis_busy');
  } finally {
    await full.stop();
  }
});

test('an analysis refused as busy costs nothing of the address\'s hourly share', async () => {
  // Two addresses behind a trusted proxy; one start an hour each. The first fills the queue.
  const server = await Server.start(['--address-limits', 'on', '--trusted-proxy', '127.0.0.1', '--analysis-movetime', '3000',
    '--analysis-queue', '1', '--analyses-per-hour', '1']);
  const from = address => ({ headers: { 'x-real-ip': address } });
  try {
    const games = [];
    for (let i = 0; i < 2; i++) {
      const game = await localGame(server, 'chess');
      await playOn(server, game, [null, null]);
      await resign(game);
      games.push(game);
    }
    const queued = await server.api('POST', `/api/games/${games[0].id}/analysis`, undefined, from('203.0.113.1'));
    assert.equal(queued.status, 202, queued.text);
    for (let ask = 0; ask < 3; ask++) {
      const busy = await server.api('POST', `/api/games/${games[1].id}/analysis`, undefined, from('203.0.113.2'));
      assert.deepEqual([busy.status, busy.body.error], [503, 'analysis_busy'], `ask ${ask}: busy, not rate limited`);
    }
  } finally {
    await server.stop();
  }
});

test('an analysis under way at shutdown is dropped, and can be asked for again after the restart', async () => {
  const server = await Server.start(['--analysis-movetime', '3000']);
  try {
    const game = await localGame(server, 'chess');
    await playOn(server, game, [null, null, null]);
    await resign(game);
    assert.equal((await server.api('POST', `/api/games/${game.id}/analysis`)).status, 202);
    const exit = await server.terminate();
    assert.equal(exit.code, 0, server.child.output);
    await server.restart();
    const after = await server.api('GET', `/api/games/${game.id}/analysis`);
    assert.equal(after.status, 200);
    assert.equal(after.body.status, 'none', 'nothing of it was stored');
    assert.equal((await server.api('POST', `/api/games/${game.id}/analysis`)).status, 202);
  } finally {
    await server.stop();
  }
});

test('the analysis routes refuse what they cannot do', async () => {
  const server = await Server.start();
  try {
    assert.equal((await server.api('GET', '/api/games/nosuchgame/analysis')).body.error, 'not_found');
    assert.equal((await server.api('POST', '/api/games/nosuchgame/analysis')).status, 404);
    const game = await localGame(server, 'chess');
    const live = await server.api('POST', `/api/games/${game.id}/analysis`);
    assert.deepEqual([live.status, live.body.error], [409, 'not_finished']);
    const put = await server.api('PUT', `/api/games/${game.id}/analysis`);
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, POST');
  } finally {
    await server.stop();
  }
});
