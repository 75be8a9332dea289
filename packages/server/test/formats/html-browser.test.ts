/**
 * The HTML data page in Chromium, as a person sees it: one y axis per unit, rounded ticks, time
 * labels in the response's time zone, a legend with units; for a TMY the monthly and annual
 * totals above the collapsed table, and a monthly bar chart. Screenshots go to
 * .tmp/screenshots/ (data-live.png, data-historic-utc10.png, data-tmy.png, data-tmy-rooftop.png).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS as SHOTS, browserTitle, startChromium } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SYDNEY = 'latitude=-33.856784&longitude=151.215297';

// Started while the file is collected: where Chromium does not start, the tests below are skipped
// and their title says why.
const chromium = await startChromium();
const browser: Browser | undefined = chromium.browser;

let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await startTestServer();
  key = (await s.createAccount('browser')).key;
});
afterAll(async () => {
  await browser?.close();
  await s.close();
});

async function open(path: string, width = 1100): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  const response = await page.goto(`${s.baseUrl}${path}&api_key=${key}`);
  expect(response?.status()).toBe(200);
  return page;
}

/** The panels of the line chart: unit, axis title, tick labels and the series drawn in it. */
async function panels(
  page: Page,
): Promise<{ unit: string; title: string; ticks: string[]; series: { name: string; length: number }[] }[]> {
  return page.locator('svg.chart g.panel').evaluateAll((els) =>
    els.map((g) => ({
      unit: g.getAttribute('data-unit') ?? '',
      title: g.querySelector('.y-axis .axis-title')?.textContent ?? '',
      ticks: [...g.querySelectorAll('.y-axis text:not(.axis-title)')].map((t) => t.textContent ?? ''),
      series: [...g.querySelectorAll('path.series')].map((p) => ({
        name: p.getAttribute('data-name') ?? '',
        length: (p as unknown as { getTotalLength(): number }).getTotalLength(),
      })),
    })),
  );
}

/** Tick labels are rounded: few digits, evenly spaced. */
function expectRoundTicks(ticks: string[]): void {
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  for (const t of ticks) expect(t).toMatch(/^-?\d+(\.\d{1,2})?$/);
  const v = ticks.map(Number);
  const step = v[0]! - v[1]!;
  for (let i = 1; i < v.length; i++) expect(v[i - 1]! - v[i]!).toBeCloseTo(step, 9);
}

