import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeFacts } from '../../src/place.js';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server.js';

const SYD = 'latitude=-33.856784&longitude=151.215297';
type Rows = Record<string, unknown>[];

let s: TestServer;
let key: string;
let legacyKey: string;
beforeAll(async () => {
  s = await startTestServer();
  key = (await s.createAccount('v3')).key;
  legacyKey = (await s.createAccount('old-client', { formatVersion: 'legacy' })).key;
});
afterAll(async () => {
  await s.close();
});

async function json(path: string, k = key): Promise<Record<string, Rows>> {
  const r = await s.get(path, k);
  expect(r.status, `${path}: ${r.status}`).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return (await r.json()) as Record<string, Rows>;
}

/** Every endpoint with a small valid query, its response key and its value columns. */
const ENDPOINTS: [string, string, string[]][] = [
  [
    `/data/historic/radiation_and_weather?${SYD}&start=2024-03-01T00:00Z&duration=PT6H`,
    'estimated_actuals',
    ['air_temp', 'dni', 'ghi'],
  ],
  [`/data/live/radiation_and_weather?${SYD}&hours=3`, 'estimated_actuals', ['air_temp', 'dni', 'ghi']],
  [`/data/forecast/radiation_and_weather?${SYD}&hours=3`, 'forecasts', ['air_temp', 'dni', 'ghi']],
  [`/data/tmy/radiation_and_weather?${SYD}`, 'estimated_actuals', ['air_temp', 'dni', 'ghi']],
  [
    `/data/historic/rooftop_pv_power?${SYD}&capacity=5&start=2024-03-01T00:00Z&duration=PT6H`,
    'estimated_actuals',
    ['pv_power_rooftop'],
  ],
  [`/data/live/rooftop_pv_power?${SYD}&capacity=5&hours=3`, 'estimated_actuals', ['pv_power_rooftop']],
  [
    `/data/forecast/rooftop_pv_power?${SYD}&capacity=5&hours=3&output_parameters=pv_power_rooftop,pv_power_rooftop90`,
    'forecasts',
    ['pv_power_rooftop', 'pv_power_rooftop90'],
  ],
  [`/data/tmy/rooftop_pv_power?${SYD}&capacity=5`, 'estimated_actuals', ['pv_power_rooftop']],
  [
    `/data/historic/soiling/hsu?${SYD}&start=2024-03-01T00:00Z&duration=PT6H`,
    'estimated_actuals',
    ['hsu_loss_fraction'],
  ],
  [`/data/live/soiling/hsu?${SYD}&hours=3`, 'estimated_actuals', ['hsu_loss_fraction']],
  [`/data/forecast/soiling/hsu?${SYD}&hours=3`, 'forecasts', ['hsu_loss_fraction']],
  [
    `/data/historic/soiling/kimber?${SYD}&start=2024-03-01T00:00Z&end=2024-03-01T06:00Z`,
    'estimated_actuals',
    ['kimber_loss_fraction'],
  ],
  [`/data/live/soiling/kimber?${SYD}&hours=3`, 'estimated_actuals', ['kimber_loss_fraction']],
  [`/data/forecast/soiling/kimber?${SYD}&hours=3`, 'forecasts', ['kimber_loss_fraction']],
];

describe.each(ENDPOINTS)('%s', (path, responseKey, columns) => {
  it('json: one top-level key, value columns then period_end and period', async () => {
    const body = await json(`${path}&format=json`);
    expect(Object.keys(body)).toEqual([responseKey]);
    const rows = body[responseKey]!;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual([...columns, 'period_end', 'period']);
  });

  it('csv: header of the column names, one line per row, same values as json', async () => {
    const r = await s.get(`${path}&format=csv`, key);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await r.text()).trimEnd().split(/\r\n/);
    expect(lines[0]).toBe([...columns, 'period_end', 'period'].join(','));
    const rows = (await json(`${path}&format=json`))[responseKey]!;
    expect(lines.length - 1).toBe(rows.length);
    const first = lines[1]!.split(',');
    columns.forEach((c, j) => expect(first[j]).toBe(rows[0]![c] === null ? '' : String(rows[0]![c])));
    expect(first[columns.length]).toBe(rows[0]!.period_end);
  });

  it('html when format is absent: request, chart and table', async () => {
    const r = await s.get(path, key);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain('<svg');
    expect(html).toContain('<table class="data">');
    expect(html).toContain('latitude');
    for (const c of columns) expect(html).toContain(`<th>${c}`);
  });
});

