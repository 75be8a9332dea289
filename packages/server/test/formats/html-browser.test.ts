import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

// Debian's Chromium, installed by .ci/run; the test is skipped where it is absent.
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);

let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await startTestServer();
  key = (await s.createAccount('browser')).key;
});
afterAll(async () => { await s.close(); });

describe.skipIf(!hasChromium)('HTML response in a browser', () => {
  it('renders the chart and the table of a live radiation request', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const response = await page.goto(
        `${s.baseUrl}/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=24&output_parameters=ghi,dni,air_temp&api_key=${key}`,
      );
      expect(response?.status()).toBe(200);
      // The chart: an SVG with one drawn path per series, with a real size on the page.
      const chart = page.locator('svg.chart');
      await expect.poll(() => chart.count()).toBe(1);
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(100);
      const series = await page.locator('svg.chart path.series').evaluateAll((els) =>
        els.map((e) => ({ name: e.getAttribute('data-name'), length: (e as unknown as { getTotalLength(): number }).getTotalLength() })));
      expect(series.map((x) => x.name)).toEqual(['ghi', 'dni', 'air_temp']);
      for (const x of series) expect(x.length).toBeGreaterThan(0);
      // The table: a header row with the columns and 48 data rows, laid out visibly.
      const headers = await page.locator('table.data thead th').allInnerTexts();
      expect(headers.map((h) => h.split('\n')[0])).toEqual(['ghi', 'dni', 'air_temp', 'period_end', 'period']);
      expect(await page.locator('table.data tbody tr').count()).toBe(48);
      const tableBox = await page.locator('table.data').boundingBox();
      expect(tableBox!.height).toBeGreaterThan(48 * 10);
      // The request is echoed, without the key.
      const echo = await page.locator('table.request').innerText();
      expect(echo).toContain('latitude');
      expect(echo).not.toContain(key);
    } finally {
      await browser.close();
    }
  });
});
