import type { HTTPMethods } from 'fastify';
import { fixedClock } from 'solarkit/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app.js';
import { daylitLocation, resolveExample } from '../../src/http/openapi.js';
import { DATA_ENDPOINTS } from '../../src/routes/data.js';
import { TEST_NOW, startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] }>
  >;
};

describe('OpenAPI document', () => {
  it('describes every data route with the parameters validation uses', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as Doc;
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of DATA_ENDPOINTS) {
      const op = doc.paths[e.path]?.get;
      expect(op, e.path).toBeDefined();
      const names = op!.parameters.map((p) => p.name);
      for (const def of e.params) {
        expect(names).toContain(def.name);
        const p = op!.parameters.find((x) => x.name === def.name)!;
        expect(p.required).toBe(def.required === true);
        const schema = (def.type.endsWith('[]') ? p.schema.items : p.schema) as Record<string, unknown>;
        if (def.minimum !== undefined) expect(schema.minimum).toBe(def.minimum);
        if (def.maximum !== undefined) expect(schema.maximum).toBe(def.maximum);
        if (def.exclusiveMinimum !== undefined)
          expect([schema.minimum, schema.exclusiveMinimum]).toEqual([def.exclusiveMinimum, true]);
        if (def.exclusiveMaximum !== undefined)
          expect([schema.maximum, schema.exclusiveMaximum]).toEqual([def.exclusiveMaximum, true]);
        if (def.enum && def.type === 'enum') expect(p.schema.enum).toEqual(def.enum);
      }
      expect(names).toContain('format');
    }
  });

  it('documented bounds are the enforced bounds', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as Doc;
    const hours = doc.paths['/data/live/radiation_and_weather']!.get!.parameters.find((p) => p.name === 'hours')!;
    const { key } = await s.createAccount();
    const at = (h: number): Promise<number> =>
      s
        .get(`/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&format=json&hours=${h}`, key)
        .then(async (r) => {
          await r.arrayBuffer(); // read whole: an unread large answer keeps its connection busy
          return r.status;
        });
    expect(await at(Number(hours.schema.maximum))).toBe(200);
    expect(await at(Number(hours.schema.maximum) + 1)).toBe(400);
    expect(await at(Number(hours.schema.minimum))).toBe(200);
    expect(await at(Number(hours.schema.minimum) - 1)).toBe(400);
  });

  it('has a browsable page', async () => {
    const html = await (await fetch(`${s.baseUrl}/docs`)).text();
    for (const e of DATA_ENDPOINTS) expect(html).toContain(e.path);
    expect(html).toContain('/openapi.json');
  });
});

type Operation = {
  operationId: string;
  'x-example-url'?: string;
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: { 200: { content: { 'application/json': { example?: unknown } } } };
};

