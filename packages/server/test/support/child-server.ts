/**
 * The real server as a child process (`solarkit serve` through tsx) on a given database file, for
 * the measurement tests that need a second process or a process to kill. The clock is fixed by
 * SOLARKIT_NOW so that answers are reproducible.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Starts the server on `dbPath`; resolves with the child and its base URL once it listens. */
export function spawnServer(dbPath: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/server/src/cli/main.ts',
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--db',
      dbPath,
    ],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SOLARKIT_NOW: '2026-11-20T12:00:00Z' },
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // a server that never said it listens must not outlive the test
      reject(new Error(`server did not start: ${out}`));
      // serve warms the TMY path (main thread and compute threads) before it listens: about 6 s
      // of CPU alone, so three nodes started at once beside other test files on 2 cores took
      // more than 30 s. A safety net against a server that never starts, not a measure.
    }, 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, baseUrl: m[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}