describe.skipIf(!browser)(browserTitle('HTML data page in a browser', chromium), () => {
  it('live radiation: W/m² and °C on their own axes, rounded ticks, time labels, a legend with units, the table open', async () => {
    const page = await open(`/data/live/radiation_and_weather?${SYDNEY}&hours=24&output_parameters=ghi,dni,air_temp`);
    try {
      const p = await panels(page);
      expect(p.map((x) => [x.unit, x.title])).toEqual([
        ['W/m2', 'W/m²'],
        ['degrees C', '°C'],
      ]);
      expect(p[0]!.series.map((x) => x.name)).toEqual(['ghi', 'dni']);
      expect(p[1]!.series.map((x) => x.name)).toEqual(['air_temp']);
      for (const panel of p) {
        expectRoundTicks(panel.ticks);
        for (const x of panel.series) expect(x.length).toBeGreaterThan(0);
      }
      const box = await page.locator('svg.chart').boundingBox();
      expect(box!.width).toBeGreaterThan(600);
      expect(box!.height).toBeGreaterThan(300);
      // Time along the axis: hours (and dates at midnight), in the response's zone (UTC here).
      const timeLabels = await page.locator('svg.chart .x-axis text:not(.axis-title)').allTextContents();
      expect(timeLabels.length).toBeGreaterThanOrEqual(4);
      for (const t of timeLabels) expect(t).toMatch(/^(\d\d:\d\d|\d\d-\d\d)$/);
      expect(await page.locator('svg.chart .x-axis .axis-title').textContent()).toBe('period_end (UTC)');
      expect(await page.locator('svg.chart .legend-item text').allTextContents()).toEqual([
        'ghi (W/m²)',
        'dni (W/m²)',
        'air_temp (°C)',
      ]);
      // A short series: no monthly totals, the table shown with its 48 rows.
      expect(await page.locator('table.totals').count()).toBe(0);
      expect(await page.locator('table.data').isVisible()).toBe(true);
      expect(await page.locator('table.data tbody tr').count()).toBe(48);
      const headers = await page.locator('table.data thead th').allInnerTexts();
      expect(headers.map((h) => h.replace(/\s+/g, ' '))).toEqual([
        'ghi W/m²',
        'dni W/m²',
        'air_temp °C',
        'period_end UTC',
        'period',
      ]);
      expect(await page.locator('table.request').innerText()).not.toContain(key);
      await page.screenshot({ path: join(SHOTS, 'data-live.png'), fullPage: false });
    } finally {
      await page.close();
    }
  });

  it('historic at time_zone=10: the time axis is labelled in UTC+10:00, at local hours', async () => {
    const page = await open(
      `/data/historic/radiation_and_weather?${SYDNEY}&start=2026-06-01T00:00:00%2B10:00&duration=P2D&time_zone=10&output_parameters=ghi,air_temp`,
    );
    try {
      expect(await page.locator('svg.chart .x-axis .axis-title').textContent()).toBe('period_end (UTC+10:00)');
      const labels = await page.locator('svg.chart .x-axis text:not(.axis-title)').allTextContents();
      // Two local days from local midnight: ticks every 6 h, the midnights named by their local date.
      expect(labels).toEqual(['06-01', '06:00', '12:00', '18:00', '06-02', '06:00', '12:00', '18:00', '06-03']);
      await page.screenshot({ path: join(SHOTS, 'data-historic-utc10.png') });
    } finally {
      await page.close();
    }
  });

  it('TMY: monthly and annual totals in kWh/m² above the collapsed table, a monthly bar chart, months along the axis', async () => {
    const page = await open(`/data/tmy/radiation_and_weather?${SYDNEY}&output_parameters=ghi,dni,air_temp`);
    try {
      const p = await panels(page);
      expect(p.map((x) => x.title)).toEqual(['W/m²', '°C']);
      for (const panel of p) expectRoundTicks(panel.ticks);
      const months = await page.locator('svg.chart .x-axis text:not(.axis-title)').allTextContents();
      expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
      // The totals table: 12 months and the year; ghi and dni as kWh/m², air_temp as a mean.
      const heads = (await page.locator('table.totals thead th').allInnerTexts()).map((h) => h.replace(/\s+/g, ' '));
      expect(heads).toEqual(['month', 'ghi total kWh/m²', 'dni total kWh/m²', 'air_temp mean °C']);
      const rows = await page
        .locator('table.totals tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
      expect(rows.map((r) => r[0])).toEqual([
        'Jan',
        'Feb',
        'Mar',
        'Apr',
        'May',
        'Jun',
        'Jul',
        'Aug',
        'Sep',
        'Oct',
        'Nov',
        'Dec',
        'Year',
      ]);
      const ghiMonths = rows.slice(0, 12).map((r) => Number(r[1]));
      const ghiYear = Number(rows[12]![1]);
      // Sydney receives about 1,600 to 1,900 kWh/m² a year on the horizontal; more in summer (Dec, Jan) than in winter (Jun).
      expect(ghiYear).toBeGreaterThan(1400);
      expect(ghiYear).toBeLessThan(2100);
      expect(Math.abs(ghiMonths.reduce((a, b) => a + b, 0) - ghiYear)).toBeLessThanOrEqual(6); // rounding of 12 months
      expect(ghiMonths[0]!).toBeGreaterThan(ghiMonths[5]!);
      // The bar chart: one panel (kWh/m²), 12 bars for each energy column; the mean is not a bar.
      const bars = await page
        .locator('svg.monthly rect.bar')
        .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-name')));
      expect(bars.filter((b) => b === 'ghi')).toHaveLength(12);
      expect(bars.filter((b) => b === 'dni')).toHaveLength(12);
      expect(bars).not.toContain('air_temp');
      expect(await page.locator('svg.monthly g.panel .axis-title').allTextContents()).toEqual(['kWh/m²']);
      // Totals come before the table, which is collapsed until asked for.
      // compareDocumentPosition: bit 4 is DOCUMENT_POSITION_FOLLOWING.
      const order = await page
        .locator('table.totals')
        .evaluate(
          (totals) => (totals.compareDocumentPosition(totals.ownerDocument.querySelector('details.data')!) & 4) !== 0,
        );
      expect(order).toBe(true);
      expect(await page.locator('details.data').getAttribute('open')).toBeNull();
      expect(await page.locator('table.data').isVisible()).toBe(false);
      await page.screenshot({ path: join(SHOTS, 'data-tmy.png'), fullPage: true });
      await page.locator('details.data summary').click();
      expect(await page.locator('table.data').isVisible()).toBe(true);
      expect(await page.locator('table.data tbody tr').count()).toBe(8760);
    } finally {
      await page.close();
    }
  });

  it('TMY rooftop power: monthly and annual energy in kWh', async () => {
    const page = await open(`/data/tmy/rooftop_pv_power?${SYDNEY}&capacity=5`);
    try {
      const heads = (await page.locator('table.totals thead th').allInnerTexts()).map((h) => h.replace(/\s+/g, ' '));
      expect(heads).toEqual(['month', 'pv_power_rooftop total kWh']);
      const year = Number((await page.locator('table.totals tr.whole td').textContent()) ?? '');
      // 5 kW in Sydney: about 1,300 to 1,600 kWh per kW a year.
      expect(year / 5).toBeGreaterThan(1100);
      expect(year / 5).toBeLessThan(1800);
      expect(await page.locator('svg.monthly g.panel .axis-title').allTextContents()).toEqual(['kWh']);
      await page.screenshot({ path: join(SHOTS, 'data-tmy-rooftop.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
