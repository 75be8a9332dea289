import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/app.js';
import { queryRows } from '../support/backend.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Sydney Opera House: an unmetered location, so these requests spend no quota.
const LIVE = '/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=1&format=json';

let s: TestServer;
let logs = '';
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs += String(chunk);
      cb();
    },
  });
  s = await startTestServer({
    logStream,
    bodyLimit: 1024,
    plugins: [
      async (app) => {
        app.post('/test/echo', async (request) => ({ received: request.body }));
      },
    ],
  });
});
afterAll(async () => {
  await s.close();
});

describe('key transports', () => {
  it('accepts the key as a Bearer header, as api_key, and as HTTP Basic user name', async () => {
    const { key } = await s.createAccount();
    const bearer = await fetch(s.baseUrl + LIVE, { headers: { authorization: `Bearer ${key}` } });
    const query = await fetch(`${s.baseUrl}${LIVE}&api_key=${key}`);
    const basic = await fetch(s.baseUrl + LIVE, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    expect([bearer.status, query.status, basic.status]).toEqual([200, 200, 200]);
    const bodies = await Promise.all([bearer.text(), query.text(), basic.text()]);
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
  });

  it('accepts and redacts from the log every spelling of the key parameter that authentication reads', async () => {
    const { key } = await s.createAccount();
    // Each is one name to the server's query parser and name matching: each authenticates.
    const spellings = [
      'api_key',
      'apiKey',
      'API_KEY',
      'a_p_i_key',
      'api__key',
      '_api_key_',
      'api%5Fkey',
      '%61pi_key',
      'api-key',
      'api.key',
    ];
    for (const name of spellings) {
      const r = await fetch(`${s.baseUrl}${LIVE}&${name}=${key}`);
      expect(r.status, name).toBe(200);
      await r.arrayBuffer();
    }
    // A repeated key; and a key after a '#' (the router's query starts at the first '?' or '#' too).
    expect((await fetch(`${s.baseUrl}${LIVE}&api_key=${key}&api_key=${key}`)).status).toBe(200);
    expect(logs).not.toContain(key);
    for (const name of spellings) expect(logs, name).toContain(`${name}=[redacted]`);
    expect(redactUrl(`/x#a=1&%61pi_key=${key}`)).toBe('/x#a=1&%61pi_key=[redacted]');
    expect(redactUrl(`/x?a=${key}`)).toBe(`/x?a=${key}`);
    expect(redactUrl('/x?api_key')).toBe('/x?api_key=[redacted]');
  });

  it('refuses HTTP Basic with a password: the contract takes the key as the user name and an empty password', async () => {
    const { key } = await s.createAccount();
    const basic = (user: string, password: string) =>
      fetch(s.baseUrl + LIVE, {
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
    const r = await basic(key, 'secret');
    expect(r.status).toBe(401);
    expect(((await r.json()) as { response_status: { message: string } }).response_status.message).toMatch(
      /empty password/,
    );
    expect((await basic(key, '')).status).toBe(200);
  });

  it('never writes the api_key query value to the log', async () => {
    const { key } = await s.createAccount();
    const r = await fetch(`${s.baseUrl}${LIVE}&api_key=${key}`);
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 50));
    expect(logs).toContain('api_key=[redacted]');
    expect(logs).not.toContain(key);
    expect(redactUrl(`/x?a=1&api_key=${key}&b=2`)).toBe('/x?a=1&api_key=[redacted]&b=2');
  });
});

describe('401 and 403', () => {
  const unauthorizedCases: [string, Record<string, string>, string][] = [
    ['no key', {}, ''],
    ['malformed key', { authorization: 'Bearer not-a-uuid' }, ''],
    ['unknown key', { authorization: 'Bearer 00000000-0000-4000-8000-000000000000' }, ''],
    ['another scheme', { authorization: 'Token 00000000-0000-4000-8000-000000000000' }, ''],
    ['empty api_key', {}, '&api_key='],
  ];
  it.each(unauthorizedCases)('401 Unauthorized for %s', async (_name, headers, suffix) => {
    const r = await fetch(s.baseUrl + LIVE + suffix, { headers });
    expect(r.status).toBe(401);
    const body = (await r.json()) as { response_status: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['response_status']);
    expect(body.response_status).toMatchObject({ error_code: 'Unauthorized', stack_trace: '', errors: [], meta: {} });
    expect(typeof body.response_status.message).toBe('string');
  });

  it('401 for a revoked key, which worked before', async () => {
    const { key } = await s.createAccount();
    expect((await s.get(LIVE, key)).status).toBe(200);
    expect(await s.storage.accounts.revokeKey(key)).toBe(true);
    const r = await s.get(LIVE, key);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { response_status: { error_code: string } }).response_status.error_code).toBe(
      'Unauthorized',
    );
  });

  it('403 Forbidden when the plan lacks the endpoint family', async () => {
    const { key } = await s.createAccount(undefined, { plans: ['soiling'] });
    const r = await s.get(LIVE, key);
    expect(r.status).toBe(403);
    const body = (await r.json()) as { response_status: Record<string, unknown> };
    expect(body.response_status).toMatchObject({ error_code: 'Forbidden', stack_trace: '', errors: [] });
    const soiling = await s.get(
      '/data/live/soiling/kimber?latitude=-33.856784&longitude=151.215297&hours=1&format=json',
      key,
    );
    expect(soiling.status).toBe(200);
  });

  it('stores keys only as hashes', async () => {
    const { key } = await s.createAccount();
    const rows = await queryRows(s.dbPath, 'SELECT * FROM api_keys');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(key);
    expect(rows.some((r) => typeof r.key_hash === 'string' && (r.key_hash as string).length === 64)).toBe(true);
  });
});

describe('public paths and protocol errors', () => {
  it('serves /health, /openapi.json and /docs without a key, with or without a trailing slash', async () => {
    for (const p of [
      '/health',
      '/openapi.json',
      '/docs',
      '/health/',
      '/openapi.json/',
      '/docs/',
      '/health?x=1',
      '/health/?api_key=',
    ]) {
      expect((await fetch(s.baseUrl + p)).status, p).toBe(200);
    }
    // The data routes still want a key, with a trailing slash too.
    expect((await fetch(`${s.baseUrl}/data/live/radiation_and_weather/?latitude=1&longitude=1`)).status).toBe(401);
  });

  it('404 NotFound for an unknown path, 405 for a known path with another method', async () => {
    const nf = await fetch(`${s.baseUrl}/data/live/nothing_here`);
    expect(nf.status).toBe(404);
    expect(((await nf.json()) as { response_status: { error_code: string } }).response_status.error_code).toBe(
      'NotFound',
    );
    const na = await fetch(s.baseUrl + LIVE, { method: 'DELETE' });
    expect(na.status).toBe(405);
    expect(na.headers.get('allow')).toContain('GET');
  });

  it('413 for a body over the limit, 415 for a body that is not JSON, 400 for broken JSON', async () => {
    const { key } = await s.createAccount();
    const headers = { authorization: `Bearer ${key}` };
    const ok = await fetch(`${s.baseUrl}/test/echo`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(ok.status).toBe(200);
    const big = await fetch(`${s.baseUrl}/test/echo`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(5000) }),
    });
    expect(big.status).toBe(413);
    const text = await fetch(`${s.baseUrl}/test/echo`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    const broken = await fetch(`${s.baseUrl}/test/echo`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(broken.status).toBe(400);
    for (const r of [big, text, broken]) {
      const body = (await r.json()) as { response_status: { stack_trace: string; meta: object } };
      expect(body.response_status.stack_trace).toBe('');
    }
  });
});