describe('windows and order', () => {
  it('historic start 14:45 + P3D at PT30M: 145 rows from 15:00 day 0 to 15:00 day 3', async () => {
    const rows = (
      await json(
        `/data/historic/radiation_and_weather?${SYD}&start=2022-10-25T14:45:00Z&duration=P3D&period=PT30M&format=json`,
      )
    ).estimated_actuals!;
    expect(rows.length).toBe(145);
    expect(rows[0]!.period_end).toBe('2022-10-25T15:00:00+00:00');
    expect(rows[144]!.period_end).toBe('2022-10-28T15:00:00+00:00');
    expect(rows.every((r) => r.period === 'PT30M')).toBe(true);
  });

  it('live lists the newest period first, ending at or before now', async () => {
    const rows = (await json(`/data/live/radiation_and_weather?${SYD}&hours=4&format=json`)).estimated_actuals!;
    expect(rows.length).toBe(8);
    const t = rows.map((r) => Date.parse(String(r.period_end)) / 1000);
    for (let i = 1; i < t.length; i++) expect(t[i]).toBe(t[i - 1]! - 1800);
    expect(t[0]).toBeLessThanOrEqual(TEST_NOW);
    expect(t[0]! + 1800).toBeGreaterThan(TEST_NOW);
  });

  it('forecast lists the oldest first, after now', async () => {
    const rows = (await json(`/data/forecast/radiation_and_weather?${SYD}&hours=2&period=PT60M&format=json`))
      .forecasts!;
    expect(rows.map((r) => r.period_end)).toEqual(['2026-11-20T13:00:00+00:00', '2026-11-20T14:00:00+00:00']);
    expect(rows[0]!.period).toBe('PT60M');
  });

  it('TMY is dated in 2059, hourly by default', async () => {
    const rows = (await json(`/data/tmy/radiation_and_weather?${SYD}&format=json`)).estimated_actuals!;
    expect(rows.length).toBe(8760);
    expect(rows[0]!.period_end).toBe('2059-01-01T01:00:00+00:00');
    expect(rows[8759]!.period_end).toBe('2060-01-01T00:00:00+00:00');
  });

  it('TMY: each probability its own plausible year; a time_zone dates it in local 2059', async () => {
    const sum = async (q: string): Promise<number> =>
      (
        await json(`/data/tmy/radiation_and_weather?${SYD}&output_parameters=ghi&format=json${q}`)
      ).estimated_actuals!.reduce((a, r) => a + Number(r.ghi), 0);
    const p50 = await sum('');
    const p75 = await sum('&probability=p75');
    const p90 = await sum('&probability=p90');
    const p95 = await sum('&probability=p95');
    // Distinct selections, each a plausible Sydney year (roughly 1600-2000 kWh/m2).
    expect(new Set([p50, p75, p90, p95]).size).toBeGreaterThan(1);
    for (const e of [p50, p75, p90, p95]) {
      expect(e / 1000).toBeGreaterThan(1300);
      expect(e / 1000).toBeLessThan(2300);
    }
    const local = (await json(`/data/tmy/radiation_and_weather?${SYD}&time_zone=10&format=json`)).estimated_actuals!;
    expect(local[0]!.period_end).toBe('2059-01-01T01:00:00+10:00');
    expect(local[local.length - 1]!.period_end).toBe('2060-01-01T00:00:00+10:00');
  });

  it('a time_zone gives local timestamps with the offset', async () => {
    const rows = (
      await json(
        `/data/historic/radiation_and_weather?${SYD}&start=2024-03-01 00:00&duration=PT2H&time_zone=10&format=json`,
      )
    ).estimated_actuals!;
    expect(rows.map((r) => r.period_end)).toEqual([
      '2024-03-01T00:30:00+10:00',
      '2024-03-01T01:00:00+10:00',
      '2024-03-01T01:30:00+10:00',
      '2024-03-01T02:00:00+10:00',
    ]);
  });

  it('PT1H is accepted and echoed as PT60M', async () => {
    const rows = (await json(`/data/live/radiation_and_weather?${SYD}&hours=2&period=PT1H&format=json`))
      .estimated_actuals!;
    expect(rows[0]!.period).toBe('PT60M');
  });
});

