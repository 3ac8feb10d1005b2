// Screen reader mode: whole games played with the keyboard only (keyboard.type and press, no
// click), each player in their own browser context, with what a screen reader would read taken
// from the page's live region and its accessibility tree (Playwright's ARIA snapshot). The
// seats are taken through the HTTP API; everything after that is typed. Every step waits on
// what the page shows, never on time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage, said, screenshot, startServer, waitForSaid } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function api(method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status}`);
  return response.json();
}

// A game by invitation, both seats taken; each player's page in its own context holding its
// seat, opened in screen reader mode by the address.
async function seatedPages(variant, clock = null) {
  const created = await api('POST', '/api/games', { variant, color: 'white', ...(clock ? { clock } : {}) });
  const joined = await api('POST', `/api/join/${created.invite.split('/').pop()}`);
  const open = seat => openPage(browser, `${server.url}/game/${created.id}?screenreader=1`, {
    init: `localStorage.setItem(${JSON.stringify(`arbiter.seat.${created.id}`)}, ${JSON.stringify(JSON.stringify(seat))})`,
  });
  const white = await open({ color: created.color, token: created.token });
  const black = await open({ color: joined.color, token: joined.token });
  for (const page of [white, black]) await page.locator('#connection.online').waitFor();
  return { id: created.id, white, black };
}

// Waits until the move field offers `value` (it is the player's turn, the server's list arrived).
async function waitForOffer(page, value) {
  await page.waitForFunction(wanted => [...document.querySelectorAll('#screen-reader-moves option')].some(o => o.value === wanted), value);
}

// Typed into the focused move field and sent with Enter.
async function typeIn(page, text) {
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'screen-reader-move', 'the move field has the focus');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

// A move typed by `page` once its field offers `offer`, and what the listeners then hear: [page, text].
async function play(page, offer, typed, heard) {
  await waitForOffer(page, offer);
  await typeIn(page, typed);
  for (const [listener, text] of heard) await waitForSaid(listener, text);
}

// Presses Tab until the focused element is the button named `name` (fails after 60 presses),
// then Enter on it.
async function pressButton(page, name) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.matches('button') ? document.activeElement.textContent : null);
    if (focused === name) return page.keyboard.press('Enter');
  }
  assert.fail(`no button "${name}" reached with Tab`);
}

