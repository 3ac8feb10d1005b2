// Every man is drawn and named by its kind as the server describes it (/api/variants): each
// variant's start position checked square by square against the variant's setup and kinds (an
// archbishop drawing on c1 in Capablanca), the ring pawns' arrows, the legend from the home card
// and from the game page, and a man named on hover or long press.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { assertLegend, assertNoErrors, launchBrowser, makeMove, openPage, screenshot, squarePoint, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const colorOf = letter => (letter === letter.toUpperCase() ? 'white' : 'black');
const variantNamed = name => server.variants.find(v => v.name === name);
const kindOf = (variant, letter) => variant.pieces.find(kind => kind.letter === letter.toUpperCase());

// The men of a FEN's placement as square -> letter (ranks from the top, digits run together).
function setup(variant) {
  const men = new Map();
  const rows = variant.start_fen.split(' ')[0].split('/');
  rows.forEach((row, index) => {
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g)) {
      if (/\d/.test(token)) file += Number(token);
      else men.set('abcdefghijklmnopqrstuvwxyz'[file++] + (variant.board.ranks - index), token);
    }
  });
  return men;
}

// The men the board draws: square -> {letter, drawing, href}.
const menDrawn = page => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.board-host .piece')]
  .map(piece => [piece.dataset.square, { letter: piece.dataset.piece, drawing: piece.dataset.drawing, href: piece.querySelector('use').getAttribute('href') }])));

