import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, TEST_NOW, startTestServer } from '../support/server.js';

let server: TestServer;
let key: string;
let other: string;
let admin: string;
let legacy: string;

async function call(method: string, path: string, body?: unknown, k = key): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${k}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(server.baseUrl + path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}
async function json(method: string, path: string, body?: unknown, k = key): Promise<{ status: number; body: any }> {
  const r = await call(method, path, body, k);
  return { status: r.status, body: await r.json() };
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.createAccount('owner')).key;
  other = (await server.createAccount('other')).key;
  admin = (await server.createAccount('admin', { admin: true })).key;
  legacy = (await server.createAccount('legacy', { formatVersion: 'legacy' })).key;
});
afterAll(async () => server.close());

const pvBody = { name: 'Solar Farm', latitude: -35.1, longitude: 149.2, capacity: 10 };
const windBody = { name: 'Wind Farm', latitude: 52.1, longitude: 4.3, capacity: 30 };

describe('PV power sites', () => {
  it('creates with the contract defaults, reads, replaces, patches and deletes', async () => {
    const made = await json('POST', '/resources/pv_power_site', pvBody);
    expect(made.status).toBe(200);
    const rid = made.body.resource_id;
    expect(rid).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(made.body).toMatchObject({
      ...pvBody,
      capacity_dc: 10,
      tracking_type: 'fixed',
      module_type: 'poly-si',
      ground_coverage_ratio: 0.36,
      inverter_peak_efficiency: 0.98,
      site_ground_albedo: 0.2,
      derating_other_system: 0.03,
      is_unmetered: false,
      install_date: '2026-11-20T00:00:00+00:00',
    });
    expect(made.body.dust_soiling_average).toEqual(new Array(12).fill(0.015));
    expect(made.body).not.toHaveProperty('grid_export_limit');

    const read = await json('GET', `/resources/pv_power_site?resource_id=${rid}&format=json`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(made.body);

    const replaced = await json('PUT', '/resources/pv_power_site', {
      resource_id: rid,
      name: 'Renamed',
      latitude: -35,
      longitude: 149,
      capacity: 8,
      capacity_dc: 9.5,
      install_date: '2021-03-04',
      tracking_type: 'horizontal_single_axis',
      grid_export_limit: 6,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      name: 'Renamed',
      capacity: 8,
      capacity_dc: 9.5,
      grid_export_limit: 6,
      install_date: '2021-03-04T00:00:00+00:00',
      tracking_type: 'horizontal_single_axis',
      module_type: 'poly-si',
    });

    const patched = await json('PATCH', '/resources/pv_power_site', {
      resource_id: rid,
      tilt: 25,
      grid_export_limit: -1,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', tilt: 25, capacity: 8 });
    expect(patched.body).not.toHaveProperty('grid_export_limit');

    const deleted = await call('DELETE', `/resources/pv_power_site?resource_id=${rid}`);
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/resources/pv_power_site?resource_id=${rid}`)).status).toBe(404);
  });

  it('takes every field from the query string, as the Python SDK sends them', async () => {
    const q =
      'name=Query%20Site&latitude=-33.5&longitude=151&capacity=2&capacityDc=2.4&bifacial_system=true' +
      '&dust_soiling_average=0.01,0.02,0.03&install_date=2020-05-01&resource_id=query-site-1';
    const made = await json('POST', `/resources/pv_power_site?${q}`);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      resource_id: 'query-site-1',
      name: 'Query Site',
      capacity_dc: 2.4,
      bifacial_system: true,
      dust_soiling_average: [0.01, 0.02, 0.03],
    });
    const patched = await json('PATCH', '/resources/pv_power_site?resource_id=query-site-1&capacity=3');
    expect(patched.body.capacity).toBe(3);
    const taken = await json('POST', `/resources/pv_power_site?${q}`);
    expect(taken.status).toBe(409);
  });

  it('reads Python-formatted query values (True, printed lists of numbers and of dicts)', async () => {
    const coefficients = encodeURIComponent(
      "[{'day_of_year': 1, 'signed_zenith_coefficients': {'a': 0.5, 'b': None}}]",
    );
    const q =
      `name=Py&latitude=10&longitude=20&capacity=1&tracker_back_tracking=True&dust_soiling_average=${encodeURIComponent('[0.01, 0.02, 0.03]')}` +
      `&clearsky_zenith_coefficients=${coefficients}&format=json`;
    const made = await json('POST', `/resources/pv_power_site?${q}`);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      tracker_back_tracking: true,
      dust_soiling_average: [0.01, 0.02, 0.03],
      clearsky_zenith_coefficients: [{ day_of_year: 1, signed_zenith_coefficients: { a: 0.5, b: null } }],
    });
  });

  it('answers csv with a header of the fields', async () => {
    const r = await call('GET', '/resources/pv_power_site?resource_id=ba75-e17a-7374-95ed&format=csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const [header, row] = (await r.text()).trim().split('\r\n');
    const cols = header!.split(',');
    expect(cols[0]).toBe('resource_id');
    expect(cols).toContain('is_unmetered');
    expect(row!.startsWith('ba75-e17a-7374-95ed,Test Site: Sydney Opera House,-33.856784,151.215297,1,')).toBe(true);
  });

  it.each([
    ['latitude', 91],
    ['latitude', 'north'],
    ['longitude', -180.5],
    ['capacity', 0],
    ['capacity', -1],
    ['capacity_dc', 0],
    ['install_date', 'yesterday'],
    ['tracking_type', 'dual_axis'],
    ['azimuth', 181],
    ['tilt', -1],
    ['tilt', 91],
    ['bifacial_system', 'yes'],
    ['bifaciality_factor', 1.2],
    ['derating_age_system', 0.5],
    ['derating_other_system', 1.5],
    ['derating_temp_module', 0.5],
    ['dust_soiling_average', [0.1, 0.2, 0.3, 0.4, 0.5]],
    ['dust_soiling_average', [0.1, 2]],
    ['dust_soiling_average', 'dusty'],
    ['grid_export_limit', -0.5],
    ['grid_export_limit', -2],
    ['ground_coverage_ratio', 0],
    ['inverter_peak_efficiency', 1.01],
    ['module_type', 'perovskite'],
    ['pvrow_height', 0],
    ['pvrow_width', 51],
    ['site_ground_albedo', 1.1],
    ['terrain_azimuth', -181],
    ['terrain_slope', 61],
    ['tracker_axis_azimuth', 200],
    ['tracker_back_tracking', 1],
    ['tracker_max_rotation_angle', 91],
    ['tracker_smart_tracking', 'no'],
    ['name', ''],
    ['clearsky_zenith_coefficients', [{ day_of_year: 400 }]],
    ['resource_id', 'has space'],
  ])('refuses %s = %j with a 400 naming the field', async (field, value) => {
    const r = await json('POST', '/resources/pv_power_site', { ...pvBody, [field]: value });
    expect(r.status).toBe(400);
    expect(r.body.response_status.error_code).toBe('BadRequest');
    expect(r.body.response_status.errors[0].field_name).toContain(field);
  });

  it('requires the fields of each operation', async () => {
    const created = await json('POST', '/resources/pv_power_site', { latitude: 1 });
    expect(created.body.response_status.errors.map((e: any) => e.field_name).sort()).toEqual([
      'capacity',
      'longitude',
      'name',
    ]);
    const put = await json('PUT', '/resources/pv_power_site', { ...pvBody, resource_id: 'x' });
    expect(put.body.response_status.errors.map((e: any) => e.field_name).sort()).toEqual([
      'capacity_dc',
      'install_date',
      'tracking_type',
    ]);
    const patch = await json('PATCH', '/resources/pv_power_site', { tilt: 3 });
    expect(patch.body.response_status.errors.map((e: any) => e.field_name)).toEqual(['resource_id']);
  });

  it('bounds capacities, so that a site cannot make its power series overflow into a non-JSON Infinity', async () => {
    for (const [path, body] of [
      ['/resources/pv_power_site', pvBody],
      ['/resources/wind_power_site', windBody],
    ] as const) {
      const huge = await json('POST', path, { ...body, capacity: 1e308 });
      expect(huge.status).toBe(400);
      expect(huge.body.response_status.errors.map((e: any) => e.field_name)).toEqual(['capacity']);
      // The literal message of a non-positive capacity is kept.
      expect((await json('POST', path, { ...body, capacity: 0 })).body.response_status.message).toBe(
        "'capacity' must be greater than '0'.",
      );
    }
    const dc = await json('POST', '/resources/pv_power_site', { ...pvBody, capacity_dc: 1e308 });
    expect(dc.body.response_status.errors.map((e: any) => e.field_name)).toEqual(['capacity_dc']);
    // The largest capacity accepted still gives a finite series in valid JSON.
    const big = await json('POST', '/resources/pv_power_site', { ...pvBody, capacity: 1e7, capacity_dc: 1e7 });
    expect(big.status).toBe(200);
    const series = await call(
      'GET',
      `/data/live/advanced_pv_power?resource_id=${big.body.resource_id}&hours=24&format=json`,
    );
    expect(series.status).toBe(200);
    const rows = JSON.parse(await series.text()).estimated_actuals as { pv_power_advanced: number }[];
    expect(Math.max(...rows.map((r) => r.pv_power_advanced))).toBeGreaterThan(1e6);
  });

  it('refuses zenith coefficients nested deeper than JSON can be stored, instead of a 500', async () => {
    // 100,000 levels fit in the 1 MB body limit and parse, but storing them overflowed the stack.
    const n = 100_000;
    const body =
      `{"name":"Deep","latitude":1,"longitude":1,"capacity":1,"clearsky_zenith_coefficients":[{"day_of_year":1,` +
      `"signed_zenith_coefficients":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]}`;
    const r = await fetch(`${server.baseUrl}/resources/pv_power_site`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(400);
    const err = ((await r.json()) as any).response_status.errors[0];
    expect(err.field_name).toBe('clearsky_zenith_coefficients[0].signed_zenith_coefficients');
    // Ordinary coefficient objects are stored and echoed.
    const ok = await json('POST', '/resources/pv_power_site', {
      ...pvBody,
      cloudy_zenith_coefficients: [
        { day_of_year: 2, signed_zenith_coefficients: { '-80': [0.1, 0.2], '10': { a: 1 } } },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.cloudy_zenith_coefficients[0].signed_zenith_coefficients).toEqual({
      '-80': [0.1, 0.2],
      '10': { a: 1 },
    });
  });

  it('refuses a blank string or an empty list sent in a JSON body instead of ignoring it', async () => {
    const made = await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'blank-1' });
    expect(made.status).toBe(200);
    for (const [field, value] of [
      ['name', ''],
      ['name', '  '],
      ['tracking_type', ''],
      ['install_date', ' '],
      ['dust_soiling_average', []],
    ] as const) {
      const patched = await json('PATCH', '/resources/pv_power_site', { resource_id: 'blank-1', [field]: value });
      expect(patched.status, `${field} = ${JSON.stringify(value)}`).toBe(400);
      expect(patched.body.response_status.errors.map((e: any) => e.field_name)).toEqual([field]);
    }
    expect((await json('POST', '/resources/pv_power_site', { ...pvBody, module_type: '' })).status).toBe(400);
    expect((await json('GET', '/resources/pv_power_site?resource_id=blank-1')).body.name).toBe(pvBody.name);
    // An empty resource_id at creation still means "generate one"; null still means absent.
    expect((await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: '', tilt: null })).status).toBe(
      200,
    );
  });

  it("hides another account's site (404) and keeps the test sites read-only", async () => {
    const made = await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'private-1' });
    expect(made.status).toBe(200);
    expect((await call('GET', '/resources/pv_power_site?resource_id=private-1', undefined, other)).status).toBe(404);
    expect((await call('PATCH', '/resources/pv_power_site', { resource_id: 'private-1', tilt: 3 }, other)).status).toBe(
      404,
    );
    expect((await call('DELETE', '/resources/pv_power_site?resource_id=private-1', undefined, other)).status).toBe(404);
    expect(
      (await json('GET', '/resources/pv_power_site?resource_id=private-1', undefined, key)).body.tilt,
    ).toBeUndefined();
    const sydney = await json('GET', '/resources/pv_power_site?resource_id=ba75-e17a-7374-95ed', undefined, other);
    expect(sydney.body).toMatchObject({ name: 'Test Site: Sydney Opera House', is_unmetered: true });
    expect(
      (await call('PATCH', '/resources/pv_power_site', { resource_id: 'ba75-e17a-7374-95ed', tilt: 3 }, other)).status,
    ).toBe(403);
  });

  it("creating a site under another account's resource_id answers 404, as for any site the caller may not see", async () => {
    expect((await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'private-2' })).status).toBe(200);
    const theirs = await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'private-2' }, other);
    expect(theirs.status).toBe(404);
    expect(theirs.body.response_status.error_code).toBe('NotFound');
    // The same body for an id nobody has: created. So 404 and 409 never tell another account's sites apart.
    expect(JSON.stringify(theirs.body)).toBe(
      JSON.stringify((await json('GET', '/resources/pv_power_site?resource_id=private-2', undefined, other)).body),
    );
    const wind = await json('POST', '/resources/wind_power_site', { ...windBody, resource_id: 'private-2' }, other);
    expect(wind.status).toBe(404);
    // Its owner, and everyone for a shared test site, see the site: 409 Conflict.
    expect((await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'private-2' })).status).toBe(409);
    expect(
      (await json('POST', '/resources/pv_power_site', { ...pvBody, resource_id: 'ba75-e17a-7374-95ed' }, other)).status,
    ).toBe(409);
  });

  it('escapes text a spreadsheet would run as a formula in CSV, and leaves numbers as they are', async () => {
    const made = await json('POST', '/resources/pv_power_site', {
      ...pvBody,
      name: '=HYPERLINK("http://evil.example","click")',
      longitude: -149.25,
      resource_id: 'csv-formula',
    });
    expect(made.status).toBe(200);
    const r = await call('GET', '/resources/pv_power_site?resource_id=csv-formula&format=csv');
    const [header, row] = (await r.text()).trim().split('\r\n');
    const cells = header!.split(',');
    const values = row!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ''));
    expect(values[cells.indexOf('name')]).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(values[cells.indexOf('longitude')]).toBe('-149.25');
    for (const [name, escaped] of [
      ['+1 formula', "'+1 formula"],
      ['-cmd', "'-cmd"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['-12.5', '-12.5'],
      ['plain', 'plain'],
    ]) {
      await json('PATCH', '/resources/pv_power_site', { resource_id: 'csv-formula', name });
      const text = await (await call('GET', '/resources/pv_power_site?resource_id=csv-formula&format=csv')).text();
      expect(text.split('\r\n')[1]!.split(',')[cells.indexOf('name')], name).toBe(escaped);
    }
  });
});

describe('wind power sites', () => {
  it('creates with the defaults of spec 2.2, replaces, patches, reads and deletes', async () => {
    const made = await json('POST', '/resources/wind_power_site', windBody);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      ...windBody,
      rotor_diameter: 100,
      hub_height: 80,
      number_of_turbines: 1,
      cut_in_wind_speed: 3,
      cut_out_wind_speed: 25,
      rated_wind_speed: 12,
      allow_negative_power: false,
    });
    expect(made.body).not.toHaveProperty('rated_power');
    const rid = made.body.resource_id;
    const put = await json('PUT', '/resources/wind_power_site', {
      ...windBody,
      resource_id: rid,
      number_of_turbines: 10,
      rated_power: 3,
    });
    expect(put.body).toMatchObject({ number_of_turbines: 10, rated_power: 3, hub_height: 80 });
    const patch = await json('PATCH', '/resources/wind_power_site', { resource_id: rid, hub_height: 120 });
    expect(patch.body).toMatchObject({ number_of_turbines: 10, rated_power: 3, hub_height: 120, name: 'Wind Farm' });
    expect((await json('GET', `/resources/wind_power_site?resource_id=${rid}`)).body).toEqual(patch.body);
    // a wind site is not a PV site
    expect((await call('GET', `/resources/pv_power_site?resource_id=${rid}`)).status).toBe(404);
    expect((await call('DELETE', `/resources/wind_power_site?resource_id=${rid}`)).status).toBe(200);
    expect((await call('GET', `/resources/wind_power_site?resource_id=${rid}`)).status).toBe(404);
  });

  it.each([
    ['rotor_diameter', 19],
    ['rotor_diameter', 201],
    ['rated_power', 0.05],
    ['rated_power', 15001],
    ['hub_height', 9],
    ['hub_height', 201],
    ['number_of_turbines', 0],
    ['number_of_turbines', 501],
    ['number_of_turbines', 2.5],
    ['cut_in_wind_speed', -1],
    ['cut_in_wind_speed', 11],
    ['cut_out_wind_speed', 14],
    ['cut_out_wind_speed', 36],
    ['rated_wind_speed', 7],
    ['rated_wind_speed', 21],
    ['allow_negative_power', 'true'],
    ['capacity', 0],
    ['latitude', -91],
    ['grid_export_limit', -3],
  ])('refuses %s = %j with a 400 naming the field', async (field, value) => {
    const r = await json('POST', '/resources/wind_power_site', { ...windBody, [field]: value });
    expect(r.status).toBe(400);
    expect(r.body.response_status.errors.map((e: any) => e.field_name)).toContain(field);
  });

  it('checks cut-in < rated < cut-out on the merged configuration of a patch', async () => {
    const made = await json('POST', '/resources/wind_power_site', { ...windBody, cut_in_wind_speed: 9 });
    expect(made.status).toBe(200);
    const bad = await json('PATCH', '/resources/wind_power_site', {
      resource_id: made.body.resource_id,
      rated_wind_speed: 8.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.response_status.errors[0].field_name).toBe('rated_wind_speed');
    expect(
      (await json('GET', `/resources/wind_power_site?resource_id=${made.body.resource_id}`)).body.rated_wind_speed,
    ).toBe(12);
  });
});

describe('site lists', () => {
  let lister: string;
  beforeAll(async () => {
    lister = (await server.createAccount('lister')).key;
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(
            'POST',
            '/resources/wind_power_site',
            { ...windBody, name: `Lister farm ${i}`, resource_id: `lister-${i}` },
            lister,
          )
        ).status,
      ).toBe(200);
    }
  });

  it('pages with a total (version 3) and returns the bare array to legacy accounts', async () => {
    const page = await json('GET', '/resources/wind_power_sites?skip=1&take=2', undefined, lister);
    expect(page.body).toMatchObject({ offset: 1, total: 5, meta: {} });
    expect(page.body.results.map((s: any) => s.resource_id)).toEqual(['lister-1', 'lister-2']);
    const pv = await json('GET', '/resources/pv_power_sites', undefined, legacy);
    expect(Array.isArray(pv.body)).toBe(true);
    expect(pv.body).toHaveLength(8); // the shared test sites
    const asked = await json('GET', '/resources/pv_power_sites?format=json;version=3&take=3', undefined, legacy);
    expect(asked.body.total).toBe(8);
    expect(asked.body.results).toHaveLength(3);
  });

  it('filters by query, creation time and entitlement', async () => {
    const q = await json('GET', '/resources/wind_power_sites?query=FARM%203', undefined, lister);
    expect(q.body.results.map((s: any) => s.resource_id)).toEqual(['lister-3']);
    const future = await json(
      'GET',
      `/resources/wind_power_sites?start=${new Date((TEST_NOW + 1) * 1000).toISOString()}`,
      undefined,
      lister,
    );
    expect(future.body.total).toBe(0);
    const before = await json('GET', '/resources/pv_power_sites?end=2021-01-01', undefined, lister);
    expect(before.body.total).toBe(8);
    expect((await json('GET', '/resources/wind_power_sites?entitlement=advanced', undefined, lister)).body.total).toBe(
      0,
    );
    expect((await json('GET', '/resources/wind_power_sites?entitlement=premium', undefined, lister)).body.total).toBe(
      5,
    );
    expect(
      (await json('GET', '/resources/pv_power_sites?query=stonehenge', undefined, lister)).body.results[0].resource_id,
    ).toBe('1a57-6b1f-ec18-c5c8');
  });

  it('lets only an admin show_all', async () => {
    expect((await call('GET', '/resources/wind_power_sites?show_all=true', undefined, lister)).status).toBe(403);
    const all = await json('GET', '/resources/wind_power_sites?show_all=true&take=1000', undefined, admin);
    const mine = await json('GET', '/resources/wind_power_sites', undefined, admin);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    expect(mine.body.total).toBe(0);
  });

  it('answers csv and refuses bad paging', async () => {
    const r = await call('GET', '/resources/wind_power_sites?format=csv', undefined, lister);
    const lines = (await r.text()).trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['resource_id', 'name', 'latitude']);
    expect(
      (await json('GET', '/resources/wind_power_sites?take=1001', undefined, lister)).body.response_status.errors[0]
        .field_name,
    ).toBe('take');
    expect((await json('GET', '/resources/wind_power_sites?skip=-1', undefined, lister)).status).toBe(400);
    // offset is an int32 in the paged envelope (spec 2.3): a larger skip would answer an offset
    // that typed clients cannot read.
    for (const path of [
      '/resources/wind_power_sites',
      '/utility_scale_sites/ba75-e17a-7374-95ed/measurements',
      '/resources/pv_power_site_measurements/sub_units?resource_id=ba75-e17a-7374-95ed&x=1',
    ]) {
      const sep = path.includes('?') ? '&' : '?';
      const big = await json('GET', `${path}${sep}skip=2147483648`, undefined, lister);
      expect(big.status, path).toBe(400);
      expect(big.body.response_status.errors[0].field_name).toBe('skip');
      const edge = await json('GET', `${path}${sep}skip=2147483647`, undefined, lister);
      expect(edge.body).toMatchObject({ offset: 2147483647, results: [] });
    }
    expect((await json('GET', '/resources/wind_power_sites?format=xml', undefined, lister)).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every site, measurement and site power operation with its parameters', async () => {
    const doc = (await (await fetch(server.baseUrl + '/openapi.json')).json()) as any;
    expect(Object.keys(doc.paths['/resources/pv_power_site']).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
      'put',
    ]);
    expect(Object.keys(doc.paths['/resources/wind_power_site']).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
      'put',
    ]);
    const list = doc.paths['/resources/pv_power_sites'].get.parameters.map((p: any) => p.name);
    expect(list).toEqual(
      expect.arrayContaining([
        'query',
        'start',
        'end',
        'entitlement',
        'forecast_production',
        'show_all',
        'skip',
        'take',
      ]),
    );
    for (const path of [
      '/utility_scale_sites/{resource_id}/measurements',
      '/resources/pv_power_site_measurements/sub_units',
      '/data/historic/advanced_pv_power',
      '/data/live/advanced_pv_power',
      '/data/forecast/advanced_pv_power',
      '/data/forecast/wind_power',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