test('screen reader mode: fool\'s mate typed in SAN and coordinates, read out to both players, with errors, clocks and board', async () => {
  const { white, black } = await seatedPages('chess', { initial_s: 300, increment_s: 0 });
  for (const page of [white, black]) await waitForSaid(page, page === white ? 'Chess. Your move.' : 'Chess. White to move.');

  // What a screen reader finds: the labelled field with its completion, the buttons, the region.
  const panel = await white.locator('.screen-reader').ariaSnapshot();
  assert.match(panel, /region "Screen reader mode"/);
  assert.match(panel, /combobox "Your move \(SAN such as Nf3, or from and to squares such as g1f3\)"/);
  assert.match(panel, /button "Play"/);
  assert.match(panel, /button "Read clocks"/);
  assert.match(panel, /button "Read board"/);
  assert.match(panel, /log "Game announcements"/);
  assert.match(panel, /- paragraph: Chess\. Your move\./);
  // The page's other live regions are quiet in this mode: nothing is read twice.
  assert.equal(await white.locator('.status').getAttribute('aria-live'), 'off');

  // The clocks and the board on demand: a key from anywhere, and a word typed in the field.
  await white.keyboard.press('Alt+Shift+C');
  await waitForSaid(white, 'White 5 minutes, Black 5 minutes.');
  await typeIn(white, 'b');
  await waitForSaid(white, 'White: king e1; queen d1; rooks a1 and h1; bishops c1 and f1; knights b1 and g1; '
    + 'pawns a2, b2, c2, d2, e2, f2, g2 and h2. Black: king e8; queen d8; rooks a8 and h8; bishops c8 and f8; '
    + 'knights b8 and g8; pawns a7, b7, c7, d7, e7, f7, g7 and h7.');

  const both = text => [[white, text], [black, text]];
  await play(white, 'f3', 'f3', both('White: pawn f2 to f3 (f3).'));
  // Not White's turn: the server says so, and it is read out.
  await typeIn(white, 'a2a3');
  await waitForSaid(white, 'It is not your turn.');

  await play(black, 'e5', 'e7e5', both('Black: pawn e7 to e5 (e5).'));
  await play(white, 'g4', 'g2-g4', both('White: pawn g2 to g4 (g4).'));

  // An illegal move in coordinates goes to the server, which refuses it; SAN naming no offered
  // move is answered on the page. Either way the field keeps the focus and nothing is played.
  await waitForOffer(black, 'Qh4#');
  await typeIn(black, 'e5e3');
  await waitForSaid(black, 'That move is not legal.');
  // A move well written but not legal now is said to be so; text that is no move gets an
  // example of each form the field takes.
  await typeIn(black, 'Ke3');
  await waitForSaid(black, 'Ke3 is not a legal move now.');
  await typeIn(black, 'Nf5');
  await waitForSaid(black, 'Nf5 is not a legal move now.');
  await typeIn(black, 'queen');
  await waitForSaid(black, /^No move is written "queen"\. Type it in SAN, such as [^ ]+, or as from and to squares, such as [a-h][1-8][a-h][1-8]\.$/);
  await screenshot(black, 'screen-reader-chess');
  await typeIn(black, 'qh4');  // lower case, without the mate sign: the one move it can be
  for (const page of [white, black]) {
    await waitForSaid(page, 'Black: queen d8 to h4, checkmate (Qh4#).');
    await waitForSaid(page, 'Game over: Black wins by checkmate.');
  }
  await black.keyboard.press('Alt+Shift+C');
  await black.waitForFunction(() => /^White \d+ (minutes?|seconds?)( \d+ seconds?)?, Black \d+ (minutes?|seconds?)( \d+ seconds?)?\.$/
    .test(document.querySelector('.screen-reader-log p:last-child')?.textContent ?? ''));
  assert.deepEqual((await said(white)).filter(line => /^(White|Black):/.test(line) && !/king/.test(line)),
    ['White: pawn f2 to f3 (f3).', 'Black: pawn e7 to e5 (e5).', 'White: pawn g2 to g4 (g4).', 'Black: queen d8 to h4, checkmate (Qh4#).']);
  for (const page of [white, black]) assertNoErrors(page, [/409|400|Conflict|Bad Request/]);
});