describe('the examples of the OpenAPI document and /docs', () => {
  it('every operation has an example request and the answer this server gave to it', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    let count = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        count++;
        const url = op['x-example-url'];
        expect(url, `${method} ${path}`).toBeDefined();
        expect(url!.split('?')[0]!.replace(/[^/]+(?=\/measurements$)/, '{resource_id}'), `${method} ${path}`).toBe(
          path,
        );
        expect(op.responses[200].content['application/json'].example, `${method} ${path}`).toBeDefined();
        if (method === 'post' || method === 'put' || method === 'patch') {
          expect(op.requestBody!.content['application/json'].example, `${method} ${path}`).toBeDefined();
        }
      }
    }
    expect(count).toBe(s.app.solarkit.openapi.operations().length);
    // The answers were 2xx: the runner's record of them says so, operation by operation.
    const answers = await s.app.solarkit.openapi.exampleAnswers();
    expect(answers.size).toBe(count);
    for (const [op, answer] of answers)
      expect(answer.status, `${op.method} ${op.path}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeLessThan(300);
  });

  it('an example answer is what the server answers to the same request (lists of records cut to 3)', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const { key } = await s.createAccount();
    for (const path of [
      '/data/tmy/rooftop_pv_power',
      '/data/historic/radiation_and_weather',
      '/resources/pv_power_site',
    ]) {
      const op = doc.paths[path]!.get!;
      const real = (await (await s.get(op['x-example-url']!, key)).json()) as Record<string, unknown>;
      const shown = op.responses[200].content['application/json'].example as Record<string, unknown>;
      // Lists of records are cut to 3; lists of numbers (dust_soiling_average) stay whole.
      const cut = Object.fromEntries(
        Object.entries(real).map(([k, v]) => [k, Array.isArray(v) && typeof v[0] === 'object' ? v.slice(0, 3) : v]),
      );
      expect(shown, path).toEqual(cut);
    }
    // The example site writes of the documentation happened on the runner's own database.
    expect((await s.get('/resources/pv_power_site?resource_id=example-pv-site', key)).status).toBe(404);
  });

  it('/docs: contents with a link to every operation, an anchor for each, a curl request and a JSON response in each', async () => {
    const html = await (await fetch(`${s.baseUrl}/docs`)).text();
    const ids = [...html.matchAll(/<section class="operation" id="([^"]+)">/g)].map((m) => m[1]!);
    expect(ids.length).toBe(s.app.solarkit.openapi.operations().length);
    const toc = html.slice(html.indexOf('<nav class="toc">'), html.indexOf('</nav>'));
    for (const id of ids) expect(toc).toContain(`href="#${id}"`);
    const sections = html.split('<section class="operation"').slice(1);
    for (const section of sections) {
      expect(section).toMatch(
        /<pre class="request"><code>curl( -X (POST|PUT|PATCH|DELETE))?( \\\n {2}| )-H &quot;Authorization: Bearer \$SOLARKIT_KEY&quot; /,
      );
      const response = /<pre class="response"><code>([\s\S]*?)<\/code><\/pre>/.exec(section)![1]!;
      const text = response
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(() => JSON.parse(text) as unknown).not.toThrow();
    }
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const live = doc.paths['/data/live/radiation_and_weather']!.get!['x-example-url']!.replace(/&/g, '&amp;');
    expect(html).toContain(`curl -H &quot;Authorization: Bearer $SOLARKIT_KEY&quot; &#39;${s.baseUrl}${live}&#39;`);
  });
});

type RowSchema = { properties: Record<string, { description?: string; 'x-unit'?: string }> };
type SeriesOperation = Operation & {
  parameters: { name: string; schema: { items?: { enum?: string[] } } }[];
  responses: {
    200: { content: { 'application/json': { schema: { properties: Record<string, { items: RowSchema }> } } } };
  };
};

/** The series operations of a document (paths under /data/), each with its rows' schema and example rows. */
function seriesOperations(doc: { paths: Record<string, Record<string, SeriesOperation>> }) {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/data/'))
    .map(([path, ops]) => {
      const op = ops.get!;
      const json = op.responses[200].content['application/json'];
      const [key, list] = Object.entries(json.schema.properties)[0]!;
      const example = json.example as Record<string, Record<string, unknown>[]>;
      return { path, op, row: list.items, rows: example[key]! };
    });
}

