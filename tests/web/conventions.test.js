// Lichess's conventions on the game page, against the real server: clocks that wait for the
// first moves (and a game aborted when one does not come), draw offers that stand and can be
// declined, takebacks by consent, premoves, the opponent's presence and the claim when they are
// gone, and a reconnection that resumes from the last event held.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptInvite, assertNoErrors, clickSquare, launchBrowser, makeMove, openPage, readInvite, startServer, waitForMoves, waitForStatus,
} from './helpers.js';

// `quick`: short waits, so the abort and the claim come within the test: --first-move-limit 2
// and --abandon-after 1 are the server's rules, not timing assertions.
let server, quick, browser;
before(async () => {
  [server, quick, browser] = await Promise.all([
    startServer(), startServer(['--first-move-limit', '2', '--abandon-after', '1']), launchBrowser()]);
});
after(async () => { await browser?.close(); await server?.stop(); await quick?.stop(); });

// White creates a chess game on `on`, Black joins it; `clock`: a value of the home page's select.
async function startGame({ on = server, clock = 'untimed', variant = 'chess', record = false } = {}) {
  const white = await openPage(browser, `${on.url}/`, { record });
  await white.click(`.variant-card[data-variant="${variant}"]`);
  await white.click('.segmented label:has(input[value="white"])');
  await white.selectOption('select[name="clock"]', clock);
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const black = await acceptInvite(browser, await readInvite(white), { record });
  await black.waitForURL(/\/game\//);
  // Connected: `online`, shown or not (a game that ends by itself, as the quick server's abort
  // may before the page is looked at, hides the indicator).
  for (const page of [white, black]) await page.locator('#connection.online').waitFor({ state: 'attached' });
  return { white, black };
}

async function play(white, black, moves, first = 0) {
  for (const [index, move] of moves.entries()) {
    const ply = first + index;
    await makeMove(ply % 2 === 0 ? white : black, move);
    for (const page of [white, black]) await waitForMoves(page, ply + 1);
  }
}

const visibleButtons = (page, name) => page.getByRole('button', { name, exact: true }).filter({ visible: true });

test('the clocks wait for both first moves, counting down to the abort', async () => {
  const { white, black } = await startGame({ clock: '300+3' });
  await white.locator('.first-move', { hasText: /Make your first move.* \d+ s left, or the game is aborted/ }).waitFor();
  await black.locator('.first-move', { hasText: /White to make the first move/ }).waitFor();
  assert.equal(await white.locator('.clock.running').count(), 0, 'no clock runs before the first moves');
  await play(white, black, ['e2e4']);
  await black.locator('.first-move', { hasText: /Make your first move.* s left/ }).waitFor();
  await white.locator('.first-move', { hasText: /Black to make the first move/ }).waitFor();
  assert.equal(await black.locator('.clock.running').count(), 0, 'White\'s first move started no clock');
  await play(white, black, ['e7e5'], 1);
  for (const page of [white, black]) {
    await page.locator('.player[data-color="white"] .clock.running').waitFor();
    assert.ok(await page.locator('.first-move').isHidden(), 'the wait is over once both have moved');
    assertNoErrors(page);
  }
});

test('a first move not made in time aborts the game', async () => {
  // The notice before the abort is the test above's: here the 2 s may be over before a page shows it.
  const { white, black } = await startGame({ on: quick, clock: '300+3' });
  for (const page of [white, black]) {
    await waitForStatus(page, /Aborted/);
    assert.ok(await page.locator('.first-move').isHidden());
    assertNoErrors(page);
  }
});

test('a draw offer stands through the offerer\'s move, is declined, then offered again and accepted', async () => {
  const { white, black } = await startGame();
  await white.click('button[data-action="draw"]');
  await black.locator('.offer[data-offer="draw"]', { hasText: 'White offers a draw.' }).waitFor();
  assert.equal(await visibleButtons(black, 'Accept').count(), 1, 'one Accept');
  assert.equal(await visibleButtons(black, 'Decline').count(), 1, 'one Decline');
  assert.ok(await black.locator('button[data-action="draw"]').isHidden(), 'no second way to accept');
  assert.equal(await white.locator('button[data-action="draw"]').textContent(), 'Draw offered');
  await play(white, black, ['e2e4']);
  assert.ok(await black.locator('.offer[data-offer="draw"]').isVisible(), 'the offer stands through White\'s move');
  await black.click('.offer[data-offer="draw"] button[data-action="decline-draw"]');
  for (const page of [white, black]) await page.locator('.offer-declined', { hasText: 'Black declined the draw offer.' }).waitFor();
  await white.click('button[data-action="draw"]');
  await white.locator('.notice', { hasText: 'you may offer again once the game has moved on' }).waitFor();
  await play(white, black, ['e7e5'], 1);
  await white.click('button[data-action="draw"]');
  await black.click('.offer[data-offer="draw"] button[data-action="accept-draw"]');
  for (const page of [white, black]) {
    await waitForStatus(page, /1\/2-1\/2/);
    assert.match(await page.locator('.status').textContent(), /Draw by agreement/);
    assertNoErrors(page);
  }
});

test('a takeback declined changes nothing; accepted, the board, moves and turn go back', async () => {
  const { white, black } = await startGame({ clock: '300+3' });
  assert.ok(await white.locator('button[data-action="takeback"]').isDisabled(), 'nothing to take back yet');
  await play(white, black, ['e2e4', 'e7e5']);
  await black.click('button[data-action="takeback"]');
  await white.locator('.offer[data-offer="takeback"]', { hasText: 'Black asks to take back a move.' }).waitFor();
  await black.locator('.offer[data-offer="takeback"] .offer-text:text-is("You asked to take back a move: waiting for the answer.")').waitFor();
  assert.equal(await visibleButtons(white, 'Accept').count(), 1);
  await white.click('button[data-action="decline-takeback"]');
  await black.locator('.offer-declined', { hasText: 'White declined the takeback.' }).waitFor();
  assert.equal(await black.locator('.move-list [data-ply]').count(), 2);
  await black.click('button[data-action="takeback"]');
  await white.click('button[data-action="accept-takeback"]');
  for (const page of [white, black]) {
    await page.waitForFunction(() => document.querySelectorAll('.move-list [data-ply]').length === 1);
    await page.locator('.piece[data-square="e7"][data-piece="p"]').waitFor();
    assert.equal(await page.locator('.piece[data-square="e5"]').count(), 0);
    assert.ok(await page.locator('.offers').isHidden());
  }
  await waitForStatus(black, /Your move/);
  await play(white, black, ['c7c5'], 1);
  await white.locator('.piece[data-square="c5"][data-piece="p"]').waitFor();
  for (const page of [white, black]) assertNoErrors(page);
});

test('Kriegspiel has no takeback button: a takeback would show the hidden board', async () => {
  const { white } = await startGame({ variant: 'kriegspiel' });
  await white.locator('button[data-action="resign"]').waitFor();
  assert.equal(await white.locator('button[data-action="takeback"]').count(), 1, 'the page has the button');
  assert.ok(await white.locator('button[data-action="takeback"]').isHidden(), 'but not for Kriegspiel');
  assertNoErrors(white);
});

test('a premove is shown queued and played when the turn comes; one no longer legal is dropped with a word', async () => {
  const { white, black } = await startGame({ record: true });
  await play(white, black, ['e2e4']);
  await white.locator('.premove-hint').waitFor();
  await makeMove(white, 'g1f3');
  await white.locator('.premove', { hasText: 'Premove queued: g1–f3' }).waitFor();
  assert.equal(await white.locator('.mark.premove').count(), 2, 'the two squares are marked');
  await makeMove(black, 'e7e5');
  for (const page of [white, black]) await waitForMoves(page, 3);
  await black.locator('.piece[data-square="f3"][data-piece="N"]').waitFor();
  assert.ok(await white.locator('.premove').isHidden());
  assert.equal(await white.locator('.mark.premove').count(), 0);

  // Cancelled with a click on an empty square: once the server has confirmed, Black's move is not answered.
  await makeMove(white, 'f1c4');
  await white.locator('.premove', { hasText: 'f1–c4' }).waitFor();
  await clickSquare(white, 'e3');
  await white.locator('.premove').waitFor({ state: 'hidden' });
  const cancelled = () => white.receivedFrames.map(frame => JSON.parse(frame)).some(m => m.t === 'premove' && m.move === null);
  while (!cancelled()) await white.waitForTimeout(50);  // waiting for the server's word, not timing it
  await makeMove(black, 'b8c6');
  await waitForMoves(white, 4);
  await waitForStatus(white, /Your move/);
  assert.equal(await white.locator('.move-list [data-ply]').count(), 4);

  // e4e5 is blocked by the pawn on e5 when its turn comes: dropped, and the player told why.
  await makeMove(white, 'd2d3');
  await waitForMoves(black, 5);
  await makeMove(white, 'e4e5');
  await white.locator('.premove', { hasText: 'e4–e5' }).waitFor();
  await makeMove(black, 'd7d6');
  await white.locator('.notice', { hasText: /Premove dropped: .+/ }).waitFor();
  await waitForStatus(white, /Your move/);
  assert.equal(await white.locator('.move-list [data-ply]').count(), 6);
  for (const page of [white, black]) assertNoErrors(page);
});

test('the opponent\'s presence shows; gone long enough, the game can be claimed', async () => {
  const { white, black } = await startGame({ on: quick });
  await play(white, black, ['e2e4', 'e7e5']);
  await white.locator('.player[data-color="black"] .presence.here').waitFor();
  await black.context().close();
  await white.locator('.player[data-color="black"] .presence.gone').waitFor();
  await white.locator('.claim', { hasText: 'Black left the game' }).waitFor();
  await white.locator('button[data-action="claim-victory"]:enabled').waitFor();
  await white.click('button[data-action="claim-victory"]');
  await waitForStatus(white, /1-0/);
  assert.match(await white.locator('.status').textContent(), /White wins as the opponent left/);
  assert.ok(await white.locator('.claim').isHidden());
  assertNoErrors(white);
});

test('a reconnection resumes from the last event held: the missed move, then resumed, no state', async () => {
  const { white, black } = await startGame();
  // White's WebSocket goes through the test: it can be cut, and refused while `down`.
  const urls = [], frames = [];
  let down = false, current = null;
  await white.routeWebSocket(/\/ws\//, route => {
    urls.push(route.url());
    if (down) return route.close();
    current = route;
    const toServer = route.connectToServer();
    toServer.onMessage(message => { frames.push(String(message)); route.send(message); });
  });
  await white.reload();
  await white.locator('#connection.online').waitFor();
  await play(white, black, ['e2e4']);
  down = true;
  await current.close();
  await white.locator('#connection.offline').waitFor();
  await makeMove(black, 'e7e5');
  frames.length = 0;
  down = false;
  await white.locator('#connection.online').waitFor();
  await waitForMoves(white, 2);
  await white.locator('.piece[data-square="e5"][data-piece="p"]').waitFor();
  assert.match(urls.at(-1), /[?&]v=2(&|$)/, 'the reconnection names the last event held');
  const types = frames.map(frame => JSON.parse(frame).t);
  assert.deepEqual(types.slice(0, 2), ['move', 'resumed']);
  assert.ok(!types.includes('state'), 'no state when the events can be resent');
  await play(white, black, ['g1f3'], 2);
  for (const page of [white, black]) assertNoErrors(page);
});
