import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let other: string;
let site: string;

async function post(path: string, body: unknown, k = key): Promise<{ status: number; body: any }> {
  const r = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}
async function get(path: string, k = key): Promise<{ status: number; body: any }> {
  const r = await server.get(path, k);
  return { status: r.status, body: r.headers.get('content-type')?.includes('json') ? await r.json() : await r.text() };
}

/** n records, 5-minute periods ending from 2026-11-01T00:05Z, with varied optional fields. */
function records(n: number, offset = 0, power = (i: number) => i / 7): Record<string, unknown>[] {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = Date.UTC(2026, 10, 1) + (i + 1 + offset) * 300_000;
    const r: Record<string, unknown> = {
      period_end: new Date(t).toISOString().replace('.000Z', '+00:00'),
      period: 'PT5M',
      total_power: power(i),
    };
    if (i % 2 === 0) r.availability = i % 101;
    if (i % 3 === 0) r.mean_ghi = i * 1.5;
    if (i % 5 === 0) r.network_constraint = i % 10 === 0;
    if (i % 7 === 0) r.tracking_angle = (i % 181) - 90;
    if (i % 11 === 0) r.frequency = 50.01;
    if (i % 13 === 0) {
      r.constraint_power_ceiling = 4.5;
      r.local_limit = 5;
    }
    out.push(r);
  }
  return out;
}

async function readAll(rid: string, k = key): Promise<any[]> {
  const out: any[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await get(`/utility_scale_sites/${rid}/measurements?skip=${skip}&take=1000`, k);
    out.push(...page.body.results);
    if (out.length >= page.body.total) return out;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.createAccount('uploader')).key;
  other = (await server.createAccount('other')).key;
  site = (await post('/resources/pv_power_site', { name: 'Measured', latitude: -30, longitude: 140, capacity: 5 })).body
    .resource_id;
});
afterAll(async () => server.close());

