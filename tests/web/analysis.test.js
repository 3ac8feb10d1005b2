// "Analyse" on a finished game's replay: the server analyses it, and the page draws what it sends:
// the evaluation graph, the marks in the move list, the best move and line at the position shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, screenshot, startServer, waitForMoves, waitForStatus } from './helpers.js';

let server, browser;
before(async () => { server = await startServer(['--analysis-movetime', '50']); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('Analyse on a finished game draws the graph, the marks and the line at each position', async () => {
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="local"]');
  await page.waitForURL(/\/game\//);
  const id = new URL(page.url()).pathname.split('/').pop();
  // Fool's mate: 2. g4?? walks into mate in one.
  const moves = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
  for (const [index, move] of moves.entries()) {
    assert.ok(await page.locator('section.analysis').isHidden(), 'no analysis while the game is played');
    await makeMove(page, move);
    await waitForMoves(page, index + 1);
  }
  await waitForStatus(page, /0-1/);
  const analyse = page.locator('section.analysis button', { hasText: 'Analyse' });
  await analyse.waitFor();
  await analyse.click();
  await page.locator('.analysis-graph polyline').waitFor();

  const analysis = await (await fetch(`${server.url}/api/games/${id}/analysis`)).json();
  assert.equal(analysis.status, 'done');
  const points = (await page.locator('.analysis-graph polyline').getAttribute('points')).trim().split(/\s+/);
  assert.equal(points.length, analysis.positions.length, 'a point for the start and each move');
  // The marks are the server's, after the moves it judged.
  const g4 = analysis.positions[3];
  assert.equal(g4.mark, '??');
  assert.equal(await page.locator('.move-list button[data-ply="2"] .move-mark').textContent(), '??');
  const marked = await page.locator('.move-list .move-mark').count();
  assert.equal(marked, analysis.positions.filter(p => p.mark).length);
  assert.equal(await page.locator('.analysis-graph circle.mark.blunder').count(), analysis.positions.filter(p => p.judgement === 'blunder').length);

  // At the final (mated) position, then at the position after 1. f3: the server's evaluation, best move and line.
  assert.equal(await page.locator('.analysis-eval').textContent(), 'Evaluation: Checkmate');
  await page.click('.move-list button[data-ply="0"]');
  const afterF3 = analysis.positions[1];
  await page.locator('.analysis-best-move', { hasText: afterF3.best }).waitFor();
  // The line starts with the best move, said once.
  assert.equal(afterF3.line[0], afterF3.best);
  assert.equal(await page.locator('.analysis-best').textContent(), `Best: ${afterF3.line.join(' ')}`);
  await page.click('.move-list button[data-ply="2"]');
  await page.locator('.analysis-judgement', { hasText: 'g4?? Blunder' }).waitFor();
  assert.match(await page.locator('.analysis-eval').textContent(), /^Evaluation: #-1$/);
  // A click on the graph goes to the position under it: its left edge is the start.
  const box = await page.locator('.analysis-graph').boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  await page.locator('.analysis-best-move', { hasText: analysis.positions[0].best }).waitFor();
  await screenshot(page, 'analysis');

  // A reload finds the analysis stored: drawn at once, no Analyse button.
  await page.reload();
  await page.locator('.analysis-graph polyline').waitFor();
  assert.ok(await analyse.isHidden());
  assertNoErrors(page);
});
