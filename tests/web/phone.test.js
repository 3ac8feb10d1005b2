// The page on a 390x844 phone: a Kriegspiel game where every announcement keeps the board and
// the latest announcement with "Are there any?" in view (only the log scrolls); the home page
// with its form first and the Create button always at hand; the ring's cells big enough to touch.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptInvite, assertNoErrors, launchBrowser, makeMove, openPage, readInvite, screenshot, squarePoint, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const PHONE = { width: 390, height: 844 };
const phone = url => openPage(browser, url, { viewport: PHONE, context: { hasTouch: true, isMobile: true } });

// Whether an element lies wholly inside the screen.
const inView = (page, selector) => page.locator(selector).evaluate(element => {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
});

async function waitForLog(page, pattern, count = 1) {
  await page.waitForFunction(([source, n]) => [...document.querySelectorAll('.announcements li')]
    .filter(li => new RegExp(source).test(li.textContent)).length >= n, [pattern.source, count]);
}

test('Kriegspiel on a phone: the board, the latest announcement and "Are there any?" stay in view', async () => {
  const white = await phone(`${server.url}/`);
  await white.click('.variant-card[data-variant="kriegspiel"]');
  await white.click('.segmented label:has(input[value="white"])');
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  const black = await acceptInvite(browser, await readInvite(white), { viewport: PHONE, context: { hasTouch: true, isMobile: true } });
  await black.waitForURL(/\/game\//);
  await black.locator('[data-piece]').first().waitFor();
  await white.locator('.invite').waitFor({ state: 'hidden' });

  // After each announcement: nothing scrolled the page, and the bar by the board says it.
  const stillInView = async (pattern, players = [[white, true], [black, true]]) => {
    for (const [page] of players) await waitForLog(page, pattern);
    for (const [page, canAsk] of players) {
      assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
      assert.ok(await inView(page, '.board-host'), 'the board is in view');
      assert.ok(await inView(page, '.kriegspiel-bar'), 'the latest announcement is in view');
      const lines = await page.locator('.announcements li').allTextContents();
      assert.ok((await page.locator('.latest-announcement').textContent()).includes(lines.at(-1)), 'the bar says the latest');
      if (canAsk) assert.ok(await inView(page, 'button[data-action="any"]'), '"Are there any?" is in view');
    }
  };
  const play = async (page, uci, pattern) => {
    await makeMove(page, uci);
    await stillInView(pattern);
  };
  await play(white, 'e2e4', /^White has moved/);
  await play(black, 'd7d5', /^Black has moved/);
  await makeMove(white, 'e4f5');
  await stillInView(/^White tries/);
  await white.tap('button[data-action="any"]');
  await stillInView(/Are there any\?/);
  await play(white, 'e4d5', /^Capture on d5/);
  await play(black, 'd8d5', /^Capture on d5/);
  for (const [index, [page, uci]] of [[white, 'b1c3'], [black, 'd5a5'], [white, 'g1f3'], [black, 'a5a2'], [white, 'a1a2']].entries()) {
    await makeMove(page, uci);
    await waitForLog(white, /has moved/, 5 + index);
    await stillInView(/has moved/);
  }
  assert.ok(await white.locator('.announcements').evaluate(list => list.scrollHeight > list.clientHeight), 'the log is longer than its box');
  assert.ok(await white.locator('.announcements').evaluate(list => list.scrollTop + list.clientHeight >= list.scrollHeight - 1), 'the log shows its end');
  await screenshot(white, 'kriegspiel-phone');
  for (const page of [white, black]) assertNoErrors(page);
});

test('the home page on a phone: the form first, Create at hand, descriptions readable', async () => {
  const page = await phone(`${server.url}/`);
  await page.locator('.variant-card').first().waitFor();
  const top = selector => page.locator(selector).evaluate(element => element.getBoundingClientRect().top);
  assert.ok(await top('form[aria-label="New game"]') < await top('.variant-grid'), 'the form comes before the variants');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing wider than the screen');
  for (const description of await page.locator('.variant-description').all()) {
    assert.ok(await description.isVisible());
    assert.ok(await description.evaluate(e => parseFloat(getComputedStyle(e).fontSize)) >= 13);
  }
  await screenshot(page, 'home-phone-form');
  // Nothing fixed over the page while it scrolls; a variant chosen far down the list brings the
  // form's buttons back, naming the variant.
  assert.equal(await page.locator('button[data-action="create"]').evaluate(b => getComputedStyle(b.parentElement).position), 'static');
  await page.locator('.variant-card[data-variant="byzantine"]').scrollIntoViewIfNeeded();
  await page.locator('.variant-card[data-variant="byzantine"] .variant-title').tap();
  await page.locator('.chosen-variant:text-is("Variant: Byzantine Chess (choose below)")').waitFor();
  await page.waitForFunction(() => document.querySelector('button[data-action="local"]').getBoundingClientRect().top >= 0);
  assert.ok(await inView(page, 'button[data-action="create"]'));
  assert.ok(await inView(page, 'button[data-action="local"]'));
  await screenshot(page, 'home-phone-scrolled');
  await page.tap('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.game-title:text-is("Byzantine Chess")').waitFor();
  assertNoErrors(page);
});

test('the ring on a phone: the inner cells are large enough to touch', async () => {
  const page = await phone(`${server.url}/`);
  await page.click('.variant-card[data-variant="circular"]');
  await page.tap('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.board-host .square.movable[data-square="a2"]').waitFor();
  const board = await page.locator('.board-host .board-svg').boundingBox();
  assert.ok(board.width >= PHONE.width - 2, `the ring is ${board.width}px wide`);
  // The innermost ring's depth and a cell's width along it, from the middles of neighbours.
  const distance = async (a, b) => { const p = await squarePoint(page, a), q = await squarePoint(page, b); return Math.hypot(p.x - q.x, p.y - q.y); };
  assert.ok(await distance('a2', 'b2') >= 29, 'the inner ring is at least 29px deep');
  assert.ok(await distance('a2', 'a3') >= 29, 'an inner cell is at least 29px wide');
  const a2 = await squarePoint(page, 'a2'), a4 = await squarePoint(page, 'a4');
  await page.touchscreen.tap(a2.x, a2.y);
  await page.locator('.dest[data-dest="a4"]').waitFor();
  await page.touchscreen.tap(a4.x, a4.y);
  await waitForMoves(page, 1);
  await page.locator('.piece[data-square="a4"][data-piece="P"]').waitFor();
  await screenshot(page, 'circular-phone');
  assertNoErrors(page);
});