// Opens a new game of `variant` at its start as White: both seats on one page, or (a hidden
// variant) the creator's seat, who sees only White's men.
async function openStart(variant) {
  const page = await openPage(browser, `${server.url}/`);
  await page.click(`.variant-card[data-variant="${variant.name}"]`);
  if (variant.board_hidden) {
    await page.click('.segmented label:has(input[value="white"])');
    await page.click('button[data-action="create"]');
  } else {
    await page.click('button[data-action="local"]');
  }
  await page.waitForURL(/\/game\//);
  await page.locator('.board-host .piece').first().waitFor();
  return page;
}

test('every variant\'s start position: each man where the setup has it, drawn as its kind', async () => {
  assert.ok(server.variants.length >= 7);
  for (const variant of server.variants) {
    const page = await openStart(variant);
    const expected = [...setup(variant)].filter(([, letter]) => !variant.board_hidden || colorOf(letter) === 'white');
    const drawn = await menDrawn(page);
    assert.deepEqual(Object.keys(drawn).sort(), expected.map(([square]) => square).sort(), `${variant.name}: the men's squares`);
    for (const [square, letter] of expected) {
      const kind = kindOf(variant, letter);
      assert.ok(kind?.drawing, `${variant.name}: ${letter} has a kind with a drawing`);
      assert.deepEqual(drawn[square], { letter, drawing: kind.drawing, href: `#piece-${kind.drawing}-${colorOf(letter)}` },
        `${variant.name}: the man on ${square}`);
    }
    await screenshot(page, `start-${variant.name}`);
    assertNoErrors(page);
    await page.context().close();
  }
});

test('Capablanca: the archbishop is drawn as an archbishop, not a bishop', async () => {
  const capablanca = variantNamed('capablanca');
  const page = await openStart(capablanca);
  const drawn = await menDrawn(page);
  assert.equal(drawn.c1.drawing, 'archbishop');
  assert.equal(drawn.d1.drawing, 'bishop');
  assert.equal(drawn.c8.drawing, 'archbishop');
  // The two drawings differ.
  const symbols = await page.evaluate(() => ['archbishop', 'bishop'].map(d => document.getElementById(`piece-${d}-white`).innerHTML));
  assert.notEqual(symbols[0], symbols[1]);
  assertNoErrors(page);
});

test('Capablanca: the promotion chooser names each kind once, and an archbishop is played as one', async () => {
  const page = await openStart(variantNamed('capablanca'));
  const moves = ['b2b4', 'j7j6', 'b4b5', 'j6j5', 'b5b6', 'i7i6', 'b6c7', 'i6i5'];
  for (const [index, move] of moves.entries()) {
    await makeMove(page, move);
    await waitForMoves(page, index + 1);
  }
  await makeMove(page, 'c7b8');
  const chooser = page.locator('.chooser');
  await chooser.waitFor();
  const labels = await chooser.locator('button').evaluateAll(buttons => buttons.map(b => b.getAttribute('aria-label')));
  assert.deepEqual([...labels].sort(), ['Archbishop', 'Bishop', 'Chancellor', 'Knight', 'Queen', 'Rook']);
  const drawings = await chooser.locator('button use').evaluateAll(uses => uses.map(u => u.getAttribute('href')));
  assert.equal(new Set(drawings).size, 6, 'six different drawings');
  await chooser.locator('button[aria-label="Archbishop"]').click();
  await waitForMoves(page, 9);
  assert.equal(await page.locator('.move-list button[data-ply="8"]').textContent(), 'cxb8=A');
  assert.equal(await page.locator('.piece[data-square="b8"]').getAttribute('data-drawing'), 'archbishop');
  assertNoErrors(page);
});

test('Byzantine: the counsellor has its own drawing, and each ring pawn an arrow the way it goes', async () => {
  const byzantine = variantNamed('byzantine');
  const page = await openStart(byzantine);
  const drawn = await menDrawn(page);
  assert.equal(drawn.a16.drawing, 'counsellor');
  const pawnDrawings = await page.evaluate(() => ['counsellor', 'pawn-up'].map(d => document.getElementById(`piece-${d}-white`)?.innerHTML));
  assert.notEqual(pawnDrawings[0], pawnDrawings[1], 'the counsellor is not drawn as a pawn');
  // Every pawn's arrow points to the next cell on its way: nearer it than the cell behind.
  const pawns = Object.entries(drawn).filter(([, man]) => man.drawing.startsWith('pawn-'));
  assert.equal(pawns.length, 16);
  for (const [square, man] of pawns) {
    const ring = square[0], cell = Number(square.slice(1));
    const step = kindOf(byzantine, man.letter).direction === 'up' ? 1 : -1;
    const cellAt = n => `${ring}${((n - 1 + 16) % 16) + 1}`;
    const arrow = await page.evaluate(name => {
      const box = document.querySelector(`.piece[data-square="${name}"] .travel-arrow`).getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }, square);
    const ahead = await squarePoint(page, cellAt(cell + step)), behind = await squarePoint(page, cellAt(cell - step));
    const distance = point => Math.hypot(point.x - arrow.x, point.y - arrow.y);
    assert.ok(distance(ahead) < distance(behind), `the arrow of ${man.letter} on ${square} points to ${cellAt(cell + step)}`);
  }
  assertNoErrors(page);
});

test('the legend: from a home card and from the game page, every kind with its moves', async () => {
  const page = await openPage(browser, `${server.url}/`);
  const capablanca = variantNamed('capablanca');
  await page.click('.variant-card[data-variant="capablanca"] button[data-action="legend"]');
  await assertLegend(page, capablanca);
  const archbishop = page.locator('.legend-kind[data-kind="archbishop"]');
  assert.match(await archbishop.locator('p').textContent(), /knight/);
  await screenshot(page, 'legend-capablanca');
  await page.click('button[data-action="close-legend"]');
  await page.locator('dialog.legend').waitFor({ state: 'detached' });

  const centennial = variantNamed('centennial');
  await page.click('.variant-card[data-variant="centennial"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  await page.click('.game-header button[data-action="legend"]');
  await assertLegend(page, centennial);
  assert.match(await page.locator('dialog.legend .legend-note').allTextContents().then(t => t.join(' ')), /turn a spearman where it stands/);
  await page.keyboard.press('Escape');
  await page.locator('dialog.legend').waitFor({ state: 'detached' });
  assertNoErrors(page);
});

test('a man is named when the mouse rests on it, and on a long press', async () => {
  const page = await openStart(variantNamed('capablanca'));
  const c1 = await squarePoint(page, 'c1');
  await page.mouse.move(c1.x, c1.y);
  await page.locator('.piece-tip:has-text("White archbishop")').waitFor();
  const tip = await page.locator('.piece-tip').boundingBox();
  assert.ok(tip.y + tip.height <= c1.y, 'the name shows above the man, not under the finger');

  const phone = await openPage(browser, page.url(), { viewport: { width: 390, height: 844 }, context: { hasTouch: true, isMobile: true } });
  await phone.locator('.board-host .piece').first().waitFor();
  const g8 = await squarePoint(phone, 'g8');
  const touch = await phone.context().newCDPSession(phone);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: g8.x, y: g8.y }] });
  await phone.locator('.piece-tip:has-text("Black bishop")').waitFor();
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await screenshot(phone, 'piece-name-phone');
  for (const p of [page, phone]) assertNoErrors(p);
});

