// Every page state at 1280x800, 390x844 and 360x640: nothing wider than the screen, and the board
// and the player's own clock wholly in view. Real games through the real server: the player in
// the browser, the opponent a WebSocket client. Offers, claims and a premove take a place of their
// own, in view and over nothing of the board or the player bars, so these stay exactly where they
// were; so does the end of the game, whose result is in view and on the bars.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../e2e/helpers.js';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => {
  // A claim after 1 s away; a first move may take its time (the test looks at each state).
  server = await startServer(['--abandon-after', '1', '--first-move-limit', '600']);
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.stop(); });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } },
  { name: 'small-phone', viewport: { width: 360, height: 640 }, context: { hasTouch: true, isMobile: true } },
];

async function api(method, route, body) {
  const response = await fetch(server.url + route, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

// The opponent: a seat's WebSocket, past its state.
async function connect(id, token) {
  const client = new Client(`${server.url.replace('http', 'ws')}/ws/${id}?token=${encodeURIComponent(token)}`);
  await client.opened;
  client.state = await client.next(m => m.t === 'state');
  return client;
}

// The layout as a person sees it: how wide the page is (a phone widens its layout viewport to fit
// what overflows, so the screen's own width is the measure) and the boxes that must stay in view.
async function measure(page, width, selectors) {
  return page.evaluate(([width, selectors]) => {
    const boxes = {};
    for (const selector of selectors) {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      boxes[selector] = box && { top: box.top, left: box.left, bottom: box.bottom, right: box.right, height: box.height };
    }
    return { scrollWidth: document.scrollingElement.scrollWidth, innerWidth, innerHeight, width, boxes };
  }, [width, selectors]);
}

// No sideways scrolling, and each of `selectors` wholly on the screen; returns the boxes.
async function checkLayout(page, size, state, selectors = ['.board-host', '.player.bottom .clock']) {
  await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await measure(page, size.viewport.width, selectors);
  await screenshot(page, `layout-${size.name}-${state}`);
  const where = `${state} at ${size.viewport.width}x${size.viewport.height}`;
  assert.ok(seen.scrollWidth <= Math.min(seen.innerWidth, size.viewport.width),
    `${where}: the page is ${seen.scrollWidth} px wide on a ${size.viewport.width} px screen`);
  for (const [selector, box] of Object.entries(seen.boxes)) {
    assert.ok(box && box.height > 0, `${where}: ${selector} is shown`);
    assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= seen.innerHeight && box.right <= size.viewport.width,
      `${where}: ${selector} is wholly in view (${JSON.stringify(box)} in ${size.viewport.width}x${seen.innerHeight})`);
  }
  return seen.boxes;
}

// The board and the player bars exactly where they were.
const FIXED = ['.board-host', '.player.top', '.player.bottom', '.player.bottom .clock'];
async function assertNothingMoved(page, size, state, before) {
  const now = await checkLayout(page, size, state, FIXED);
  for (const selector of FIXED) assert.deepEqual(now[selector], before[selector], `${state}: ${selector} did not move`);
}

// What asks for an answer (`selector`) lies over nothing of the board or either player's bar.
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
async function assertHidesNothing(page, size, state, selector) {
  const boxes = await measure(page, size.viewport.width, [selector, '.board-host', '.player.top', '.player.bottom']);
  for (const covered of ['.board-host', '.player.top', '.player.bottom']) {
    assert.ok(!overlaps(boxes.boxes[selector], boxes.boxes[covered]),
      `${state} at ${size.viewport.width}x${size.viewport.height}: ${selector} ${JSON.stringify(boxes.boxes[selector])} lies over ${covered} ${JSON.stringify(boxes.boxes[covered])}`);
  }
}

// The "Live" pill on one line, its text whole.
async function assertPillOnOneLine(page, size) {
  const pill = await page.locator('#connection').evaluate(element => ({
    height: element.getBoundingClientRect().height, line: parseFloat(getComputedStyle(element).lineHeight),
    cut: element.scrollWidth > element.clientWidth, text: element.textContent,
  }));
  assert.ok(pill.height < 2 * pill.line, `at ${size.viewport.width}px the pill "${pill.text}" takes ${pill.height}px for ${pill.line}px lines`);
  assert.ok(!pill.cut, `at ${size.viewport.width}px the pill "${pill.text}" is cut`);
}

// Creates a timed chess (or other) game from the home page as White; the page is on the game.
async function createFromHome(page, variant) {
  await page.goto(`${server.url}/`);
  await page.click(`.variant-card[data-variant="${variant}"]`);
  await page.click('.segmented label:has(input[value="white"])');
  await page.selectOption('select[name="clock"]', '300+3');
  await page.click('button[data-action="create"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.invite input').waitFor();
  const invite = await page.locator('.invite input').inputValue();
  return { id: page.url().split('/').pop(), code: invite.split('/').pop() };
}

// The opponent takes the seat and connects.
async function opponentJoins(page, { id, code }) {
  const joined = await api('POST', `/api/join/${code}`, { name: 'Bob' });
  const opponent = await connect(id, joined.token);
  await page.locator('.invite').waitFor({ state: 'hidden' });
  return opponent;
}

for (const size of SIZES) {
  test(`every state of the page at ${size.viewport.width}x${size.viewport.height}`, async () => {
    // The home page with rows in its lists: an open game (a seek) and a game in play.
    const seeker = new Client(`${server.url.replace('http', 'ws')}/ws/lobby`);
    await seeker.opened;
    seeker.send({ t: 'seek', variant: 'grand', color: 'random', clock: { initial_s: 12, increment_s: 0 }, name: 'Anonymous' });
    const inPlay = await api('POST', '/api/games', { variant: 'grand', color: 'white', clock: { initial_s: 600, increment_s: 5 } });
    await api('POST', `/api/join/${inPlay.invite.split('/').pop()}`);
    const page = await openPage(browser, `${server.url}/`, { viewport: size.viewport, context: size.context });
    await page.locator('.seek').first().waitFor();
    await page.locator(`.games-playing li[data-game="${inPlay.id}"]`).waitFor();
    await checkLayout(page, size, 'home', ['form[aria-label="New game"] button[data-action="create"]']);
    seeker.close();
    if (size.viewport.width < 900) {  // one column: the form as wide as the page's content
      const [form, content] = await page.evaluate(() => [document.querySelector('form[aria-label="New game"]'), document.querySelector('main')]
        .map(element => element.getBoundingClientRect().width - (element.tagName === 'MAIN' ? 20 : 0)));
      assert.ok(form >= content - 1, `the New game form is ${form} px wide in ${content} px`);
    }

    // An invitation from someone else: who, to what, and Join, all on the screen.
    const invited = await api('POST', '/api/games', { variant: 'capablanca', color: 'black', name: 'Ann', clock: { initial_s: 12, increment_s: 0 } });
    await page.goto(server.url + invited.invite);
    await page.locator('button[data-action="join"]').waitFor();
    await checkLayout(page, size, 'invitation', ['.invitation h1', '.invitation-terms', 'button[data-action="join"]', 'input[name="player-name"]']);

    const game = await createFromHome(page, 'chess');
    const waiting = await checkLayout(page, size, 'waiting', [...FIXED, '.invite']);
    const opponent = await opponentJoins(page, game);
    await assertNothingMoved(page, size, 'playing', waiting);

    // Both clocks run once each side has moved; the player's runs on their turn.
    await makeMove(page, 'e2e4');
    await opponent.next(m => m.t === 'move' && m.ply === 0);
    opponent.send({ t: 'move', move: 'e7e5', ply: 1 });
    await page.locator('.player.bottom .clock.running').waitFor();
    const playing = await checkLayout(page, size, 'your-move', FIXED);
    await page.locator('#connection.online').waitFor();
    await assertPillOnOneLine(page, size);

    opponent.send({ t: 'draw' });
    await page.locator('.offer[data-offer="draw"] button[data-action="accept-draw"]').waitFor();
    await assertNothingMoved(page, size, 'draw-offer', playing);
    await checkLayout(page, size, 'draw-offer', ['.offer[data-offer="draw"]']);
    await assertHidesNothing(page, size, 'draw-offer', '.offers');
    await page.click('button[data-action="decline-draw"]');
    await page.locator('.offers').waitFor({ state: 'hidden' }).catch(() => {});

    await makeMove(page, 'g1f3');
    await waitForMoves(page, 3);
    opponent.send({ t: 'move', move: 'b8c6', ply: 3 });
    await waitForMoves(page, 4);
    opponent.send({ t: 'takeback' });
    await page.locator('button[data-action="accept-takeback"]').waitFor();
    await assertNothingMoved(page, size, 'takeback-request', playing);
    await checkLayout(page, size, 'takeback-request', ['.offer[data-offer="takeback"]']);
    await assertHidesNothing(page, size, 'takeback-request', '.offers');
    await page.click('button[data-action="decline-takeback"]');

    await makeMove(page, 'f1c4');
    await waitForMoves(page, 5);
    await makeMove(page, 'd2d3');  // the opponent's turn: a premove
    await page.locator('.panel.premove').waitFor();
    await assertNothingMoved(page, size, 'premove', playing);
    await checkLayout(page, size, 'premove', ['.panel.premove']);
    await assertHidesNothing(page, size, 'premove', '.panel.premove');
    await page.click('button[data-action="cancel-premove"]');
    await page.locator('.panel.premove').waitFor({ state: 'hidden' });

    // The opponent leaves: after the server's wait the player may claim the game.
    opponent.close();
    await page.locator('.claim.ready').waitFor();
    await assertNothingMoved(page, size, 'claim', playing);
    await checkLayout(page, size, 'claim', ['.claim', 'button[data-action="claim-victory"]']);
    await assertHidesNothing(page, size, 'claim', '.claim');
    await page.click('button[data-action="claim-victory"]');
    await waitForStatus(page, /1-0/);
    // Over: the "Live" pill goes, nothing moves; the result in view without scrolling (under the
    // board on a phone, in the side panel beside it otherwise) and on the players' bars.
    await page.locator('#connection').waitFor({ state: 'hidden' });
    await assertNothingMoved(page, size, 'finished', playing);
    const result = size.viewport.width < 900 ? '.game-result' : '.status.result';
    await checkLayout(page, size, 'finished', [result]);
    assert.match(await page.locator(result).innerText(), /1-0[^]*White wins/);
    if (result === '.game-result') await assertHidesNothing(page, size, 'finished', result);
    assert.equal(await page.locator('.player.bottom .result-score').innerText(), '1');
    assert.equal(await page.locator('.player.top .result-score').innerText(), '0');
    assertNoErrors(page);
  });

  test(`Kriegspiel at ${size.viewport.width}x${size.viewport.height}`, async () => {
    const page = await openPage(browser, `${server.url}/`, { viewport: size.viewport, context: size.context });
    const game = await createFromHome(page, 'kriegspiel');
    await checkLayout(page, size, 'kriegspiel-waiting', [...FIXED, '.invite']);
    const opponent = await opponentJoins(page, game);
    await makeMove(page, 'e2e4');
    await opponent.next(m => m.t === 'umpire' && m.say === 'moved');
    opponent.send({ t: 'move', move: 'd7d5', ply: 1 });
    await page.locator('.player.bottom .clock.running').waitFor();
    await makeMove(page, 'e4d5');
    await page.waitForFunction(() => document.querySelectorAll('.announcements li').length >= 4);
    await checkLayout(page, size, 'kriegspiel', [...FIXED, '.kriegspiel-bar']);
    // The umpire's log: one line under another, the player's own as the opponent's.
    const steps = await page.locator('.announcements li').evaluateAll(lines =>
      lines.slice(1).map((line, i) => line.getBoundingClientRect().top - lines[i].getBoundingClientRect().bottom));
    assert.ok(steps.every(step => Math.abs(step - steps[0]) < 1), `the log's lines are evenly spaced: ${steps}`);
    assertNoErrors(page);
  });

  test(`Fog of War on the ring at ${size.viewport.width}x${size.viewport.height}`, async () => {
    const page = await openPage(browser, `${server.url}/`, { viewport: size.viewport, context: size.context });
    const game = await createFromHome(page, 'fog-circular');
    const opponent = await opponentJoins(page, game);
    await makeMove(page, 'a2a3');
    await opponent.next(m => m.t === 'move' && m.ply === 0);
    await page.locator('.board-host [data-fog]').first().waitFor();
    await checkLayout(page, size, 'fog', FIXED);
    const spectator = await openPage(browser, page.url(), { viewport: size.viewport, context: size.context });
    await spectator.locator('.hidden-board-note').waitFor();
    await spectator.locator('.hidden-board-note').scrollIntoViewIfNeeded();
    await checkLayout(spectator, size, 'fog-spectator', ['.hidden-board-note']);
    // Over: the choice of whose view to replay, whole on the screen.
    opponent.send({ t: 'resign' });
    await waitForStatus(page, /1-0/);
    await page.locator('fieldset.perspective:not([hidden])').waitFor();
    await page.locator('fieldset.perspective').scrollIntoViewIfNeeded();
    await checkLayout(page, size, 'fog-replay', ['fieldset.perspective']);
    for (const viewer of [page, spectator]) assertNoErrors(viewer);
    await spectator.context().close();
  });
}
