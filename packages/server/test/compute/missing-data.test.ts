/**
 * A data file missing from the data directory is a 503 (contract section 5, docs/api.md) on the
 * worker threads as on the main thread: the error keeps its kind across the compute pool (it
 * became a 500 there), and the message names the missing data file, never the server's absolute
 * directories.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_VARIABLE, MissingDataError } from 'solarkit/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWorkerError, toWorkerError } from '../../src/compute/errors.js';
import { ApiError } from '../../src/http/errors.js';
import { type TestServer, startTestServer } from '../support/server.js';

// An empty data directory: every data file is missing. Set before the server (and its worker
// threads, which copy the environment when they start) exists.
const empty = mkdtempSync(join(tmpdir(), 'solarkit-no-data-'));
const previous = process.env[DATA_DIR_VARIABLE];
let s: TestServer;
let key: string;
beforeAll(async () => {
  process.env[DATA_DIR_VARIABLE] = empty;
  s = await startTestServer({ compute: { threads: 1 } });
  key = (await s.createAccount()).key;
});
afterAll(async () => {
  await s.close();
  if (previous === undefined) delete process.env[DATA_DIR_VARIABLE];
  else process.env[DATA_DIR_VARIABLE] = previous;
  rmSync(empty, { recursive: true, force: true });
});

interface ErrorBody {
  response_status: { error_code: string; message: string };
}

describe('a data file missing from the data directory', () => {
  it('gives 503 naming the data file, not the directory, for TMY (computed in a worker thread)', async () => {
    for (const path of [
      '/data/tmy/rooftop_pv_power?latitude=40.7&longitude=-74&capacity=5&format=json',
      '/data/tmy/radiation_and_weather?latitude=40.7&longitude=-74&format=json',
    ]) {
      const r = await s.get(path, key);
      const body = (await r.json()) as ErrorBody;
      expect(r.status, path).toBe(503);
      expect(body.response_status.error_code).toBe('ServiceUnavailable');
      expect(body.response_status.message).toMatch(/needs the data file '[a-z]+\/[^']+'/);
      expect(body.response_status.message).not.toContain(empty);
      expect(body.response_status.message).not.toContain(tmpdir());
    }
    expect(s.app.solarkit.compute.pool?.threads).toBe(1);
  });

  it('gives the same 503 on the main thread (a short live request)', async () => {
    const r = await s.get('/data/live/radiation_and_weather?latitude=40.7&longitude=-74&hours=2&format=json', key);
    const body = (await r.json()) as ErrorBody;
    expect(r.status).toBe(503);
    expect(body.response_status.message).not.toContain(empty);
  });
});

describe('errors across the worker boundary', () => {
  it('rebuild the kind and fields of the error thrown in the worker, through a structured clone', () => {
    const cross = (e: unknown) => fromWorkerError(structuredClone(toWorkerError(e)));
    const missing = cross(new MissingDataError('climate/precipitation.f32', ['/srv/data']));
    expect(missing).toBeInstanceOf(MissingDataError);
    expect(missing).toMatchObject({ file: 'climate/precipitation.f32', searched: ['/srv/data'] });
    const api = cross(new ApiError(400, 'BadRequest', 'no', [], { 'x-a': '1' }));
    expect(api).toBeInstanceOf(ApiError);
    expect(api).toMatchObject({ status: 400, errorCode: 'BadRequest', headers: { 'x-a': '1' } });
    expect(cross(new RangeError('r'))).toBeInstanceOf(RangeError);
    expect(cross(new TypeError('t'))).toBeInstanceOf(TypeError);
    expect((cross(new SyntaxError('s')) as Error).name).toBe('SyntaxError');
    // A value that is no description passes as it is.
    expect(fromWorkerError('plain')).toBe('plain');
  });
});
