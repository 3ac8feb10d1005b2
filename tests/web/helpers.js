// Shared by the browser tests: a real `arbiter serve` (tests/support/server.js), headless Debian
// Chromium through playwright-core, and page helpers that act as a person would (clicking
// squares, dragging men) and wait for conditions, never for time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { ArbiterServer } from '../support/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIR = process.env.ARBITER_WEB_DIR ?? path.resolve(here, '../../web');
export const SCREENSHOT_DIR = process.env.WEB_SCREENSHOT_DIR ?? path.resolve(here, '../output/web-screenshots');

// The server (tests/support/server.js) serving the page from web, with the variants it
// serves, and pause()/resume(): SIGSTOP and SIGCONT, so that connections stay open and nothing
// is answered in between. `args`: more `serve` options (e.g. ['--first-move-limit', '2']).
export async function startServer(args = []) {
  const server = await ArbiterServer.start({ web: WEB_DIR, args });
  server.variants = (await (await fetch(`${server.url}/api/variants`)).json()).variants;
  server.pause = () => server.child.kill('SIGSTOP');
  server.resume = () => server.child.kill('SIGCONT');
  return server;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

// A page whose console errors and uncaught exceptions are collected, to assert there are none.
// `record`: also keep everything the page receives from the server (WebSocket frames and /api/
// bodies), read with `received(page)`. `context`: more options for the browser context (hasTouch,
// permissions); `init`: a script run in the page before its own (to observe browser APIs).
export async function openPage(browser, url, { viewport = { width: 1280, height: 860 }, record = false, context: options = {}, init = null } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.errors = [];
  page.on('console', message => { if (message.type() === 'error') page.errors.push(message.text()); });
  page.on('pageerror', error => page.errors.push(error.message));
  page.requestedUrls = [];  // every URL the page asked for, WebSocket ones included
  page.on('request', request => page.requestedUrls.push(request.url()));
  page.on('websocket', socket => page.requestedUrls.push(socket.url()));
  if (record) {
    page.receivedFrames = [];
    page.receivedBodies = [];
    page.on('websocket', socket => socket.on('framereceived', ({ payload }) => page.receivedFrames.push(String(payload))));
    page.on('response', response => {
      if (new URL(response.url()).pathname.startsWith('/api/')) page.receivedBodies.push(response.text().catch(() => ''));
    });
  }
  await page.goto(url);
  return page;
}

// What a recording page has received so far: every WebSocket frame and /api/ body, as text.
export async function received(page) {
  return [...page.receivedFrames, ...await Promise.all(page.receivedBodies)];
}

// `expected`: patterns of errors the test provokes on purpose (Chromium logs every 4xx answer).
export function assertNoErrors(page, expected = []) {
  const unexpected = page.errors.filter(text => !expected.some(pattern => pattern.test(text)));
  assert.deepEqual(unexpected, [], 'the page logged errors');
}

export async function screenshot(page, name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

// Client coordinates of a square's middle (works for rectangles and ring sectors alike: the
// middle of the sector's points, found with the SVG's own hit test).
export async function squarePoint(page, square) {
  return page.evaluate(name => {
    const shape = document.querySelector(`.board-host .square[data-square="${name}"]`);
    const box = shape.getBBox();
    const svg = shape.ownerSVGElement;
    let sx = 0, sy = 0, n = 0;
    for (let i = 1; i < 12; i++) {
      for (let j = 1; j < 12; j++) {
        const point = svg.createSVGPoint();
        point.x = box.x + (box.width * i) / 12;
        point.y = box.y + (box.height * j) / 12;
        if (shape.isPointInFill(point)) { sx += point.x; sy += point.y; n++; }
      }
    }
    const centre = new DOMPoint(sx / n, sy / n).matrixTransform(shape.getScreenCTM());
    return { x: centre.x, y: centre.y };
  }, square);
}

// The point is read until two frames agree: the board may still be moving (a panel above it
// appears or goes as the opponent comes), and a click must land where a person would see the square.
export async function clickSquare(page, square) {
  let point = await squarePoint(page, square);
  for (let reading = 0; reading < 20; reading++) {
    await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const again = await squarePoint(page, square);
    if (again.x === point.x && again.y === point.y) break;
    point = again;
  }
  await page.mouse.click(point.x, point.y);
}

// Clicks the man on `from`, once more if the board shows no man selected (a moving layout sent
// the click elsewhere).
async function select(page, from) {
  const selected = page.locator('.board-host .mark.selected');
  await clickSquare(page, from);
  if (await selected.waitFor({ timeout: 2000 }).then(() => false, () => true)) await clickSquare(page, from);
}

// A move as a person makes it: click-click, or drag and drop.
export async function makeMove(page, uci, { drag = false } = {}) {
  const [, from, to] = /^([a-z]\d+)([a-z]\d+)/.exec(uci);
  await waitForDest(page, from);
  if (drag) {
    const a = await squarePoint(page, from), b = await squarePoint(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  } else {
    await select(page, from);
    await clickSquare(page, to);
  }
}

// Waits until the board lets the viewer move the man on `square` (it is their turn).
export async function waitForDest(page, square) {
  await page.locator(`.board-host .square.movable[data-square="${square}"]`).waitFor();
}

export async function waitForMoves(page, count) {
  await page.waitForFunction(n => document.querySelectorAll('.move-list [data-ply], .move-list .hidden-move').length >= n, count);
}

export async function waitForStatus(page, pattern) {
  await page.waitForFunction(source => new RegExp(source).test(document.querySelector('.status')?.textContent ?? ''), pattern.source);
}

// The invitation link shown to the creator of a game.
export async function readInvite(page) {
  await page.locator('.invite input').waitFor();
  return page.locator('.invite input').inputValue();
}

// Opens an invitation and joins as a person does, with its Join button: the invited player's page,
// on the game. `options`: openPage's.
export async function acceptInvite(browser, invite, options = {}) {
  const page = await openPage(browser, invite, options);
  await page.click('button[data-action="join"]');
  await page.waitForURL(/\/game\//);
  return page;
}

// A chess game created from the home page with White for its creator: the creator's page and
// the invitation link. `options`: openPage's, for the creator's page.
export async function createAsWhite(browser, server, { clock = 'untimed', options = {} } = {}) {
  const white = await openPage(browser, `${server.url}/`, options);
  await white.click('.variant-card[data-variant="chess"]');
  await white.click('.segmented label:has(input[value="white"])');
  await white.selectOption('select[name="clock"]', clock);
  await white.click('button[data-action="create"]');
  await white.waitForURL(/\/game\//);
  return { white, invite: await readInvite(white) };
}

// The legend shows each kind as the server describes it: drawing, name, words and small board.
export async function assertLegend(page, variant) {
  const dialog = page.locator('dialog.legend');
  await dialog.waitFor();
  assert.equal(await dialog.locator('.legend-kind').count(), variant.pieces.length);
  for (const kind of variant.pieces) {
    const entry = dialog.locator(`.legend-kind[data-kind="${kind.id}"]`);
    assert.equal(await entry.locator('.legend-icon [data-drawing]').getAttribute('data-drawing'), kind.drawing);
    assert.match(await entry.locator('strong').textContent(), new RegExp(`^${kind.name.replace(/[()]/g, '\\$&')}$`, 'i'));
    assert.equal(await entry.locator('p').textContent(), kind.text);
    const marked = how => entry.locator(`.legend-diagram .diagram-${how}`).evaluateAll(marks => marks.map(m => m.dataset.square).sort());
    const moves = new Set(kind.diagram.moves_to), captures = new Set(kind.diagram.captures_to);
    assert.deepEqual(await marked('both'), kind.diagram.moves_to.filter(s => captures.has(s)).sort(), `${kind.name}: moves and captures`);
    assert.deepEqual(await marked('move'), kind.diagram.moves_to.filter(s => !captures.has(s)).sort(), `${kind.name}: moves only`);
    assert.deepEqual(await marked('capture'), kind.diagram.captures_to.filter(s => !moves.has(s)).sort(), `${kind.name}: captures only`);
  }
}

// What the screen reader's live region has read out, line by line.
export const said = page => page.locator('.screen-reader-log p').allTextContents();

// Waits until the live region reads `text`: a line's whole text, or a RegExp.
export async function waitForSaid(page, text) {
  const pattern = text instanceof RegExp ? text.source : `^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  await page.waitForFunction(source => [...document.querySelectorAll('.screen-reader-log p')].some(p => new RegExp(source).test(p.textContent)), pattern)
    .catch(async error => assert.fail(`${error.message}\nwaiting for: ${text}\nread out: ${JSON.stringify(await said(page), null, 1)}`));
}
