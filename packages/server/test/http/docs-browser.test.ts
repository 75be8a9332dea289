/**
 * The /docs page in Chromium, on a desktop and on a phone: the contents link to every endpoint,
 * each anchor lands on its section, each section shows its curl request and its response, and
 * on a 390 px wide screen nothing makes the page scroll sideways (long code scrolls in its box).
 * Screenshots: .tmp/screenshots/docs.png, docs-phone.png, docs-phone-endpoint.png.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS as SHOTS, browserTitle, startChromium } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Started while the file is collected: where Chromium does not start, the tests below are skipped
// and their title says why.
const chromium = await startChromium();
const browser: Browser | undefined = chromium.browser;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await s.close();
});

describe.skipIf(!browser)(browserTitle('/docs in a browser', chromium), () => {
  it('desktop: contents by family linking to every endpoint; an anchor takes you to its section, with its curl request and response', async () => {
    const page = await browser!.newPage({ viewport: { width: 1200, height: 900 } });
    try {
      expect((await page.goto(`${s.baseUrl}/docs`))?.status()).toBe(200);
      const operations = s.app.solarkit.openapi.operations().length;
      const links = await page.locator('nav.toc ul ul a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links).toHaveLength(operations);
      const sections = await page.locator('section.operation').evaluateAll((els) => els.map((el) => `#${el.id}`));
      expect(sections).toHaveLength(operations);
      expect([...links].sort()).toEqual([...sections].sort());
      const families = await page.locator('nav.toc > ul > li > a').allTextContents();
      expect(families).toEqual(
        expect.arrayContaining([
          'radiation',
          'rooftop',
          'tmy',
          'soiling',
          'resources',
          'measurements',
          'advanced_pv',
          'premium',
        ]),
      );
      // Follow one link as a reader does.
      await page.locator('nav.toc a[href="#getDataTmyRooftopPvPower"]').click();
      expect(new URL(page.url()).hash).toBe('#getDataTmyRooftopPvPower');
      const section = page.locator('section#getDataTmyRooftopPvPower');
      const top = (await section.boundingBox())!.y;
      expect(top).toBeGreaterThanOrEqual(-1);
      expect(top).toBeLessThan(50);
      expect(await section.locator('pre.request').innerText()).toMatch(
        /^curl -H "Authorization: Bearer \$SOLARKIT_KEY" '.*\/data\/tmy\/rooftop_pv_power\?latitude=-33\.856784&longitude=151\.215297&capacity=5&format=json'$/,
      );
      const response = JSON.parse(await section.locator('pre.response').innerText()) as {
        estimated_actuals: { pv_power_rooftop: number; period_end: string }[];
      };
      expect(response.estimated_actuals).toHaveLength(3);
      expect(response.estimated_actuals[0]!.period_end).toBe('2059-01-01T01:00:00+00:00');
      // Every section has both examples.
      expect(await page.locator('section.operation pre.request').count()).toBe(operations);
      expect(await page.locator('section.operation pre.response').count()).toBe(operations);
      await page.goto(`${s.baseUrl}/docs`);
      await page.screenshot({ path: join(SHOTS, 'docs.png') });
    } finally {
      await page.close();
    }
  });

  it('phone (390 px): no sideways scrolling of the page; code and tables scroll in their own boxes', async () => {
    const page = await browser!.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    try {
      await page.goto(`${s.baseUrl}/docs`);
      const widths = await page
        .locator('html')
        .evaluate((html) => ({ page: html.scrollWidth, view: html.ownerDocument.defaultView!.innerWidth }));
      expect(widths.view).toBe(390);
      expect(widths.page).toBeLessThanOrEqual(390);
      // Text is at a readable size (the viewport meta keeps the phone from zooming out).
      const fontSize = await page
        .locator('section.operation p')
        .first()
        .evaluate((p) => parseFloat(p.ownerDocument.defaultView!.getComputedStyle(p).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
      const pre = page.locator('section#postResourcesPvPowerSite pre.request');
      const box = (await pre.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(SHOTS, 'docs-phone.png') });
      await page.locator('section#postResourcesPvPowerSite').scrollIntoViewIfNeeded();
      await page
        .locator('section#postResourcesPvPowerSite')
        .screenshot({ path: join(SHOTS, 'docs-phone-endpoint.png') });
    } finally {
      await page.close();
    }
  });
});