describe('the output parameters and the examples of the data endpoints', () => {
  it('every output parameter an endpoint can answer has a unit and a description in the OpenAPI document and on /docs', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, SeriesOperation>>;
    };
    const html = await (await fetch(`${s.baseUrl}/docs`)).text();
    const ops = seriesOperations(doc);
    expect(ops.length).toBe(DATA_ENDPOINTS.length + 6); // and advanced PV and wind power, three each
    const units = new Map<string, string>();
    for (const { path, op, row, rows } of ops) {
      const requestable = op.parameters.find((p) => p.name === 'output_parameters')?.schema.items?.enum ?? [];
      // Soiling has no output_parameters: its one field is the example's.
      const answered = Object.keys(rows[0]!).filter((k) => k !== 'period_end' && k !== 'period');
      const fields = [...new Set([...requestable, ...answered])];
      expect(fields.length, path).toBeGreaterThan(0);
      for (const name of fields) {
        const field = row.properties[name];
        expect(field, `${path}: ${name}`).toBeDefined();
        expect(field!['x-unit'], `${path}: ${name}`).toMatch(/\S/);
        expect(field!.description!.length, `${path}: ${name}`).toBeGreaterThan(15);
        expect(field!.description, `${path}: ${name}`).toContain(`Unit: ${field!['x-unit']}.`);
        units.set(name, field!['x-unit']!);
      }
      const section = html.slice(html.indexOf(`id="${op.operationId}"`));
      const table = section.slice(
        section.indexOf('<table class="outputs">'),
        section.indexOf('</table>', section.indexOf('<table class="outputs">')),
      );
      for (const name of fields)
        expect(table, `${path}: ${name}`).toContain(
          `<td><code>${name}</code></td><td>${units.get(name)!.replace('&', '&amp;')}</td>`,
        );
    }
    // The units of contract section 4, spot-checked.
    expect(
      Object.fromEntries(
        [
          'ghi',
          'air_temp',
          'surface_pressure',
          'precipitable_water',
          'pv_power_rooftop',
          'pv_power_advanced',
          'wind_power',
          'hsu_loss_fraction',
          'weather_type',
        ].map((n) => [n, units.get(n)]),
      ),
    ).toEqual({
      ghi: 'W/m2',
      air_temp: 'degrees C',
      surface_pressure: 'hPa',
      precipitable_water: 'kg/m2',
      pv_power_rooftop: 'kW',
      pv_power_advanced: 'MW',
      wind_power: 'MW',
      hsu_loss_fraction: 'fraction',
      weather_type: 'text',
    });
  });

  it('the examples of irradiance and PV power are in daylight (the test clock is 23:07 in Sydney, the examples place)', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, SeriesOperation>>;
    };
    let checked = 0;
    for (const { path, rows } of seriesOperations(doc)) {
      for (const name of ['ghi', 'dni', 'pv_power_rooftop', 'pv_power_advanced']) {
        if (!(name in rows[0]!)) continue;
        checked++;
        for (const r of rows) expect(r[name], `${path}: ${name} at ${String(r.period_end)}`).toBeGreaterThan(0);
      }
    }
    expect(checked).toBe(4 * 2 + 4 + 3); // radiation ghi and dni, rooftop, advanced PV
  });

  it('a live or forecast example moves to the unmetered place (or its shared test site) where the sun is highest', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(daylitLocation(at('2026-11-20T11:07:00Z')).name).toBe('Giza Pyramid Complex');
    expect(daylitLocation(at('2026-11-20T02:00:00Z')).name).toBe('Sydney Opera House');
    expect(daylitLocation(at('2026-06-21T19:00:00Z')).name).toBe('Grand Canyon');
    const example = { query: { latitude: '-33.856784', longitude: '151.215297', hours: '2' } };
    expect(
      resolveExample({ ...example, daylight: { by: 'place', offsetSeconds: -3600 } }, at('2026-11-20T12:07:00Z')),
    ).toEqual({
      query: { latitude: '29.977296', longitude: '31.132496', hours: '2' },
    });
    expect(
      resolveExample(
        { query: { resource_id: 'ba75-e17a-7374-95ed' }, daylight: { by: 'site', offsetSeconds: 3600 } },
        at('2026-11-20T01:00:00Z'),
      ),
    ).toEqual({ query: { resource_id: 'ba75-e17a-7374-95ed' } });
    expect(resolveExample(example, 0)).toEqual(example);
  });
});

describe('every route documents itself (config.openapi, recorded as the route is declared)', () => {
  it("an embedding server's prefixed plugin route is documented at its full path; every operation is a route", async () => {
    const app = await createServer({
      dbPath: ':memory:',
      clock: fixedClock(TEST_NOW),
      compute: { threads: 0 },
      plugins: [
        {
          plugin: async (app) => {
            app.get<{ Params: { id: string } }>(
              '/things/:id',
              {
                config: {
                  openapi: {
                    summary: 'One thing',
                    tags: ['mine'],
                    params: [],
                    pathParams: [{ name: 'id', description: 'The thing.' }],
                  },
                },
              },
              async (request) => ({ id: request.params.id }),
            );
            app.get('/undocumented', async () => ({}));
          },
          options: { prefix: '/my' },
        },
      ],
    });
    try {
      const doc = (await (await app.inject({ url: '/openapi.json' })).json()) as {
        paths: Record<string, Record<string, { summary: string }>>;
      };
      // The GET, not fastify's HEAD twin of it.
      expect(Object.keys(doc.paths['/my/things/{id}']!)).toEqual(['get']);
      expect(doc.paths['/my/things/{id}']!.get!.summary).toBe('One thing');
      expect(Object.keys(doc.paths)).not.toContain('/my/undocumented');
      // The API's own paths come first, in the order their plugins are registered.
      expect(Object.keys(doc.paths)[0]).toBe('/health');
      expect(Object.keys(doc.paths).at(-1)).toBe('/my/things/{id}');
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) {
          const url = path.replace(/\{([^}]+)\}/g, ':$1');
          expect(app.hasRoute({ method: method.toUpperCase() as HTTPMethods, url }), `${method} ${path}`).toBe(true);
        }
      }
      expect((await app.inject({ url: '/my/things/7' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
