// Scratch: screenshots to look at (not a test).
import { launchBrowser, openPage, startServer, makeMove, waitForMoves } from './web/helpers.js';
const server = await startServer();
const browser = await launchBrowser();
const out = '/tmp/x/shots';
try {
  for (const [name, viewport] of [['desk', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await openPage(browser, `${server.url}/`, { viewport });
    await page.locator('.variant-card').first().waitFor();
    await page.screenshot({ path: `${out}/home-${name}.png` });
    await page.click('.variant-card[data-variant="capablanca"] button[data-action="legend"]');
    await page.locator('dialog.legend').waitFor();
    await page.screenshot({ path: `${out}/legend-${name}.png` });
    await page.keyboard.press('Escape');
    for (const variant of ['capablanca', 'circular', 'byzantine', 'centennial']) {
      await page.goto(`${server.url}/`);
      await page.click(`.variant-card[data-variant="${variant}"]`);
      await page.click('button[data-action="local"]');
      await page.waitForURL(/\/game\//);
      await page.locator('.piece').first().waitFor();
      await page.screenshot({ path: `${out}/${variant}-${name}.png` });
    }
    await page.click('button[data-action="legend"]');
    await page.locator('dialog.legend').waitFor();
    await page.screenshot({ path: `${out}/legend-centennial-${name}.png`, fullPage: true });
  }
} finally {
  await browser.close();
  await server.stop();
}