describe('parameters as clients send them', () => {
  const base = `/data/live/radiation_and_weather?${SYD}&hours=2&format=json`;
  it('keeps the column order of output_parameters', async () => {
    const rows = (await json(`${base}&output_parameters=zenith,ghi,air_temp,weather_type,cloud_opacity`))
      .estimated_actuals!;
    expect(Object.keys(rows[0]!)).toEqual([
      'zenith',
      'ghi',
      'air_temp',
      'weather_type',
      'cloud_opacity',
      'period_end',
      'period',
    ]);
  });

  it('reads repeated keys, camelCase names and the bracketed list form alike', async () => {
    const a = await json(`${base}&output_parameters=dni&output_parameters=ghi`);
    const b = await json(
      `/data/live/radiation_and_weather?Latitude=-33.856784&LONGITUDE=151.215297&Hours=2&Format=json&outputParameters=dni,ghi`,
    );
    const c = await json(`${base}&output_parameters=${encodeURIComponent("['dni','ghi']")}`);
    expect(Object.keys(a.estimated_actuals![0]!)).toEqual(['dni', 'ghi', 'period_end', 'period']);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('ignores unknown parameters (the SDK sends capacity to radiation endpoints)', async () => {
    const a = await json(`${base}&capacity=5&install_date=2020-01-01&whatever=1`);
    expect(a).toEqual(await json(base));
  });

  it('accepts manual_washdates as an alias and camelCase manualWashDates', async () => {
    // Giza: a dry place, so that rain does not clean the modules in the window.
    const p = `/data/historic/soiling/kimber?latitude=29.977296&longitude=31.132496&start=2024-03-01T00:00Z&duration=P3D&period=PT60M&format=json&initial_soiling=0.1`;
    const plain = (await json(p)).estimated_actuals!;
    const washed = (await json(`${p}&manual_washdates=2024-03-02T00:00Z`)).estimated_actuals!;
    const camel = (await json(`${p}&manualWashDates=${encodeURIComponent("['2024-03-02T00:00Z']")}`))
      .estimated_actuals!;
    expect(washed).toEqual(camel);
    const i = plain.findIndex((r) => r.period_end === '2024-03-02T00:00:00+00:00');
    expect(Number(washed[i]!.kimber_loss_fraction)).toBe(0);
    expect(Number(plain[i]!.kimber_loss_fraction)).toBeGreaterThan(0);
  });
});

describe('response format versions', () => {
  const live = `/data/live/radiation_and_weather?${SYD}&hours=2&output_parameters=air_temp`;
  const LEGACY_TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.0000000Z$/;
  const V3_TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

  it('legacy accounts get 7-digit Z timestamps and whole-degree air_temp on live', async () => {
    const rows = (await json(`${live}&format=json`, legacyKey)).estimated_actuals!;
    for (const r of rows) {
      expect(r.period_end).toMatch(LEGACY_TS);
      expect(Number.isInteger(r.air_temp)).toBe(true);
    }
  });

  it('format=json;version=3 opts a legacy account in; version 3 air_temp has one decimal', async () => {
    const legacy = (await json(`${live}&format=json`, legacyKey)).estimated_actuals!;
    const v3 = (await json(`${live}&format=${encodeURIComponent('json;version=3')}`, legacyKey)).estimated_actuals!;
    expect(v3.length).toBe(legacy.length);
    for (let i = 0; i < v3.length; i++) {
      expect(v3[i]!.period_end).toMatch(V3_TS);
      expect(Date.parse(String(v3[i]!.period_end))).toBe(Date.parse(String(legacy[i]!.period_end)));
      const t = Number(v3[i]!.air_temp);
      expect(Math.round(t * 10)).toBeCloseTo(t * 10, 9);
      expect(Math.abs(t - Number(legacy[i]!.air_temp))).toBeLessThanOrEqual(0.5 + 1e-9);
    }
    expect(v3.some((r) => !Number.isInteger(r.air_temp))).toBe(true);
  });

  it('csv;version=3 too, and version 3 accounts get it without the suffix', async () => {
    const csv = await (await s.get(`${live}&format=${encodeURIComponent('csv;version=3')}`, legacyKey)).text();
    expect(csv.split('\r\n')[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00,PT30M$/);
    const rows = (await json(`${live}&format=json`)).estimated_actuals!;
    expect(rows[0]!.period_end).toMatch(V3_TS);
  });

  it('historic radiation keeps the version 3 timestamps for legacy accounts, with whole-degree air_temp', async () => {
    const rows = (
      await json(
        `/data/historic/radiation_and_weather?${SYD}&start=2024-03-01T00:00Z&duration=PT6H&format=json`,
        legacyKey,
      )
    ).estimated_actuals!;
    for (const r of rows) {
      expect(r.period_end).toMatch(V3_TS);
      expect(Number.isInteger(r.air_temp)).toBe(true);
    }
  });

  it('soiling and TMY use version 3 whatever the account says', async () => {
    const soil = (await json(`/data/live/soiling/hsu?${SYD}&hours=2&format=json`, legacyKey)).estimated_actuals!;
    expect(soil[0]!.period_end).toMatch(V3_TS);
  });

  it('from 2027-02-01 by the server clock every request gets version 3', async () => {
    const later = await startTestServer({ now: Date.UTC(2027, 1, 1, 0, 30) / 1000 });
    try {
      const { key: k } = await later.createAccount('legacy-later', { formatVersion: 'legacy' });
      const r = await later.get(`${live}&format=json`, k);
      const rows = ((await r.json()) as Record<string, Rows>).estimated_actuals!;
      expect(rows[0]!.period_end).toMatch(V3_TS);
    } finally {
      await later.close();
    }
  });
});

describe('terrain shading', () => {
  it('only removes irradiance: beam zero while the Alps hide the low winter sun, global and tilted never higher', async () => {
    const q =
      '/data/historic/radiation_and_weather?latitude=46.59&longitude=7.91&start=2024-12-01&duration=P2D&period=PT60M&format=json&output_parameters=ghi,dni,dhi,gti,air_temp';
    const open = (await json(q)).estimated_actuals!;
    const shaded = (await json(`${q}&terrain_shading=true`)).estimated_actuals!;
    expect(shaded.length).toBe(open.length);
    let hidden = 0;
    for (let i = 0; i < open.length; i++) {
      const a = open[i]!,
        b = shaded[i]!;
      expect(b.air_temp).toBe(a.air_temp);
      expect(Number(b.ghi)).toBeLessThanOrEqual(Number(a.ghi));
      expect(Number(b.gti)).toBeLessThanOrEqual(Number(a.gti));
      expect(Number(b.dhi)).toBeLessThanOrEqual(Number(a.dhi));
      expect([0, a.dni]).toContain(b.dni);
      if (Number(a.dni) > 0 && b.dni === 0) hidden++;
    }
    expect(hidden).toBeGreaterThan(0);
  });
});

describe('rooftop power', () => {
  it('never exceeds loss_factor x capacity and is zero at night', async () => {
    const rows = (
      await json(
        `/data/historic/rooftop_pv_power?${SYD}&capacity=4&loss_factor=0.8&start=2024-01-01&duration=P2D&period=PT60M&format=json`,
      )
    ).estimated_actuals!;
    const p = rows.map((r) => Number(r.pv_power_rooftop));
    expect(Math.max(...p)).toBeLessThanOrEqual(0.8 * 4 + 1e-9);
    expect(Math.max(...p)).toBeGreaterThan(0.5);
    // 12:00Z is 23:00 in Sydney.
    expect(Number(rows.find((r) => r.period_end === '2024-01-01T12:00:00+00:00')!.pv_power_rooftop)).toBe(0);
  });

  it('legacy accounts get legacy timestamps on live rooftop, version 3 on historic', async () => {
    const live = (await json(`/data/live/rooftop_pv_power?${SYD}&capacity=4&hours=1&format=json`, legacyKey))
      .estimated_actuals!;
    expect(live[0]!.period_end).toMatch(/\.0000000Z$/);
    const hist = (
      await json(
        `/data/historic/rooftop_pv_power?${SYD}&capacity=4&start=2024-01-01&duration=PT1H&format=json`,
        legacyKey,
      )
    ).estimated_actuals!;
    expect(hist[0]!.period_end).toMatch(/\+00:00$/);
  });

  it('the literal capacity message for a missing or non-positive capacity', async () => {
    for (const q of ['', '&capacity=0', '&capacity=-2']) {
      const r = await s.get(`/data/live/rooftop_pv_power?${SYD}&format=json${q}`, key);
      expect(r.status).toBe(400);
      const body = (await r.json()) as {
        response_status: { message: string; errors: { field_name: string; error_code: string }[] };
      };
      expect(body.response_status.message).toBe("'capacity' must be greater than '0'.");
      expect(body.response_status.errors[0]).toMatchObject({ field_name: 'capacity', error_code: 'GreaterThan' });
    }
  });
});

describe('pvsyst', () => {
  it('historic radiation as a PVsyst meteo CSV in local standard time', async () => {
    const r = await s.get(
      `/data/historic/radiation_and_weather?${SYD}&start=2024-03-01T00:00Z&duration=PT3H&period=PT60M&time_zone=10&format=pvsyst`,
      key,
    );
    expect(r.status).toBe(200);
    const lines = (await r.text()).trimEnd().split('\r\n');
    const header = lines.indexOf('Year,Month,Day,Hour,Minute,GHI,DHI,DNI,Tamb,WindVel');
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(0, header).join('\n')).toMatch(
      /#Latitude,-33\.856784[\s\S]*#Longitude,151\.215297[\s\S]*#Altitude,[\s\S]*#Time Zone,10/,
    );
    expect(lines.length - header - 1).toBe(3);
    // 00:00Z-01:00Z is 10:00-11:00 local: labelled by its start.
    expect(lines[header + 1]!.split(',').slice(0, 5)).toEqual(['2024', '3', '1', '10', '0']);
  });

  it("writes the site's altitude (the elevation the server uses for the place), not 0", async () => {
    // NW Colorado, about 1,800 m: the header said #Altitude,0 for every place before.
    const place = 'latitude=40.5137&longitude=-108.5449';
    const r = await s.get(
      `/data/historic/radiation_and_weather?${place}&start=2024-03-01T00:00Z&duration=PT3H&period=PT60M&format=pvsyst`,
      key,
    );
    expect(r.status).toBe(200);
    const altitude = (await r.text()).split('\r\n').find((l) => l.startsWith('#Altitude,'));
    const expected = placeFacts(40.5137, -108.5449).elevation!;
    expect(expected).toBeGreaterThan(1000);
    expect(altitude).toBe(`#Altitude,${Math.round(expected)}`);
  });

  it('is refused on live radiation', async () => {
    const r = await s.get(`/data/live/radiation_and_weather?${SYD}&format=pvsyst`, key);
    expect(r.status).toBe(400);
  });
});
