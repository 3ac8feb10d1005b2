// An operator's variants file served (`arbiter serve --variants`, tests/variants/operator.toml):
// its new piece has no drawing of its own, so the page draws its letter on a disc, legible in
// both colours, on a rectangle and on the ring; the legend shows its moves on the small board as
// the server describes them; a pawn promotes to it through the chooser, and the game is mated.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { assertLegend, assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves,
  waitForStatus } from './helpers.js';

const OPERATOR_FILE = fileURLToPath(new URL('../variants/operator.toml', import.meta.url));

let server, browser;
before(async () => { server = await startServer(['--variants', OPERATOR_FILE]); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const variantNamed = name => server.variants.find(v => v.name === name);

// A game of `name` with both seats on one page, at its start.
async function openLocal(name) {
  const page = await openPage(browser, `${server.url}/`);
  await page.click(`.variant-card[data-variant="${name}"]`);
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.locator('.board-host .piece').first().waitFor();
  return page;
}

async function assertGlyph(page, square, letter) {
  const color = letter === letter.toUpperCase() ? 'white' : 'black';
  const piece = page.locator(`.board-host .piece[data-square="${square}"]`);
  assert.equal(await piece.getAttribute('data-piece'), letter, square);
  assert.equal(await piece.getAttribute('data-drawing'), 'glyph-W', square);
  assert.equal(await piece.locator('use').getAttribute('href'), `#piece-glyph-W-${color}`, square);
}

// WCAG's contrast ratio of two #rrggbb colours.
function contrast(a, b) {
  const luminance = hex => {
    const [r, g, b] = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map(c => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('the new piece is drawn as its letter on a disc, legible in both colours', async () => {
  const wizard = variantNamed('wizard-chess').pieces.find(kind => kind.letter === 'W');
  assert.equal(wizard.drawing, 'glyph-W');
  const page = await openLocal('wizard-chess');
  await assertGlyph(page, 'g1', 'W');
  await assertGlyph(page, 'g8', 'w');
  assert.equal(await page.locator('.board-host .piece[data-square="b1"]').getAttribute('data-drawing'), 'knight');
  const glyphs = await page.evaluate(() => ['white', 'black'].map(color => {
    const symbol = document.getElementById(`piece-glyph-W-${color}`);
    const text = symbol.querySelector('text');
    return { letter: text.textContent, ink: text.getAttribute('fill'), disc: symbol.querySelector('g[fill]').getAttribute('fill') };
  }));
  for (const [index, glyph] of glyphs.entries()) {
    assert.equal(glyph.letter, 'W');
    assert.ok(contrast(glyph.ink, glyph.disc) >= 7, `${['white', 'black'][index]}: the letter stands out from its disc (${glyph.ink} on ${glyph.disc})`);
  }
  assert.notEqual(glyphs[0].disc, glyphs[1].disc, 'the colours differ');
  await screenshot(page, 'operator-glyph');
  assertNoErrors(page);
});

test('the legend shows the new piece\'s letter, words and moves on the small board', async () => {
  const page = await openPage(browser, `${server.url}/`);
  const variant = variantNamed('wizard-chess');
  await page.click('.variant-card[data-variant="wizard-chess"] button[data-action="legend"]');
  await assertLegend(page, variant);
  const entry = page.locator('.legend-kind[data-kind="wizard"]');
  assert.equal(await entry.locator('.legend-icon text').textContent(), 'W');
  // The letter sits inside its disc on the legend's icon, drawn large.
  const inside = await entry.locator('.legend-icon').evaluate(icon => {
    const letter = icon.querySelector('text').getBoundingClientRect(), disc = icon.querySelector('path').getBoundingClientRect();
    return letter.width > 0 && letter.left >= disc.left && letter.right <= disc.right && letter.top >= disc.top && letter.bottom <= disc.bottom;
  });
  assert.ok(inside);
  assert.equal(await entry.locator('.legend-diagram .diagram-both').count(), 12, 'four ferz steps and eight camel leaps');
  await screenshot(page, 'operator-legend');
  assertNoErrors(page);
});

test('a pawn promotes to the new piece through the chooser, which then guards the mate', async () => {
  const page = await openLocal('wizard-chess');
  const moves = ['h2h4', 'g7g5', 'h4g5', 'h7h6', 'g5h6', 'a7a6', 'h6h7', 'a6a5'];
  for (const [index, move] of moves.entries()) {
    await makeMove(page, move);
    await waitForMoves(page, index + 1);
  }
  await makeMove(page, 'h7g8');
  const chooser = page.locator('.chooser');
  await chooser.waitFor();
  const labels = await chooser.locator('button').evaluateAll(buttons => buttons.map(b => b.getAttribute('aria-label')));
  assert.deepEqual([...labels].sort(), ['Bishop', 'Knight', 'Queen', 'Rook', 'Wizard']);
  assert.equal(await chooser.locator('button[aria-label="Wizard"] use').getAttribute('href'), '#piece-glyph-W-white');
  await screenshot(page, 'operator-promotion');
  await chooser.locator('button[aria-label="Wizard"]').click();
  await waitForMoves(page, 9);
  assert.equal(await page.locator('.move-list button[data-ply="8"]').textContent(), 'hxg8=W');
  await assertGlyph(page, 'g8', 'W');
  for (const [index, move] of ['b7b6', 'e2e3', 'b6b5', 'd1h5', 'a5a4', 'h5f7'].entries()) {
    await makeMove(page, move);
    await waitForMoves(page, 10 + index);
  }
  await waitForStatus(page, /1-0/);
  assert.equal(await page.locator('.move-list button[data-ply="14"]').textContent(), 'Qxf7#');
  assertNoErrors(page);
});

test('on the ring: the new piece drawn as its letter, and moved by its camel leap', async () => {
  const page = await openLocal('wizard-ring');
  assert.equal(await page.locator('.board-host .board-ring .square').count(), 64);
  await assertGlyph(page, 'c1', 'W');
  await assertGlyph(page, 'c16', 'W');
  await assertGlyph(page, 'c8', 'w');
  await assertGlyph(page, 'c9', 'w');
  await makeMove(page, 'c1d4');
  await waitForMoves(page, 1);
  await assertGlyph(page, 'd4', 'W');
  await screenshot(page, 'operator-ring');
  assertNoErrors(page);
});
