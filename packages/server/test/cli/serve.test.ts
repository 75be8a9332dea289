/**
 * `solarkit serve` as a process, as a person starts it: the address it listens on and the URL it
 * prints, the key lines, where the request log goes, TLS, the messages of a bad start, and that
 * SIGTERM and SIGINT to `npm start` stop the server and leave no process behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer as createNetServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../support/tls.js';

const ROOT = join(__dirname, '..', '..', '..', '..');
const BIN = join(ROOT, 'packages', 'server', 'bin', 'solarkit.js');
const dir = mkdtempSync(join(tmpdir(), 'solarkit-serve-'));
const env: NodeJS.ProcessEnv = { ...process.env, SOLARKIT_NOW: '2026-11-20T12:00:00Z' };
delete env.PORT;
delete env.HOST;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  out: () => string;
  err: () => string;
}

/** Spawns a command and resolves once stdout has a `documentation:` line (or rejects with what it said). */
function start(command: string, args: string[], cwd = ROOT, extraEnv: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready line: ${out}${err}`));
    }, 60_000);
    child.stdout!.on('data', () => {
      if (/^documentation: /m.test(out)) {
        clearTimeout(timer);
        resolve({ child, out: () => out, err: () => err });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${out}${err}`));
    });
  });
}

/** Runs the command to its end: exit code, stdout, stderr. */
function finish(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

function stop(s: Started): Promise<void> {
  return new Promise((resolve) => {
    if (s.child.exitCode !== null) {
      resolve();
      return;
    }
    s.child.on('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

const listening = (out: string): URL => new URL(/^solarkit API listening on (\S+) /m.exec(out)![1]!);

describe('solarkit serve', () => {
  it('listens on 127.0.0.1 by default and prints that URL; stdout for people, the JSON request log on stderr', async () => {
    const db = join(dir, 'default.db');
    const s = await start(process.execPath, [BIN, 'serve', '--port', '0', '--db', db]);
    try {
      const url = listening(s.out());
      expect(url.protocol).toBe('http:');
      expect(url.hostname).toBe('127.0.0.1');
      const curl =
        /^try: curl -H "Authorization: Bearer ([0-9a-f-]+)" "(http:\/\/127\.0\.0\.1:\d+\/data\/[^"]+)"$/m.exec(
          s.out(),
        )!;
      expect(curl).not.toBeNull();
      expect(s.out()).toContain(`created the database ${db}\n`);
      expect(s.out()).toMatch(new RegExp(`^documentation: http://127\\.0\\.0\\.1:${url.port}/docs$`, 'm'));
      const r = await fetch(curl[2]!, { headers: { authorization: `Bearer ${curl[1]}` } });
      expect(r.status).toBe(200);
      expect((await r.text()).split('\r\n')[0]).toBe('air_temp,dni,ghi,period_end,period');
      // No JSON on stdout; the request is logged on stderr, the key never.
      expect(s.out()).not.toMatch(/^\{/m);
      await expect.poll(() => s.err()).toMatch(/"url":"\/data\/live\/radiation_and_weather\?latitude=/);
      for (const line of s.err().trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(s.err()).not.toContain(curl[1]!);
    } finally {
      await stop(s);
    }
    // The second start on the same database: no new key, but how to make one.
    const again = await start(process.execPath, [BIN, 'serve', '--port', '0', '--db', db]);
    try {
      expect(again.out()).not.toContain('created the demo account');
      expect(again.out()).toContain(
        `keys are shown once, when made: for a new key run  npx solarkit keys create demo --db ${db}\n`,
      );
      expect(again.out()).toMatch(
        /^then: curl -H "Authorization: Bearer <key>" "http:\/\/127\.0\.0\.1:\d+\/data\/live\//m,
      );
    } finally {
      await stop(again);
    }
  }, 120_000);

  it('--host 0.0.0.0 listens on every interface and says so; --log-file takes the request log', async () => {
    const log = join(dir, 'requests.log');
    const s = await start(process.execPath, [
      BIN,
      'serve',
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--log-file',
      log,
      '--db',
      join(dir, 'wide.db'),
    ]);
    try {
      const url = listening(s.out());
      expect(url.hostname).toBe('0.0.0.0');
      expect(s.out()).toContain('on every interface (--host 0.0.0.0): other machines can reach it');
      expect(s.out()).toContain(`request log (JSON lines): ${log}\n`);
      expect(s.out()).toMatch(new RegExp(`^documentation: http://127\\.0\\.0\\.1:${url.port}/docs$`, 'm'));
      expect((await fetch(`http://127.0.0.1:${url.port}/health`)).status).toBe(200);
      await expect.poll(() => readFileSync(log, 'utf8')).toContain('"url":"/health"');
      expect(s.err()).toBe('');
    } finally {
      await stop(s);
    }
  }, 60_000);

  it('--tls-cert and --tls-key: an https URL, a curl line that trusts the self-signed certificate, HTTPS answers', async () => {
    const cert = selfSignedCertificate();
    try {
      const s = await start(process.execPath, [
        BIN,
        'serve',
        '--port',
        '0',
        '--tls-cert',
        cert.certPath,
        '--tls-key',
        cert.keyPath,
        '--db',
        join(dir, 'tls.db'),
      ]);
      try {
        const url = listening(s.out());
        expect(url.protocol).toBe('https:');
        const curl = new RegExp(
          `^try: curl --cacert ${cert.certPath} -H "Authorization: Bearer ([0-9a-f-]+)" "(https://127\\.0\\.0\\.1:${url.port}/data/[^"]+)"$`,
          'm',
        ).exec(s.out())!;
        expect(curl).not.toBeNull();
        const body = await new Promise<string>((resolve, reject) => {
          httpsRequest(curl[2]!, { ca: cert.cert, headers: { authorization: `Bearer ${curl[1]}` } }, (res) => {
            let text = '';
            res.on('data', (d: Buffer) => {
              text += d.toString();
            });
            res.on('end', () => resolve(text));
          })
            .on('error', reject)
            .end();
        });
        expect(body.split('\r\n')[0]).toBe('air_temp,dni,ghi,period_end,period');
      } finally {
        await stop(s);
      }
      // The same through the environment variables.
      const viaEnv = await start(process.execPath, [BIN, 'serve', '--port', '0', '--db', join(dir, 'tls.db')], ROOT, {
        SOLARKIT_TLS_CERT: cert.certPath,
        SOLARKIT_TLS_KEY: cert.keyPath,
      });
      try {
        expect(listening(viaEnv.out()).protocol).toBe('https:');
      } finally {
        await stop(viaEnv);
      }
    } finally {
      rmSync(cert.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a bad start names its cause: a missing or mismatched TLS file, a port in use', async () => {
    const a = selfSignedCertificate();
    const b = selfSignedCertificate();
    const db = join(dir, 'bad.db');
    try {
      const missing = await finish([
        'serve',
        '--port',
        '0',
        '--tls-cert',
        join(a.dir, 'none.pem'),
        '--tls-key',
        a.keyPath,
        '--db',
        db,
      ]);
      expect([missing.code, missing.err]).toEqual([
        1,
        `error: cannot read the TLS certificate ${join(a.dir, 'none.pem')}: ENOENT\n`,
      ]);
      const mismatched = await finish([
        'serve',
        '--port',
        '0',
        '--tls-cert',
        a.certPath,
        '--tls-key',
        b.keyPath,
        '--db',
        db,
      ]);
      expect([mismatched.code, mismatched.err]).toEqual([
        1,
        `error: the TLS key ${b.keyPath} is not the key of the certificate ${a.certPath}\n`,
      ]);
      writeFileSync(join(a.dir, 'junk.pem'), 'not a certificate');
      const junk = await finish([
        'serve',
        '--port',
        '0',
        '--tls-cert',
        join(a.dir, 'junk.pem'),
        '--tls-key',
        a.keyPath,
        '--db',
        db,
      ]);
      expect(junk.err).toBe(
        `error: the TLS certificate ${join(a.dir, 'junk.pem')} is not a PEM certificate (-----BEGIN CERTIFICATE-----)\n`,
      );
    } finally {
      rmSync(a.dir, { recursive: true, force: true });
      rmSync(b.dir, { recursive: true, force: true });
    }
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const fresh = join(dir, 'busy.db');
      const busy = await finish(['serve', '--port', String(port), '--db', fresh]);
      expect([busy.code, busy.err]).toEqual([
        1,
        `error: port ${port} on 127.0.0.1 is in use by another program: choose another with --port\n`,
      ]);
      // Said before anything else: no warm-up (16.6 s before), no database made.
      expect(busy.out).toBe('');
      expect(existsSync(fresh)).toBe(false);
    } finally {
      taken.close();
    }
  }, 120_000);
});

/** Process ids whose command line names `marker` (from /proc: no process survives unseen). */
function processesNaming(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return pids;
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe.skipIf(process.platform !== 'linux')('npm start and signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to `npm start` stops the server: the port is released and no process is left',
    async (signal) => {
      const db = join(dir, `npm-start-${signal}.db`);
      const s = await start('npm', ['start', '--silent', '--', '--port', '0', '--db', db]);
      const port = Number(listening(s.out()).port);
      expect(processesNaming(db).length).toBeGreaterThan(0);
      const exited = new Promise<void>((resolve) => s.child.on('exit', () => resolve()));
      s.child.kill(signal); // to npm alone, as a process manager or `kill` does
      await exited;
      await expect.poll(() => refused(port), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => processesNaming(db), { timeout: 15_000 }).toEqual([]);
    },
    90_000,
  );
});
