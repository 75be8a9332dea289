/**
 * The request log (http/request-log.ts): a flood of refused requests with 16 kB URLs writes a
 * bounded number of bytes (3,000 of them wrote 43 MB before), every served request keeps its
 * line, and what a client chose (URL, user agent) is cut with a marker.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOGGED_REFUSED_URL_CHARS,
  LOGGED_URL_CHARS,
  NOISE_LINES_PER_SECOND,
  truncateForLog,
} from '../../src/http/request-log.js';
import { startTestServer, type TestServer } from '../support/server.js';

const LIVE = '/data/live/radiation_and_weather?latitude=-33.856784&longitude=151.215297&hours=1&format=json';
/** A URL just under Node's 16 kB header limit. */
const LONG = 14_000;

/** A log stream that counts bytes and keeps the lines (each cut at 4 kB, so the test itself stays small). */
function capture(): { stream: Writable; bytes: () => number; lines: () => Record<string, unknown>[] } {
  let bytes = 0;
  const kept: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      for (const line of text.split('\n')) if (line !== '') kept.push(line.length > 4096 ? '{}' : line);
      cb();
    },
  });
  return { stream, bytes: () => bytes, lines: () => kept.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** Runs `n` requests, `concurrency` at a time. */
async function flood(n: number, concurrency: number, one: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const r = await one(next++);
        await r.arrayBuffer();
        statuses.push(r.status);
      }
    }),
  );
  return statuses;
}

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('the request log', () => {
  it('writes under 64 kB for 3,000 unauthenticated requests with 16 kB URLs (43 MB before)', async () => {
    const log = capture();
    // A fixed time: the whole flood falls in one second of the limit, so the count is exact.
    s = await startTestServer({ logStream: log.stream, requestLog: { nowMs: () => 0 } });
    const padding = 'x'.repeat(LONG);
    const statuses = await flood(3000, 16, (i) =>
      // Half with no key on a data route (401), half on unknown paths (404).
      fetch(i % 2 === 0 ? `${s!.baseUrl}${LIVE}&pad=${padding}` : `${s!.baseUrl}/nothing/${i}?pad=${padding}`, {
        headers: { 'user-agent': `flood/${'y'.repeat(1000)}` },
      }),
    );
    expect(statuses.filter((x) => x === 401).length).toBe(1500);
    expect(statuses.filter((x) => x === 404).length).toBe(1500);
    await s.close();
    s = undefined;
    const lines = log.lines();
    const requests = lines.filter((l) => l.msg === 'request completed');
    const summaries = lines.filter((l) => String(l.msg).startsWith('suppressed'));
    expect(requests.length).toBe(NOISE_LINES_PER_SECOND);
    expect(summaries.length).toBe(1);
    expect(summaries[0]).toMatchObject({ suppressed: 3000 - NOISE_LINES_PER_SECOND, remoteAddress: '127.0.0.1' });
    expect(summaries[0]!.msg).toBe(
      `suppressed ${3000 - NOISE_LINES_PER_SECOND} similar lines (requests refused without work, from this address)`,
    );
    expect(log.bytes()).toBeLessThan(64 * 1024);
    // What was logged is cut, with the marker.
    const req = requests[0]!.req as { url: string; userAgent: string };
    expect(req.url).toMatch(/\.\.\.\[truncated \d+ chars\]$/);
    expect(req.url.length).toBeLessThan(LOGGED_REFUSED_URL_CHARS + 40);
    expect(req.userAgent).toMatch(/^flood\/y+\.\.\.\[truncated \d+ chars\]$/);
  });

  it('logs every served request, beyond the allowance of refused ones, and summarises a quiet client', async () => {
    const log = capture();
    let now = 0;
    s = await startTestServer({ logStream: log.stream, requestLog: { nowMs: () => now } });
    const { key } = await s.createAccount();
    // 25 refused (10 logged, 15 suppressed), then 30 served with long URLs: all 30 logged.
    await flood(25, 5, () => fetch(`${s!.baseUrl}${LIVE}`));
    const served = await flood(30, 5, () => s!.get(`${LIVE}&pad=${'z'.repeat(3000)}`, key));
    expect(served.every((x) => x === 200)).toBe(true);
    // A second later the next refused request first writes the summary of the last second.
    now = 1500;
    expect((await fetch(`${s.baseUrl}/nothing`)).status).toBe(404);
    const lines = log.lines();
    const completed = lines.filter((l) => l.msg === 'request completed');
    const ok = completed.filter((l) => (l.res as { statusCode: number }).statusCode === 200);
    expect(ok.length).toBe(30);
    for (const l of ok) {
      // A served request's URL is cut at the longer bound.
      expect((l.req as { url: string }).url).toMatch(/^\/data\/live\/.*\.\.\.\[truncated \d+ chars\]$/);
      expect((l.req as { url: string }).url.length).toBeGreaterThan(LOGGED_URL_CHARS);
    }
    expect(completed.filter((l) => (l.res as { statusCode: number }).statusCode === 401).length).toBe(10);
    expect(completed.filter((l) => (l.res as { statusCode: number }).statusCode === 404).length).toBe(1);
    expect(lines.filter((l) => l.suppressed === 15).length).toBe(1);
  });

  it('cuts a string with a marker that says how much was left out', () => {
    expect(truncateForLog('abcdef', 3)).toBe('abc...[truncated 3 chars]');
    expect(truncateForLog('abc', 3)).toBe('abc');
  });
});
