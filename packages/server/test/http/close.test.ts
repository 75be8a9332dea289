/**
 * Closing the server: fastify closes the idle connections itself, but a connection with a request
 * in flight (a body that trickles in, an answer the client stopped reading) is never idle. Past
 * `closeGraceMs` it is cut, so a shutdown always ends.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';

describe('closing the server', () => {
  it('cuts a connection still busy after the close grace instead of waiting for it', async () => {
    // The body time limit (60 s) is far past the grace (300 ms): only the grace can end this close.
    const s = await startTestServer({ bodyTimeoutMs: 60_000, closeGraceMs: 300 });
    const { key } = await s.createAccount();
    const { hostname, port } = new URL(s.baseUrl);
    const socket = connect(Number(port), hostname);
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Announces 100 bytes, sends 10, then nothing more: the request stays in flight.
    socket.write(
      `POST /resources/pv_power_site HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"a',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await s.close();
    const took = performance.now() - started;
    await socketClosed;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(10_000);
  }, 30_000);
});
