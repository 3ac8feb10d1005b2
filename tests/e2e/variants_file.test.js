// Games keep their rules: a game played under an operator's variants file (serve --variants)
// replays and goes on under the rules it was played with after the file changes, and after its
// variant is removed from it (storage/README.md). New games take the file's rules of the day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server, play } from './helpers.js';

// Camel chess: the knights leap (1,3) as camels, so b1-c4 is a move; the second file gives the
// knights back their own leap.
const CAMELS = `[camel]\nparent = "chess"\ntitle = "Camel chess"\n[[camel.pieces]]\nid = "knight"\nbetza = "C"\n`;
const KNIGHTS = `[camel]\nparent = "chess"\ntitle = "Camel chess"\n`;
const OTHER = `[wazirs]\nparent = "chess"\n[[wazirs.pieces]]\nid = "wazir"\nletter = "W"\nbetza = "W"\n`;

test('a game under a variants file replays under its own rules after the file changes and after its variant is gone', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-variants-'));
  const file = path.join(dir, 'variants.toml');
  fs.writeFileSync(file, CAMELS);
  const server = await Server.start(['--variants', file]);
  try {
    const game = await server.newGame({ variant: 'camel' });
    const white = await server.connect(game.id, game.tokens.white);
    const black = await server.connect(game.id, game.tokens.black);
    await play({ white, black }, ['b1c4', 'g8f5']);
    white.close();
    black.close();
    await server.kill();

    fs.writeFileSync(file, KNIGHTS);
    await server.restart();
    let again = await server.connect(game.id, game.tokens.white);
    assert.deepEqual(again.state.moves, ['b1c4', 'g8f5'], 'the camels\' moves replay');
    assert.ok(again.state.legal.includes('c4d7'), 'the camel on c4 still leaps as a camel');
    const fresh = await server.newGame({ variant: 'camel' });
    const freshWhite = await server.connect(fresh.id, fresh.tokens.white);
    assert.ok(freshWhite.state.legal.includes('b1c3') && !freshWhite.state.legal.includes('b1c4'),
      'a new game takes the file as it is now');
    freshWhite.close();
    again.close();
    await server.kill();

    fs.writeFileSync(file, OTHER);
    await server.restart();
    again = await server.connect(game.id, game.tokens.white);
    const blackAgain = await server.connect(game.id, game.tokens.black);
    assert.deepEqual(again.state.moves, ['b1c4', 'g8f5']);
    await play({ white: again, black: blackAgain }, ['c4d7'], { ply: 2 });
    const resource = await server.api('GET', `/api/games/${game.id}`);
    assert.equal(resource.status, 200, resource.text);
    assert.deepEqual(resource.body.moves, ['b1c4', 'g8f5', 'c4d7']);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
