import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ENDPOINTS } from '../../src/routes/data.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters: { name: string; required: boolean; schema: Record<string, unknown> }[] }>> };

describe('OpenAPI document', () => {
  it('describes every data route with the parameters validation uses', async () => {
    const doc = await (await fetch(`${s.baseUrl}/openapi.json`)).json() as Doc;
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
        if (def.exclusiveMinimum !== undefined) expect([schema.minimum, schema.exclusiveMinimum]).toEqual([def.exclusiveMinimum, true]);
        if (def.exclusiveMaximum !== undefined) expect([schema.maximum, schema.exclusiveMaximum]).toEqual([def.exclusiveMaximum, true]);
        if (def.enum && def.type === 'enum') expect(p.schema.enum).toEqual(def.enum);
      }
      expect(names).toContain('format');
    }
  });

  it('documented bounds are the enforced bounds', async () => {
    const doc = await (await fetch(`${s.baseUrl}/openapi.json`)).json() as Doc;
    const hours = doc.paths['/data/live/radiation_and_weather']!.get!.parameters.find((p) => p.name === 'hours')!;
    const { key } = await s.createAccount();
    const at = (h: number): Promise<number> =>
      s.get(`/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&format=json&hours=${h}`, key).then((r) => r.status);
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