describe('utility-scale measurements', () => {
  it('stores 1,000 valid records and reads them back exactly', async () => {
    const batch = records(1000);
    const r = await post(`/utility_scale_sites/${site}/measurements`, { measurements: batch });
    expect(r.status).toBe(200);
    expect(r.body.site_resource_id).toBe(site);
    expect(r.body.response_status.errors).toEqual([]);
    expect(r.body.measurements).toEqual(batch);
    expect(await readAll(site)).toEqual(batch);
  });

  it('refuses 1,001 records and an empty upload', async () => {
    const r = await post(`/utility_scale_sites/${site}/measurements`, {
      measurements: records(1000, 5000),
      measurement: records(1, 7000)[0],
    });
    expect(r.status).toBe(400);
    expect(r.body.response_status.errors[0].field_name).toBe('measurements');
    expect((await post(`/utility_scale_sites/${site}/measurements`, { measurements: [] })).status).toBe(400);
    expect((await post(`/utility_scale_sites/${site}/measurements`, {})).status).toBe(400);
    expect((await readAll(site)).length).toBe(1000);
  });

  it('refuses the whole batch for one bad record, naming each bad index and field', async () => {
    const batch = records(50, 20000);
    batch[12]!.total_power = -1;
    batch[30]!.availability = 101;
    batch[31]!.period = 'PT2M';
    delete batch[40]!.period_end;
    batch[41]!.network_constraint = 'yes';
    batch[42]!.tracking_angle = 91;
    batch[43]!.total_power = '5';
    const r = await post(`/utility_scale_sites/${site}/measurements`, { measurements: batch });
    expect(r.status).toBe(400);
    expect(r.body.response_status.errors.map((e: any) => e.field_name)).toEqual([
      'measurements[12].total_power',
      'measurements[30].availability',
      'measurements[31].period',
      'measurements[40].period_end',
      'measurements[41].network_constraint',
      'measurements[42].tracking_angle',
      'measurements[43].total_power',
    ]);
    expect(r.body.response_status.message).toBe(r.body.response_status.errors[0].message);
    expect((await readAll(site)).length).toBe(1000);
  });

  it('replaces a re-uploaded period instead of duplicating it, and accepts measurement and measurements together', async () => {
    const again = records(100, 0, (i) => 100 + i);
    const single = records(1, 2000)[0]!;
    const r = await post(`/utility_scale_sites/${site}/measurements`, { measurement: single, measurements: again });
    expect(r.status).toBe(200);
    expect(r.body.measurement).toEqual(single);
    const all = await readAll(site);
    expect(all.length).toBe(1001);
    expect(all.slice(0, 100)).toEqual(again);
    expect(all[1000]).toEqual(single);
    const page = await get(
      `/utility_scale_sites/${site}/measurements?start=2026-11-01T00:10:00Z&end=2026-11-01T00:20:00Z`,
    );
    expect(page.body.total).toBe(3);
  });

  it('refuses an upload that repeats a (period_end, period), naming the repeat and the first: nothing is stored', async () => {
    const rid = (await post('/resources/pv_power_site', { name: 'Repeats', latitude: 5, longitude: 6, capacity: 1 }))
      .body.resource_id;
    const batch = records(5);
    // The same period_end in another offset, and PT1H against PT60M: each the same key.
    const repeats = [
      ...batch,
      { ...batch[2], period_end: '2026-11-01T01:15:00+01:00', total_power: 9 },
      { period_end: '2026-11-01T02:00:00Z', period: 'PT60M', total_power: 1 },
      { period_end: '2026-11-01T02:00:00Z', period: 'PT1H', total_power: 2 },
    ];
    const r = await post(`/utility_scale_sites/${rid}/measurements`, { measurement: batch[4], measurements: repeats });
    expect(r.status).toBe(400);
    expect(r.body.response_status.errors).toEqual([
      {
        error_code: 'Duplicate',
        field_name: 'measurements[4].period_end',
        message:
          "'measurements[4]' repeats the period_end 2026-11-01T00:25:00+00:00 and period PT5M of 'measurement': each may appear once in an upload.",
        meta: { PropertyValue: '2026-11-01T00:25:00+00:00', FirstRecord: 'measurement' },
      },
      expect.objectContaining({
        field_name: 'measurements[5].period_end',
        meta: expect.objectContaining({ FirstRecord: 'measurements[2]' }),
      }),
      expect.objectContaining({
        field_name: 'measurements[7].period_end',
        meta: expect.objectContaining({ FirstRecord: 'measurements[6]' }),
      }),
    ]);
    expect(await readAll(rid)).toEqual([]);
    // Sub-unit records: the key includes the sub-unit, so two sub-units may share a period.
    const sub = (sub_unit: string) => ({ sub_unit, period_end: '2026-11-01T00:05:00Z', period: 'PT5M', power: 1 });
    const ok = await post('/resources/pv_power_site_measurements/sub_units', {
      resource_id: rid,
      measurements: [sub('A'), sub('B')],
    });
    expect(ok.status).toBe(200);
    const twice = await post('/resources/pv_power_site_measurements/sub_units', {
      resource_id: rid,
      measurements: [sub('C'), sub('A'), sub('C')],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.response_status.errors.map((e: any) => [e.error_code, e.field_name])).toEqual([
      ['Duplicate', 'measurements[2].period_end'],
    ]);
  });

  it("keeps measurements per account, and hides another account's site", async () => {
    expect((await post(`/utility_scale_sites/${site}/measurements`, { measurements: records(1) }, other)).status).toBe(
      404,
    );
    const sydney = 'ba75-e17a-7374-95ed';
    expect(
      (await post(`/utility_scale_sites/${sydney}/measurements`, { measurements: records(3) }, other)).status,
    ).toBe(200);
    expect((await get(`/utility_scale_sites/${sydney}/measurements`, key)).body.total).toBe(0);
    expect((await get(`/utility_scale_sites/${sydney}/measurements`, other)).body.total).toBe(3);
    expect((await post('/utility_scale_sites/no-such-site/measurements', { measurements: records(1) })).status).toBe(
      404,
    );
  });

  it('keys records by whole seconds, refusing a fraction of a second, and keeps period_end within years 1900 to 2099 (timestamps stay in the v3 form)', async () => {
    const rid = (await post('/resources/pv_power_site', { name: 'Seconds', latitude: 5, longitude: 5, capacity: 1 }))
      .body.resource_id;
    const at = (period_end: string, total_power: number) => ({
      measurements: [{ period_end, period: 'PT5M', total_power }],
    });
    expect((await post(`/utility_scale_sites/${rid}/measurements`, at('2026-11-01T00:05:00Z', 1))).status).toBe(200);
    // A fraction of a second is refused, naming the field (it was rounded and replaced 00:05:00 without a word).
    const fraction = await post(`/utility_scale_sites/${rid}/measurements`, at('2026-11-01T00:05:00.4Z', 2));
    expect(fraction.status).toBe(400);
    expect(fraction.body.response_status.errors).toEqual([
      {
        error_code: 'WholeSeconds',
        field_name: 'measurements[0].period_end',
        message:
          "'measurements[0].period_end' must be a whole second: timestamps carry no fraction of a second. You entered '2026-11-01T00:05:00.4Z'.",
        meta: {},
      },
    ]);
    // A zero fraction is the whole second (the legacy timestamp form, .0000000Z, sent back as read).
    const legacy = await post(`/utility_scale_sites/${rid}/measurements`, at('2026-11-01T00:05:00.0000000Z', 2));
    expect(legacy.status).toBe(200);
    expect(legacy.body.measurements[0].period_end).toBe('2026-11-01T00:05:00+00:00');
    const all = await readAll(rid);
    expect(all).toEqual([{ period_end: '2026-11-01T00:05:00+00:00', period: 'PT5M', total_power: 2 }]);
    for (const when of [
      '0000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '2100-01-01T00:00:00Z',
    ]) {
      const r = await post(`/utility_scale_sites/${rid}/measurements`, at(when, 1));
      expect(r.status, when).toBe(400);
      expect(r.body.response_status.errors.map((e: any) => e.field_name)).toEqual(['measurements[0].period_end']);
    }
    expect((await readAll(rid)).length).toBe(1);
  });

  it('answers csv', async () => {
    const r = await server.get(`/utility_scale_sites/${site}/measurements?format=csv&take=2`, key);
    const lines = (await r.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'period_end,period,total_power,availability,mean_ghi,tracking_angle,network_constraint,constraint_power_ceiling,local_limit,frequency',
    );
    expect(lines[1]).toBe('2026-11-01T00:05:00+00:00,PT5M,100,0,0,-90,true,4.5,5,50.01');
  });
});

describe('sub-unit measurements', () => {
  const subRecords = (power: number) =>
    ['INV-2', 'INV-1'].flatMap((sub_unit) =>
      [1, 2, 3].map((i) => ({
        sub_unit,
        period_end: `2026-11-02T00:${String(i * 5).padStart(2, '0')}:00+00:00`,
        period: 'PT5M',
        power: power + i,
      })),
    );

  it('uploads, replaces, filters and pages sub-unit records', async () => {
    const up = await post('/resources/pv_power_site_measurements/sub_units', {
      resource_id: site,
      measurements: subRecords(1),
    });
    expect(up.status).toBe(200);
    expect(
      (
        await post('/resources/pv_power_site_measurements/sub_units', {
          resource_id: site,
          measurements: subRecords(10),
        })
      ).status,
    ).toBe(200);
    const all = await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${site}&format=json`);
    expect(all.body.total).toBe(6);
    expect(all.body.results[0]).toEqual({
      sub_unit: 'INV-1',
      power: 11,
      period_end: '2026-11-02T00:05:00+00:00',
      period: 'PT5M',
    });
    const one = await get(
      `/resources/pv_power_site_measurements/sub_units?resource_id=${site}&sub_unit=INV-2&start=2026-11-02T00:10:00Z&end=2026-11-02T00:15:00Z`,
    );
    expect(one.body.results.map((r: any) => [r.sub_unit, r.power])).toEqual([
      ['INV-2', 12],
      ['INV-2', 13],
    ]);
    const paged = await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${site}&skip=4&take=10`);
    expect(paged.body).toMatchObject({ offset: 4, total: 6 });
    expect(paged.body.results).toHaveLength(2);
    const csv = await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${site}&format=csv&take=1`);
    expect(csv.body).toBe('sub_unit,power,period_end,period\r\nINV-1,11,2026-11-02T00:05:00+00:00,PT5M\r\n');
  });

  it('refuses a batch with one bad record and stores none of it', async () => {
    const batch = subRecords(50).map((r) => ({ ...r, period_end: r.period_end.replace('2026-11-02', '2026-11-03') }));
    (batch[4] as any).power = 'high';
    const r = await post('/resources/pv_power_site_measurements/sub_units', { resource_id: site, measurements: batch });
    expect(r.status).toBe(400);
    expect(r.body.response_status.errors[0].field_name).toBe('measurements[4].power');
    expect((await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${site}`)).body.total).toBe(6);
    expect((await get('/resources/pv_power_site_measurements/sub_units')).status).toBe(400);
    expect((await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${site}`, other)).status).toBe(404);
  });
});

describe('/resources/{pv,wind}_power_site_measurements', () => {
  async function del(path: string): Promise<{ status: number; body: any }> {
    const r = await fetch(server.baseUrl + path, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
    return { status: r.status, body: await r.json() };
  }

  it('uploads, reads and deletes the records of a PV site by resource_id in the body', async () => {
    const rid = (await post('/resources/pv_power_site', { name: 'Body site', latitude: 1, longitude: 2, capacity: 1 }))
      .body.resource_id;
    const batch = records(20, 40000);
    const up = await post('/resources/pv_power_site_measurements', { resource_id: rid, measurements: batch });
    expect(up.status).toBe(200);
    expect(up.body.measurements).toEqual(batch);
    const read = await get(`/resources/pv_power_site_measurements?resource_id=${rid}&take=1000`);
    expect(read.body.results).toEqual(batch);
    const cut = await del(
      `/resources/pv_power_site_measurements?resource_id=${rid}&start=${encodeURIComponent(String(batch[5]!.period_end))}&end=${encodeURIComponent(String(batch[9]!.period_end))}`,
    );
    expect(cut.body.deleted).toBe(5);
    const left = await get(`/resources/pv_power_site_measurements?resource_id=${rid}&take=1000`);
    expect(left.body.results).toEqual([...batch.slice(0, 5), ...batch.slice(10)]);
    expect((await del(`/resources/pv_power_site_measurements?resource_id=${rid}&start=2026-01-01`)).status).toBe(400);
  });

  it('keeps wind and PV paths to their kind of site, sub-units included', async () => {
    const wind = (
      await post('/resources/wind_power_site', { name: 'Turbines', latitude: 55, longitude: 8, capacity: 20 })
    ).body.resource_id;
    expect(
      (await post('/resources/pv_power_site_measurements', { resource_id: wind, measurements: records(1) })).status,
    ).toBe(404);
    expect(
      (await post('/resources/wind_power_site_measurements', { resource_id: wind, measurements: records(3) })).status,
    ).toBe(200);
    expect((await get(`/utility_scale_sites/${wind}/measurements`)).body.total).toBe(3);
    const turbines = [1, 2].map((i) => ({
      sub_unit: `WTG-${i}`,
      period_end: '2026-11-05T10:00:00Z',
      period: 'PT10M',
      power: 1.5 * i,
    }));
    expect(
      (await post('/resources/wind_power_site_measurements/sub_units', { resource_id: wind, measurements: turbines }))
        .status,
    ).toBe(200);
    expect((await get(`/resources/wind_power_site_measurements/sub_units?resource_id=${wind}`)).body.total).toBe(2);
    expect((await get(`/resources/pv_power_site_measurements/sub_units?resource_id=${wind}`)).status).toBe(404);
    const cut = await del(
      `/resources/wind_power_site_measurements/sub_units?resource_id=${wind}&sub_unit=WTG-1&start=2026-11-05&end=2026-11-06`,
    );
    expect(cut.body.deleted).toBe(1);
    expect(
      (await get(`/resources/wind_power_site_measurements/sub_units?resource_id=${wind}`)).body.results.map(
        (r: any) => r.sub_unit,
      ),
    ).toEqual(['WTG-2']);
  });
});

describe('periods', () => {
  it('accepts the six periods of the contract (and PT1H as PT60M), and refuses any other duration', async () => {
    const at = (period: string, minute: number) => ({
      period_end: `2026-11-07T10:${String(minute).padStart(2, '0')}:00Z`,
      period,
      total_power: 1,
    });
    const good = await post(`/utility_scale_sites/${site}/measurements`, {
      measurements: [
        at('PT5M', 5),
        at('PT10M', 10),
        at('PT15M', 15),
        at('PT20M', 20),
        at('pt30m', 30),
        at('PT60M', 40),
        at('PT1H', 50),
      ],
    });
    expect(good.status).toBe(200);
    expect(good.body.measurements.map((m: any) => m.period)).toEqual([
      'PT5M',
      'PT10M',
      'PT15M',
      'PT20M',
      'PT30M',
      'PT60M',
      'PT60M',
    ]);
    for (const period of ['PT7M', 'PT5M30S', 'PT300S', 'PT0.5H', 'P1D', 'PT2M']) {
      const r = await post(`/utility_scale_sites/${site}/measurements`, { measurements: [at(period, 55)] });
      expect(r.status, period).toBe(400);
      expect(r.body.response_status.errors[0]).toMatchObject({
        field_name: 'measurements[0].period',
        error_code: 'Enum',
      });
    }
    const subUnit = await post('/resources/pv_power_site_measurements/sub_units', {
      resource_id: site,
      measurements: [{ sub_unit: 'INV-1', period_end: '2026-11-07T11:00:00Z', period: 'PT7M', power: 1 }],
    });
    expect(subUnit.status).toBe(400);
  });
});

describe('per-account cap of stored records', () => {
  let capped: TestServer;
  let k: string;
  beforeAll(async () => {
    capped = await startTestServer({ maxMeasurementRows: 10 });
    k = (await capped.createAccount('capped')).key;
  });
  afterAll(async () => capped.close());

  const send = async (path: string, body: unknown): Promise<{ status: number; body: any }> => {
    const r = await fetch(capped.baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  };
  const stored = async (rid: string): Promise<number> =>
    ((await (await capped.get(`/utility_scale_sites/${rid}/measurements`, k)).json()) as { total: number }).total;

  it('refuses, with a 403 naming the cap, an upload that would store more; replacing, deleting and sub-units count right', async () => {
    const a = (await send('/resources/pv_power_site', { name: 'A', latitude: 1, longitude: 1, capacity: 1 })).body
      .resource_id;
    const b = (await send('/resources/pv_power_site', { name: 'B', latitude: 2, longitude: 2, capacity: 1 })).body
      .resource_id;
    expect((await send(`/utility_scale_sites/${a}/measurements`, { measurements: records(6) })).status).toBe(200);
    // Replacing the same six periods adds nothing.
    expect(
      (await send(`/utility_scale_sites/${a}/measurements`, { measurements: records(6, 0, () => 9) })).status,
    ).toBe(200);
    // Five new records on another site: 11 > 10, refused whole.
    const over = await send(`/utility_scale_sites/${b}/measurements`, { measurements: records(5, 100) });
    expect(over.status).toBe(403);
    expect(over.body.response_status.message).toMatch(/at most 10 measurement records/);
    expect(over.body.response_status.errors[0]).toMatchObject({
      error_code: 'StorageLimit',
      field_name: 'measurements',
    });
    expect(await stored(b)).toBe(0);
    // Sub-unit records count too: 6 + 4 = 10 fits, one more does not.
    const units = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        sub_unit: `U${i + from}`,
        period_end: '2026-11-01T00:05:00Z',
        period: 'PT5M',
        power: 1,
      }));
    expect(
      (await send('/resources/pv_power_site_measurements/sub_units', { resource_id: b, measurements: units(4) }))
        .status,
    ).toBe(200);
    expect(
      (await send('/resources/pv_power_site_measurements/sub_units', { resource_id: b, measurements: units(1, 4) }))
        .status,
    ).toBe(403);
    // Deleting records, or a whole site, makes room again.
    const del = await fetch(
      `${capped.baseUrl}/resources/pv_power_site_measurements?resource_id=${a}&start=2026-11-01T00:00Z&end=2026-11-01T00:15Z`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${k}` },
      },
    );
    expect(((await del.json()) as { deleted: number }).deleted).toBe(3);
    expect((await send(`/utility_scale_sites/${b}/measurements`, { measurements: records(3, 100) })).status).toBe(200);
    expect((await send(`/utility_scale_sites/${b}/measurements`, { measurements: records(1, 200) })).status).toBe(403);
    const gone = await fetch(`${capped.baseUrl}/resources/pv_power_site?resource_id=${a}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${k}` },
    });
    expect(gone.status).toBe(200);
    expect((await send(`/utility_scale_sites/${b}/measurements`, { measurements: records(3, 200) })).status).toBe(200);
    expect(await stored(b)).toBe(6);
  });
});
