/**
 * Requests Node's HTTP parser refuses before fastify sees a request (headers over the 16 kB limit,
 * malformed HTTP) are answered in the API's JSON error body (contract section 5) like every other
 * error: fastify's own answer was `{"error","message","statusCode"}`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const { port } = new URL(s.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      text += d;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
    socket.write(request);
  });
}

describe('errors of the HTTP parser', () => {
  it('431 for headers over the limit, in the JSON error body', async () => {
    const r = await raw(`GET /health?pad=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.body).toEqual({
      response_status: {
        error_code: 'RequestHeaderFieldsTooLarge',
        message: 'The request line and headers are larger than the limit (16 kB); send a shorter URL or fewer headers.',
        stack_trace: '',
        errors: [],
        meta: {},
      },
    });
  });

  it('400 for malformed HTTP, in the JSON error body', async () => {
    for (const request of [
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
    ]) {
      const r = await raw(request);
      expect(r.status, request).toBe(400);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.body).toEqual({
        response_status: {
          error_code: 'BadRequest',
          message: 'The request is not valid HTTP/1.1.',
          stack_trace: '',
          errors: [],
          meta: {},
        },
      });
    }
  });
});
