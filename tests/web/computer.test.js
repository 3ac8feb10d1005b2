// "Play the computer" from the home page: the game starts at once, with no invitation, the
// computer named on its side of the board, and its replies coming by themselves.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, makeMove, openPage, startServer, waitForMoves } from './helpers.js';

let server, browser;
before(async () => { [server, browser] = await Promise.all([startServer(), launchBrowser()]); });
after(async () => { await browser?.close(); await server?.stop(); });

async function playComputer({ level, color, clock = 'untimed', record = false }) {
  const page = await openPage(browser, `${server.url}/`, { record });
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="open-computer"]');
  const form = page.locator('.computer-panel');
  await form.locator('select[name="level"]').selectOption(String(level));
  await form.locator(`.segmented label:has(input[value="${color}"])`).click();
  await form.locator('select[name="clock"]').selectOption(clock);
  await form.locator('button[data-action="play-computer"]').click();
  await page.waitForURL(/\/game\//);
  await page.locator('#connection.online').waitFor();
  return page;
}

test("the form names each level with the rating the server measured for it in the chosen variant", async () => {
  const catalog = await (await fetch(`${server.url}/api/variants`)).json();
  assert.equal(catalog.levels.length, 8);
  const variant = name => catalog.variants.find(v => v.name === name);
  assert.ok(variant('chess').levels && variant('capablanca').levels && !variant('grand').levels);
  const page = await openPage(browser, `${server.url}/`);
  await page.click('.variant-card[data-variant="chess"]');
  await page.click('button[data-action="open-computer"]');
  const options = page.locator('.computer-panel select[name="level"] option');
  // Each variant's labels, waited for whole (they change when the ratings arrive).
  const expectLabels = async labels => {
    await page.waitForFunction(expected => [...document.querySelectorAll('.computer-panel select[name="level"] option')]
      .map(option => option.textContent).join('|') === expected, labels.join('|')).catch(() => {});
    assert.deepEqual(await options.allTextContents(), labels);
  };
  await expectLabels(variant('chess').levels.map(({ level, rating }) => `Level ${level} (about ${rating})`));
  await page.click('.variant-card[data-variant="capablanca"]');
  await expectLabels(variant('capablanca').levels.map(({ level, rating }) => rating ? `Level ${level} (about ${rating})` : `Level ${level}`));
  await page.click('.variant-card[data-variant="grand"]');
  await expectLabels(catalog.levels.map(({ level, rating }) => `Level ${level} (about ${rating} in chess)`));
  assertNoErrors(page);
});

test('playing White against level 1: no invitation, the computer named, and it answers each move', async () => {
  const page = await playComputer({ level: 1, color: 'white', clock: '300+3' });
  assert.ok(await page.locator('.invite').isHidden(), 'nobody to invite');
  assert.equal(await page.locator('.player.top .player-name').textContent(), 'Arbiter level 1');
  assert.equal(await page.locator('.player.bottom .player-name').textContent(), 'White (you)');
  assert.ok(await page.locator('.player.top .presence').isHidden(), 'no presence, and so no claim, against the computer');
  await makeMove(page, 'e2e4');
  await waitForMoves(page, 2);
  await makeMove(page, 'd2d4');
  await waitForMoves(page, 4);
  assertNoErrors(page);
});

test('playing Black: the computer moves first', async () => {
  const page = await playComputer({ level: 3, color: 'black' });
  assert.equal(await page.locator('.player.top .player-name').textContent(), 'Arbiter level 3');
  await waitForMoves(page, 1);
  assert.match(await page.locator('.status').textContent(), /Your move/);
  assertNoErrors(page);
});

// The moves the server last offered this player, from what the page received (the page itself
// knows no rules either).
function offeredMoves(page) {
  for (let i = page.receivedFrames.length - 1; i >= 0; i--) {
    const message = JSON.parse(page.receivedFrames[i]);
    if (Array.isArray(message.legal)) return message.legal;
  }
  return [];
}

test('a whole game against level 5, played to its end by the rules through the page, and its PGN', async () => {
  const page = await playComputer({ level: 5, color: 'white', record: true });
  let seed = 7;
  const random = n => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const over = async () => await page.locator('.status.result').count() > 0;
  let plies = 0;
  while (!await over()) {
    assert.ok(plies < 400, 'a game against a random mover ends long before 400 plies');
    await page.waitForFunction(() => /Your move/.test(document.querySelector('.status')?.textContent ?? '') || document.querySelector('.status.result'));
    if (await over()) break;
    // A person who moves at random, never promoting unless nothing else is left.
    const legal = offeredMoves(page);
    const quiet = legal.filter(uci => uci.length === 4);
    const uci = (quiet.length ? quiet : legal)[random(quiet.length || legal.length)];
    await makeMove(page, uci);
    if (uci.length === 5) await page.locator(`.chooser button[data-move="${uci}"]`).click();
    plies += 2;
    await page.waitForFunction(n => document.querySelectorAll('.move-list [data-ply]').length >= n || document.querySelector('.status.result'), plies);
  }
  const status = await page.locator('.status').textContent();
  const pgn = await (await fetch(server.url + await page.locator('a[data-action="pgn"]').getAttribute('href'))).text();
  assert.match(pgn, /\[Black "Arbiter level 5"\]/);
  const result = /\[Result "([^"]+)"\]/.exec(pgn)[1];
  assert.notEqual(result, '*', 'the PGN has the game over');
  assert.ok(status.startsWith(result), `the page says ${status}, the PGN ${result}`);
  const sans = pgn.replace(/\[[^\]]*\]/g, '').replace(/\{[^}]*\}/g, '').split(/\s+/)
    .filter(token => token && !/^\d+\.+$/.test(token) && token !== result);
  assert.equal(await page.locator('.move-list [data-ply]').count(), sans.length, 'the page lists every move of the PGN');
  assertNoErrors(page);
});
