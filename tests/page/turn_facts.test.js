// What the rules say of a position, read by the page from the server's fields (`check`,
// `checks`, `now.second_move`), never from a SAN's marks or by counting whose move it was.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Server } from '../e2e/helpers.js';
import { Page } from './page.js';

let server;
before(async () => { server = await Server.start(); });
after(async () => { await server?.stop(); });

async function local(variant) {
  const created = await server.api('POST', '/api/games', { variant, local: true });
  assert.equal(created.status, 201, created.text);
  const page = await Page.open(server, created.body.id, 'both', created.body.tokens);
  await page.until(view => view.status === 'playing', 'the game');
  return { id: created.body.id, tokens: created.body.tokens, page };
}

test('the king in check is marked from the server\'s check, on the move and on a reload; a takeback clears it', async () => {
  const { id, tokens, page } = await local('chess');
  await page.move('e2e4');
  await page.move('f7f6');
  assert.equal(page.view.board.check, null);
  await page.move('d1h5');
  const checked = await page.until(view => view.ply === 3, 'the check');
  assert.equal(checked.board.check, 'e8');
  assert.ok(page.effects.some(effect => effect.sound === 'check'), 'the check sounds');

  const reloaded = await Page.open(server, id, 'both', tokens);
  assert.equal(reloaded.view.board.check, 'e8', 'from the state\'s checks');
  reloaded.close();

  page.act('takeback', { t: 'takeback' });
  const back = await page.until(view => view.ply === 2, 'the check taken back');
  assert.equal(back.board.check, null);
  page.close();
});

test('Centennial: the second move of a turn is the server\'s word', async () => {
  const { page } = await local('centennial');
  assert.equal(page.view.secondMoveOfTurn, false);
  await page.move('b1a4');
  const second = await page.until(view => view.ply === 1, 'the first move');
  assert.equal(second.turn, 'white');
  assert.equal(second.secondMoveOfTurn, true);
  await page.move('h2g4');
  const next = await page.until(view => view.ply === 2, 'the second move');
  assert.equal(next.turn, 'black');
  assert.equal(next.secondMoveOfTurn, false);
  page.close();
});
