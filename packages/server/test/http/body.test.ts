/**
 * Request bodies (issue 15, item 6): a body that trickles in is cut off with 408 once the body
 * time limit has passed, and a JSON body that is not valid UTF-8 is refused instead of being stored
 * with replacement characters.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/server.js';

let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await startTestServer({ bodyTimeoutMs: 300 });
  key = (await s.createAccount()).key;
});
afterAll(async () => {
  await s.close();
});

describe('body time limit', () => {
  it('answers 408 and closes the connection when the body does not arrive in time', async () => {
    const { hostname, port } = new URL(s.baseUrl);
    const answer = await new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), hostname, () => {
        // Announces 100 bytes, sends 10, then nothing more.
        socket.write(
          `POST /resources/pv_power_site HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"a',
        );
      });
      socket.on('data', (d: Buffer) => {
        text += d.toString('latin1');
      });
      socket.on('close', () => resolve({ text, closed: true }));
      socket.on('error', reject);
    });
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.text).toContain('"error_code":"RequestTimeout"');
  });

  it('leaves a body that arrives in time, and requests without a body, alone', async () => {
    const r = await fetch(`${s.baseUrl}/resources/pv_power_site`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'On time', latitude: 1, longitude: 2, capacity: 1 }),
    });
    expect(r.status).toBe(200);
    expect((await s.get('/health')).status).toBe(200);
  });
});

describe('UTF-8', () => {
  it('refuses a JSON body that is not valid UTF-8, and stores valid UTF-8 as sent', async () => {
    const post = (body: Buffer) =>
      fetch(`${s.baseUrl}/resources/pv_power_site`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
    const bad = Buffer.concat([
      Buffer.from('{"name":"Caf'),
      Buffer.from([0xe9]),
      Buffer.from('","latitude":1,"longitude":2,"capacity":1}'),
    ]);
    const refused = await post(bad);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      response_status: { errors: { error_code: string; field_name: string }[] };
    };
    expect(body.response_status.errors[0]).toMatchObject({ error_code: 'InvalidUtf8', field_name: 'body' });
    const good = await post(
      Buffer.from(JSON.stringify({ name: 'Café ☀', latitude: 1, longitude: 2, capacity: 1 }), 'utf8'),
    );
    expect(good.status).toBe(200);
    expect(((await good.json()) as { name: string }).name).toBe('Café ☀');
  });
});
