import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, freshDatabase } from '../support/backend.js';

const run = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'bin', 'solarkit.js');
const dir = mkdtempSync(join(tmpdir(), 'solarkit-cli-'));
// The database of the run's backend (support/backend.ts): --db is a SQLite file or a PostgreSQL URL.
let database: TestDatabase;
let serveDatabase: TestDatabase;
let db: string;
beforeAll(async () => {
  database = await freshDatabase('cli');
  serveDatabase = await freshDatabase('serve');
  db = database.location;
});
// In a clone the command runs the source through tsx, whatever dist/ holds.
const env = { ...process.env };

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [BIN, ...args, '--db', db], { env });
}

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
  await serveDatabase.drop();
});

describe('solarkit command line', () => {
  it('creates accounts and keys, lists them, and revokes a key', async () => {
    await cli('accounts', 'create', 'acme', '--plan', 'radiation,soiling', '--format-version', 'legacy', '--quota', '50');
    await cli('accounts', 'create', 'root', '--admin');
    const accounts = (await cli('accounts', 'list')).stdout;
    expect(accounts).toMatch(/acme\tfalse\tlegacy\t50\tradiation,soiling/);
    expect(accounts).toMatch(/root\ttrue\t3\t1000\t/);
    const { stdout } = await cli('keys', 'create', 'acme');
    const lines = stdout.trimEnd().split('\n');
    const key = lines[lines.length - 1]!;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const keys = (await cli('keys', 'list')).stdout;
    expect(keys).toContain(`acme\t${key.slice(0, 8)}`);
    expect(keys).not.toContain(key);
    expect((await cli('keys', 'revoke', key)).stdout.trim()).toBe('revoked');
    expect((await cli('keys', 'list')).stdout).toMatch(new RegExp(`acme\\t${key.slice(0, 8)}…\\t\\S+\\t\\d{4}-`));
  });

  it('refuses bad input with a non-zero exit', async () => {
    await expect(cli('keys', 'create', 'nobody')).rejects.toMatchObject({ code: 1 });
    await expect(cli('accounts', 'create', 'x', '--plan', 'everything')).rejects.toMatchObject({ code: 1 });
    await expect(cli('accounts', 'create', 'y', '--format-version', '2')).rejects.toMatchObject({ code: 2 });
    await expect(cli('frobnicate')).rejects.toMatchObject({ code: 2 });
  });

  it('serve: creates a demo account on an empty database and answers the printed curl request', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', serveDatabase.location], { env });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no curl line: ${out}`)), 30_000);
        child.stdout.on('data', (d) => {
          out += String(d);
          if (/try: curl/.test(out)) { clearTimeout(timer); resolve(); }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const curl = /try: curl -H "Authorization: Bearer ([0-9a-f-]+)" "http:\/\/localhost:(\d+)([^"]+)"/.exec(out)!;
      expect(curl).not.toBeNull();
      const r = await fetch(`http://127.0.0.1:${curl[2]}${curl[3]}`, { headers: { authorization: `Bearer ${curl[1]}` } });
      expect(r.status).toBe(200);
      expect((await r.text()).split('\r\n')[0]).toBe('air_temp,dni,ghi,period_end,period');
    } finally {
      child.kill('SIGTERM');
      // Its database is dropped after the test: the server must have let go of it.
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    }
  });
});

describe('bin/solarkit.js', () => {
  // A package laid out in a temporary directory: the real launcher, a src/ and a dist/ that
  // only say which of them ran, and (when asked) the project's node_modules for tsx.
  function layout(parts: { src: boolean; dist: boolean; tsx: boolean }): string {
    const root = mkdtempSync(join(tmpdir(), 'solarkit-bin-'));
    mkdirSync(join(root, 'bin'));
    copyFileSync(BIN, join(root, 'bin', 'solarkit.js'));
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    if (parts.src) {
      mkdirSync(join(root, 'src', 'cli'), { recursive: true });
      writeFileSync(join(root, 'src', 'cli', 'main.ts'), "const from: string = 'source';\nconsole.log(from);\n");
    }
    if (parts.dist) {
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'dist', 'cli.js'), "console.log('dist');\n");
    }
    if (parts.tsx) symlinkSync(join(__dirname, '..', '..', '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
    return root;
  }

  async function which(root: string, extra: NodeJS.ProcessEnv = {}): Promise<string> {
    const { stdout } = await run(process.execPath, [join(root, 'bin', 'solarkit.js')], { env: { ...process.env, ...extra } });
    rmSync(root, { recursive: true, force: true });
    return stdout.trim();
  }

  it('runs the source in a clone even when dist/ exists (dist/ may be stale)', async () => {
    expect(await which(layout({ src: true, dist: true, tsx: true }))).toBe('source');
    expect(await which(layout({ src: true, dist: false, tsx: true }))).toBe('source');
  }, 30_000);

  it('runs dist/ in an installed package (no src/), without tsx, or when SOLARKIT_FROM_DIST is set', async () => {
    expect(await which(layout({ src: false, dist: true, tsx: true }))).toBe('dist');
    expect(await which(layout({ src: true, dist: true, tsx: false }))).toBe('dist');
    expect(await which(layout({ src: true, dist: true, tsx: true }), { SOLARKIT_FROM_DIST: '1' })).toBe('dist');
  }, 30_000);
});