// The outline is what shows on a small board: the compounds' must differ from the knight's at
// least as much as the rook's does (the share of their filled pixels in common at 24 px).
test('small, the archbishop and the chancellor are told from the knight by their outline', async () => {
  const page = await openPage(browser, `${server.url}/`);
  const overlaps = await page.evaluate(async () => {
    const { pieceMarkup } = await import('/js/pieces.js');
    const SIZE = 24;
    const outline = async drawing => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" width="${SIZE}" height="${SIZE}">${pieceMarkup(drawing, 'white')}</svg>`;
      const image = new Image();
      image.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: SIZE, height: SIZE });
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, SIZE, SIZE).data].filter((_, i) => i % 4 === 3).map(alpha => alpha > 128);
    };
    const knight = await outline('knight');
    const overlap = async drawing => {
      const other = await outline(drawing);
      return knight.filter((filled, i) => filled && other[i]).length / knight.filter((filled, i) => filled || other[i]).length;
    };
    return { rook: await overlap('rook'), archbishop: await overlap('archbishop'), chancellor: await overlap('chancellor') };
  });
  for (const compound of ['archbishop', 'chancellor']) {
    assert.ok(overlaps[compound] <= overlaps.rook, `${compound}: ${overlaps[compound].toFixed(2)} of its outline is the knight's (the rook: ${overlaps.rook.toFixed(2)})`);
  }
  assertNoErrors(page);
});

test('Shako\'s cannon in the legend: said to capture by jumping exactly one man, shown with the men it jumps', async () => {
  const fairy = await startServer(['--variants', fileURLToPath(new URL('../rules/variants/fairy.toml', import.meta.url))]);
  try {
    const page = await openPage(browser, `${fairy.url}/`);
    await page.click('.variant-card[data-variant="shako"] button[data-action="legend"]');
    const shako = fairy.variants.find(v => v.name === 'shako');
    await assertLegend(page, shako);
    const cannon = page.locator('.legend-kind[data-kind="cannon"]');
    assert.match(await cannon.locator('p').textContent(), /^Moves without capturing any distance orthogonally\. Captures by jumping exactly one man/);
    const marked = selector => cannon.locator(`.legend-diagram ${selector}`).evaluateAll(marks => marks.map(m => m.dataset.square).sort());
    // A man to jump in front of it and to its right; it captures only beyond those, and moves up
    // to them, or freely the other ways.
    assert.deepEqual(await marked('.diagram-screen'), ['d5', 'e4']);
    assert.deepEqual(await marked('.diagram-capture'), ['d6', 'd7', 'f4', 'g4']);
    assert.deepEqual(await marked('.diagram-both'), []);
    assert.deepEqual(await marked('.diagram-move'), ['a4', 'b4', 'c4', 'd1', 'd2', 'd3']);
    assert.match(await page.locator('dialog.legend').textContent(), /A black disc: a man, of either side, that the man in the middle jumps over\./);
    await cannon.scrollIntoViewIfNeeded();
    await screenshot(page, 'legend-shako');
    assertNoErrors(page);
    await page.context().close();
  } finally {
    await fairy.stop();
  }
});
