/**
 * The caps of the sites one account stores, over HTTP (issue 34; docs/api.md "Limits of sites"):
 * a configuration over maxConfigBytes is a 413, a create past maxSitesPerAccount a 403, both in
 * the API's JSON error shape with a message that names the cap and its value; a list page ends at
 * maxListBytes of configurations and says where the next one starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_LIMITS } from '../../src/storage/types.js';
import { type TestServer, startTestServer } from '../support/server.js';

type ErrorBody = {
  response_status: {
    error_code: string;
    message: string;
    stack_trace: string;
    errors: { error_code: string; field_name: string; message: string; meta: Record<string, unknown> }[];
    meta: Record<string, unknown>;
  };
};

const coefficients = (days: number, perDay = 20) =>
  Array.from({ length: days }, (_, i) => ({
    day_of_year: (i % 366) + 1,
    signed_zenith_coefficients: Object.fromEntries(
      Array.from({ length: perDay }, (_, k) => [`z${k}`, Math.round(Math.sin(i * perDay + k) * 1e6) / 1e3]),
    ),
  }));

async function send(server: TestServer, key: string, method: string, path: string, body?: unknown) {
  const r = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, headers: r.headers, text: await r.text() };
}

const site = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  latitude: -35.1,
  longitude: 149.2,
  capacity: 10,
  ...extra,
});

describe('the default caps', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = (await server.createAccount()).key;
  });
  afterAll(async () => server.close());

  it('refuse the 0.87 MB configuration of issue 34 with 413 naming the cap, and store one of both coefficient lists over a year', async () => {
    // 2,700 days' worth of 20 coefficients: about 0.87 MB of JSON, under the 1 MiB body limit.
    const huge = await send(
      server,
      key,
      'POST',
      '/resources/pv_power_site',
      site('huge', {
        clearsky_zenith_coefficients: coefficients(2700),
      }),
    );
    expect(huge.status).toBe(413);
    const body = JSON.parse(huge.text) as ErrorBody;
    expect(body.response_status.error_code).toBe('PayloadTooLarge');
    expect(body.response_status.message).toContain(`at most ${DEFAULT_SITE_LIMITS.maxConfigBytes} bytes`);
    expect(body.response_status.errors[0]).toMatchObject({
      error_code: 'MaxConfigBytes',
      field_name: 'body',
      meta: { Limit: DEFAULT_SITE_LIMITS.maxConfigBytes },
    });
    expect(body.response_status.errors[0]!.meta.Size).toBeGreaterThan(800_000);
    expect(body.response_status.stack_trace).toBe('');
    // Both coefficient lists over a whole year, at 20 coefficients a day: under the cap.
    const year = await send(
      server,
      key,
      'POST',
      '/resources/pv_power_site',
      site('year', {
        clearsky_zenith_coefficients: coefficients(366, 12),
        cloudy_zenith_coefficients: coefficients(366, 12),
      }),
    );
    expect(year.status).toBe(200);
    expect(year.text.length).toBeGreaterThan(100_000);
  });
});

describe('caps set in ServerOptions.siteLimits', () => {
  let server: TestServer;
  let key: string;
  let legacy: string;
  beforeAll(async () => {
    server = await startTestServer({
      siteLimits: { maxConfigBytes: 4000, maxSitesPerAccount: 3, maxListBytes: 6000 },
    });
    key = (await server.createAccount('caps')).key;
    legacy = (await server.createAccount('caps-legacy', { formatVersion: 'legacy' })).key;
  });
  afterAll(async () => server.close());

  it('answer 413 for a configuration over maxConfigBytes on POST, PUT and PATCH, and store nothing of it', async () => {
    const big = { clearsky_zenith_coefficients: coefficients(30) };
    const created = await send(
      server,
      key,
      'POST',
      '/resources/pv_power_site',
      site('small', { resource_id: 'cap-a' }),
    );
    expect(created.status).toBe(200);
    const attempts = [
      await send(server, key, 'POST', '/resources/pv_power_site', site('big', big)),
      await send(server, key, 'PUT', '/resources/pv_power_site', {
        ...site('big'),
        resource_id: 'cap-a',
        capacity_dc: 12,
        install_date: '2024-01-01',
        tracking_type: 'fixed',
        ...big,
      }),
      await send(server, key, 'PATCH', '/resources/pv_power_site', { resource_id: 'cap-a', ...big }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(413);
      const body = JSON.parse(r.text) as ErrorBody;
      expect(body.response_status.error_code).toBe('PayloadTooLarge');
      expect(body.response_status.message).toMatch(
        /^The site's configuration would be \d+ bytes of JSON; a site may store at most 4000 bytes/,
      );
    }
    const read = await send(server, key, 'GET', '/resources/pv_power_site?resource_id=cap-a');
    expect(JSON.parse(read.text)).not.toHaveProperty('clearsky_zenith_coefficients');
    expect(JSON.parse(read.text).name).toBe('small');
  });

  it('answer 403 for a create past maxSitesPerAccount, wind and PV counted together', async () => {
    const { key: own } = await server.createAccount();
    expect((await send(server, own, 'POST', '/resources/pv_power_site', site('one'))).status).toBe(200);
    expect((await send(server, own, 'POST', '/resources/wind_power_site', site('two'))).status).toBe(200);
    expect((await send(server, own, 'POST', '/resources/pv_power_site', site('three'))).status).toBe(200);
    const fourth = await send(server, own, 'POST', '/resources/wind_power_site', site('four'));
    expect(fourth.status).toBe(403);
    const body = JSON.parse(fourth.text) as ErrorBody;
    expect(body.response_status.error_code).toBe('Forbidden');
    expect(body.response_status.message).toBe(
      "An account may have at most 3 sites (the server's maxSitesPerAccount); delete one to create another.",
    );
    expect(body.response_status.errors[0]).toMatchObject({ error_code: 'MaxSitesPerAccount', meta: { Limit: 3 } });
    // Replacing and patching an existing site still work at the cap.
    const list = JSON.parse((await send(server, own, 'GET', '/resources/wind_power_sites?format=json;version=3')).text);
    const id = list.results[0].resource_id as string;
    expect(
      (await send(server, own, 'PATCH', '/resources/wind_power_site', { resource_id: id, capacity: 20 })).status,
    ).toBe(200);
  });

  it('end a list page at maxListBytes, with meta.next_skip and a Link to the next page that together list every site', async () => {
    const { key: lister } = await server.createAccount();
    for (let i = 0; i < 3; i++) {
      const r = await send(
        server,
        lister,
        'POST',
        '/resources/wind_power_site',
        site(`w${i}`, { resource_id: `page-${i}` }),
      );
      expect(r.status).toBe(200);
    }
    // PV sites with coefficients of some 2 kB each: after the eight shared test sites, two fit in
    // a page of 6000 bytes and the third starts the next one.
    const { key: pvLister } = await server.createAccount();
    for (let i = 0; i < 3; i++) {
      const r = await send(
        server,
        pvLister,
        'POST',
        '/resources/pv_power_site',
        site(`p${i}`, {
          resource_id: `pv-page-${i}`,
          clearsky_zenith_coefficients: coefficients(7, 14),
        }),
      );
      expect(r.status).toBe(200);
    }
    const seen: string[] = [];
    let path: string | undefined = '/resources/pv_power_sites?format=json;version=3&take=100';
    let pages = 0;
    while (path !== undefined && pages < 10) {
      const r = await send(server, pvLister, 'GET', path);
      expect(r.status).toBe(200);
      const body = JSON.parse(r.text);
      seen.push(...body.results.map((s: { resource_id: string }) => s.resource_id));
      const link = r.headers.get('link');
      if (body.offset + body.results.length < body.total) {
        expect(body.meta.next_skip).toBe(body.offset + body.results.length);
        expect(link).toMatch(/^<\/resources\/pv_power_sites\?[^>]*skip=\d+>; rel="next"$/);
        expect(link).toContain('take=100');
        path = /^<([^>]+)>/.exec(link!)![1];
      } else {
        expect(body.meta).toEqual({});
        expect(link).toBeNull();
        path = undefined;
      }
      pages++;
    }
    // The eight shared test sites and the three with coefficients, each once, in order.
    expect(seen.slice(-3)).toEqual(['pv-page-0', 'pv-page-1', 'pv-page-2']);
    expect(seen).toHaveLength(11);
    expect(pages).toBeGreaterThan(1);
    // CSV carries the Link too; a list within the cap (the legacy account sees only the eight
    // shared sites) has none.
    const legacyList = await send(server, legacy, 'GET', '/resources/pv_power_sites?take=100');
    expect(JSON.parse(legacyList.text)).toHaveLength(8);
    expect(legacyList.headers.get('link')).toBeNull();
    const csv = await send(server, pvLister, 'GET', '/resources/pv_power_sites?format=csv&take=100');
    expect(csv.headers.get('link')).toMatch(/rel="next"$/);
    const wind = await send(server, lister, 'GET', '/resources/wind_power_sites?format=json;version=3');
    expect(JSON.parse(wind.text).results).toHaveLength(3);
    expect(wind.headers.get('link')).toBeNull();
  });
});