test('screen reader mode in Kriegspiel: tries, "Are there any?" and a mate read out, and no square of the opponent\'s', async () => {
  const { id, white, black } = await seatedPages('kriegspiel');
  const spectator = await openPage(browser, `${server.url}/game/${id}?screenreader=1`);
  await waitForSaid(spectator, 'Kriegspiel. White to move.');
  assert.equal(await spectator.locator('#screen-reader-move').count() && await spectator.locator('#screen-reader-move').isVisible(), false,
    'a spectator has no move field');
  const panel = await white.locator('.screen-reader').ariaSnapshot();
  assert.match(panel, /combobox "Your try \(from and to squares, such as e2e4\)"/);
  assert.match(panel, /button "Try"/);
  assert.match(await white.locator('body').ariaSnapshot(), /button "Are there any\?"/);

  // SAN is not what the field takes here: the answer names squares, with one of the tries offered.
  await waitForOffer(white, 'f2f3');
  await typeIn(white, 'e4');
  await waitForSaid(white, /^"e4" is not a try: type its from and to squares, such as [a-h][1-8][a-h][1-8]\.$/);
  const example = (await said(white)).at(-1).match(/such as ([a-h1-8]+)\.$/)[1];
  assert.ok(await white.locator(`#screen-reader-moves option[value="${example}"]`).count(), `${example} is a try offered`);
  await play(white, 'f2f3', 'f2f3', [[white, 'White: pawn f2 to f3.'], [black, 'White has moved.']]);
  await play(black, 'e7e5', 'e7 e5', [[black, 'Black: pawn e7 to e5.'], [white, 'Black has moved.']]);

  // White asks (no pawn of White's can take), then tries a pawn capture on an empty square.
  await waitForOffer(white, 'f3e4');
  await typeIn(white, 'any');
  for (const page of [white, black]) await waitForSaid(page, 'White asks: Are there any? No.');
  await typeIn(white, 'f3xe4');
  await waitForSaid(white, 'White\'s try, pawn f3 to e4: No.');
  await waitForSaid(black, 'White\'s try: No.');
  await typeIn(white, 'g2g4');
  await waitForSaid(white, 'White: pawn g2 to g4.');
  await waitForSaid(black, 'White has moved.');

  // A try impossible on Black's own board: the server's refusal is read out.
  await waitForOffer(black, 'd8h4');
  await typeIn(black, 'd8d6');
  await waitForSaid(black, 'That try is impossible on your own board.');
  // The board read to Black: Black's own men only.
  await black.keyboard.press('Alt+Shift+B');
  await waitForSaid(black, 'Black: king e8; queen d8; rooks a8 and h8; bishops c8 and f8; knights b8 and g8; '
    + 'pawns a7, b7, c7, d7, e5, f7, g7 and h7.');
  await typeIn(black, 'd8h4');
  await waitForSaid(black, /^Black: queen d8 to h4\. Check on the (long|short) diagonal\.$/);
  await waitForSaid(white, /^Black has moved\. Check on the (long|short) diagonal\.$/);
  for (const page of [white, black, spectator]) await waitForSaid(page, 'Game over: Black wins by checkmate.');
  await screenshot(white, 'screen-reader-kriegspiel');

  // Nothing of the opponent's men or moves was read to either player.
  const whiteHeard = (await said(white)).join('\n'), blackHeard = (await said(black)).join('\n');
  for (const square of ['e7', 'e5', 'd8', 'h4', 'd6']) assert.ok(!whiteHeard.includes(square), `Black's ${square} read to White:\n${whiteHeard}`);
  for (const square of ['f2', 'f3', 'e4', 'g2', 'g4']) assert.ok(!blackHeard.includes(square), `White's ${square} read to Black:\n${blackHeard}`);
  assert.match(whiteHeard, /White's try, pawn f3 to e4: No\./);
  const spectatorHeard = (await said(spectator)).join('\n');
  for (const square of ['e7', 'e5', 'd8', 'h4', 'd6', 'f2', 'f3', 'e4', 'g2', 'g4']) {
    assert.ok(!spectatorHeard.includes(square), `${square} read to a spectator:\n${spectatorHeard}`);
  }
  assert.match(spectatorHeard, /White asks: Are there any\? No\.\nWhite's try: No\.\nWhite has moved\./);
  for (const page of [white, black, spectator]) assertNoErrors(page, [/400|Bad Request/]);
});

test('screen reader mode: the toggle on every page, and every control of a game reached and used by keyboard', async () => {
  // The toggle: reached by Tab from the top of the home page, switched with Enter, remembered.
  const home = await openPage(browser, `${server.url}/?screenreader=0`);
  assert.equal(await home.locator('.screen-reader-toggle').getAttribute('aria-pressed'), 'false');
  await pressButton(home, 'Screen reader mode');
  assert.equal(await home.locator('.screen-reader-toggle').getAttribute('aria-pressed'), 'true');
  await home.goto(`${server.url}/`);
  assert.equal(await home.locator('.screen-reader-toggle').getAttribute('aria-pressed'), 'true');
  assert.equal(await home.evaluate(() => localStorage.getItem('arbiter.screenReader')), '1');

  const { white, black } = await seatedPages('chess');
  // The players' controls are labelled buttons and fields, in the accessibility tree.
  await waitForSaid(black, 'Chess. White to move.');
  const side = await black.locator('aside.side').ariaSnapshot();
  for (const control of ['button "Abort"', 'button "Offer draw"', 'button "Resign"', 'textbox "Chat message"', 'button "Send"']) {
    assert.ok(side.includes(control), `${control} in:\n${side}`);
  }
  await play(white, 'e4', 'e4', []);
  await play(black, 'e5', 'e5', [[white, 'Black: pawn e7 to e5 (e5).']]);

  // White asks to take back; Black accepts; then Black offers a draw, White declines; Black resigns.
  await pressButton(white, 'Takeback');
  await waitForSaid(black, 'White asked to take back a move.');
  await pressButton(black, 'Accept');
  await waitForOffer(white, 'e4');
  await white.keyboard.press('Alt+Shift+M');  // back to the move field
  await play(white, 'd4', 'd4', [[black, 'White: pawn d2 to d4 (d4).']]);
  await pressButton(black, 'Offer draw');
  await waitForSaid(white, 'Black offered a draw.');
  await pressButton(white, 'Decline');
  await waitForSaid(black, 'White declined the draw offer.');
  await pressButton(black, 'Resign');
  await black.keyboard.press('Enter');  // "Really resign?"
  for (const page of [white, black]) await waitForSaid(page, 'Game over: White wins by resignation.');
  // The offers and the takeback were read out to both, each in their own words.
  assert.deepEqual((await said(white)).slice(3), ['You asked to take back a move.', '2 moves taken back; your move.',
    'White: pawn d2 to d4 (d4).', 'Black offered a draw.', 'You declined the draw offer.', 'Game over: White wins by resignation.']);
  assert.deepEqual((await said(black)).slice(3), ['White asked to take back a move.', '2 moves taken back; White to move.',
    'White: pawn d2 to d4 (d4).', 'You offered a draw.', 'White declined the draw offer.', 'Game over: White wins by resignation.']);
  for (const page of [white, black]) assertNoErrors(page);
});

// Presses Tab from where the focus is until `matches(focused element)` (at most `most` presses);
// returns how many it took, or fails.
async function tabUntil(page, matches, most) {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return presses;
  }
  return assert.fail(`not reached in ${most} presses of Tab`);
}

test('screen reader mode: skip links reach the home page\'s parts in a few presses, the board and the move list are named', async () => {
  // Finished games to Tab through: each is a link in the home page's list.
  for (let game = 0; game < 3; game++) {
    const { white, black } = await seatedPages('chess');
    await play(white, 'e4', 'e4', []);
    await play(black, 'e5', 'e5', [[white, 'Black: pawn e7 to e5 (e5).']]);
    await pressButton(black, 'Resign');
    await black.keyboard.press('Enter');
    await waitForSaid(white, 'Game over: White wins by resignation.');
    for (const page of [white, black]) await page.context().close();
  }
  const home = await openPage(browser, `${server.url}/?screenreader=1`);
  await home.locator('.games-finished a').first().waitFor();
  await home.focus('.screen-reader-toggle');
  const presses = await tabUntil(home, () => /^Play the computer/.test(document.activeElement?.textContent ?? ''), 80);
  assert.ok(presses <= 5, `"Play the computer" reached from the toggle in ${presses} presses of Tab`);
  await home.keyboard.press('Enter');
  assert.equal(await home.evaluate(() => document.activeElement.textContent), 'Play the computer…');
  await home.keyboard.press('Enter');
  assert.equal(await home.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Level');
  // The skip links are a landmark of their own, and one leads to the main content.
  assert.match(await home.locator('.site-header').ariaSnapshot(), /navigation "Skip to":[\s\S]*link "Finished games"[\s\S]*link "Main content"/);
  await home.focus('.screen-reader-toggle');
  await tabUntil(home, () => document.activeElement?.textContent === 'Main content', 10);
  await home.keyboard.press('Enter');
  assert.equal(await home.evaluate(() => document.activeElement.id), 'app');

  // The game page: the board named by its name alone (not its coordinates' letters); the move
  // list a region named "Moves", holding the moves.
  const { white, black } = await seatedPages('chess');
  await play(white, 'e4', 'e4', [[black, 'White: pawn e2 to e4 (e4).']]);
  assert.equal(await black.locator('.board-host').ariaSnapshot(), '- application "Chess board"');
  const moves = black.getByRole('region', { name: 'Moves' });
  assert.equal(await moves.count(), 1);
  assert.match(await moves.ariaSnapshot(), /button "e4"/);
  for (const page of [home, white, black]) assertNoErrors(page);
});
