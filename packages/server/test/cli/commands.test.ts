import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/commands.js';
import { openStorage } from '../../src/storage/open.js';
import { TEST_BACKEND, type TestDatabase, freshDatabase, runSql } from '../support/backend.js';

const run = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'bin', 'solarkit.js');
const VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
  .version;
const dir = mkdtempSync(join(tmpdir(), 'solarkit-cli-'));
const db = join(dir, 'cli.db');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  out: string[];
  err: string[];
}

/** The command line in this process: its exit code and what it wrote, line by line. */
async function sk(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')) },
    env,
  );
  return { code, out, err, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** A usage error: exit 2, stderr exactly the one-line error and the hint to the command's --help. */
function expectUsageError(r: Run, message: RegExp | string, command: string): void {
  expect(r.code).toBe(2);
  expect(r.err).toHaveLength(2);
  if (typeof message === 'string') expect(r.err[0]).toBe(`error: ${message}`);
  else expect(r.err[0]).toMatch(message);
  expect(r.err[1]).toBe(`(see: solarkit ${command} --help)`.replace('solarkit  --help', 'solarkit --help'));
  expect(r.stdout).toBe('');
}

describe('solarkit --version and --help', () => {
  it('--version and -v print the package version', async () => {
    for (const flag of ['--version', '-v']) {
      const r = await sk([flag]);
      expect([r.code, r.stdout]).toEqual([0, VERSION]);
    }
  });

  it.each([
    [
      'serve',
      [
        '--port <n>',
        '--host <address>',
        '--tls-cert <file>',
        '--tls-key <file>',
        '--log-file <file>',
        '--weather-dir <dir>',
        '--db <path>',
      ],
    ],
    ['accounts', ['create [options] <name>', 'list [options]', 'delete [options] <account>']],
    ['accounts create', ['--admin', '--plan <families>', '--format-version <version>', '--quota <n>', '--db <path>']],
    ['accounts list', ['--db <path>']],
    ['accounts delete', ['--force', '--db <path>']],
    ['keys', ['create [options] <account>', 'list [options]', 'revoke [options] <key>']],
    ['keys create', ['--db <path>']],
    ['keys list', ['--db <path>']],
    ['keys revoke', ['its id, or its prefix', '--db <path>']],
    ['weather', ['import [options] <file>', 'list [options]', 'remove [options] <id>']],
    ['weather import', ['--latitude <degrees>', '--longitude <degrees>', '--time-zone <hours>', '--weather-dir <dir>']],
    ['weather list', ['--weather-dir <dir>']],
    ['weather remove', ['--weather-dir <dir>']],
    ['check', ['<file>', '--latitude <degrees>', '--longitude <degrees>', '--time-zone <hours>', '--html <file>']],
  ])("solarkit %s --help: that command's usage and options, not the global usage", async (command, expected) => {
    const r = await sk([...command.split(' '), '--help']);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(new RegExp(`^Usage: solarkit ${command} `));
    for (const e of expected) expect(r.stdout).toContain(e);
    expect(r.stdout).not.toContain('Environment:'); // the global help's epilogue
  });

  it('solarkit --help: every command, the environment variables; no arguments: the same help and exit 2', async () => {
    const help = await sk(['--help']);
    expect(help.code).toBe(0);
    for (const c of ['serve', 'accounts', 'keys', 'weather', 'check'])
      expect(help.stdout).toMatch(new RegExp(`\\n  ${c}\\b`));
    expect(help.stdout).toContain('SOLARKIT_TLS_CERT');
    const none = await sk([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: solarkit [options] [command]');
  });
});

describe("usage errors: one line and a hint to the command's --help (exit 2)", () => {
  it.each([
    [['accounts', 'list', '--bogus'], "unknown option '--bogus'", 'accounts list'],
    [
      ['accounts', 'create', 'x', '--quota', '-5'],
      "--quota must be a whole number of transactions a day, 0 or more (got '-5')",
      'accounts create',
    ],
    [
      ['accounts', 'create', 'x', '--quota', '2.5'],
      "--quota must be a whole number of transactions a day, 0 or more (got '2.5')",
      'accounts create',
    ],
    [['serve', '--port', 'abc'], "--port must be a whole number from 0 to 65535 (got 'abc')", 'serve'],
    [['serve', '--port', '70000'], "--port must be a whole number from 0 to 65535 (got '70000')", 'serve'],
    [['serve', '--max-site-versions', '0'], "--max-site-versions must be a whole number 1 or more (got '0')", 'serve'],
    [
      ['serve', '--max-site-config-bytes', '64k'],
      "--max-site-config-bytes must be a whole number 1 or more (got '64k')",
      'serve',
    ],
    [
      ['accounts', 'create', 'y', '--format-version', '2'],
      "--format-version must be 'legacy' or '3' (got '2')",
      'accounts create',
    ],
    [
      ['accounts', 'create', 'z', '--plan', 'everything'],
      /^error: --plan: unknown plan family 'everything' \(known: radiation, .*, or all\)$/,
      'accounts create',
    ],
    [['frobnicate'], "unknown command 'frobnicate'", ''],
    [['keys', 'frobnicate'], "unknown command 'frobnicate'", 'keys'],
    [['keys', 'revoke'], "missing required argument 'key'", 'keys revoke'],
    [['keys', 'list', 'extra'], /^error: too many arguments for 'list'/, 'keys list'],
    [['weather', 'import'], "missing required argument 'file'", 'weather import'],
    [
      ['weather', 'import', 'x.epw', '--latitude', '40'],
      'give both --latitude and --longitude, or neither',
      'weather import',
    ],
    [
      ['weather', 'import', 'x.epw', '--latitude', '40', '--longitude', '-200'],
      "--longitude must be a number from -180 to 180 degrees (got '-200')",
      'weather import',
    ],
    [
      ['serve', '--tls-cert', 'cert.pem'],
      'give both --tls-cert and --tls-key (or SOLARKIT_TLS_CERT and SOLARKIT_TLS_KEY), or neither',
      'serve',
    ],
  ] as [string[], string | RegExp, string][])('solarkit %j', async (args, message, command) => {
    expectUsageError(await sk([...args, '--db', db]), message, command);
  });

  it('an environment variable is named as such: PORT=abc', async () => {
    expectUsageError(
      await sk(['serve', '--db', db], { PORT: 'abc' }),
      "PORT must be a whole number from 0 to 65535 (got 'abc')",
      'serve',
    );
  });

  it('a negative value is a value, not an option: --longitude -108.5', async () => {
    // The file does not exist: the options were accepted, the failure is the file's.
    const r = await sk([
      'weather',
      'import',
      join(dir, 'absent.epw'),
      '--latitude',
      '40.5',
      '--longitude',
      '-108.5',
      '--db',
      db,
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([`error: cannot read ${join(dir, 'absent.epw')}: no such file`]);
  });
});

describe('the database of a command', () => {
  it('a read command on a path with no database: says so, exits 1, and creates nothing', async () => {
    const missing = join(dir, 'typo', 'solarkti.db');
    for (const args of [
      ['keys', 'list'],
      ['accounts', 'list'],
      ['keys', 'create', 'acme'],
      ['keys', 'revoke', '1'],
      ['accounts', 'delete', 'acme'],
    ]) {
      const r = await sk([...args, '--db', missing]);
      expect(r.code).toBe(1);
      expect(r.err).toEqual([
        `error: no database at ${missing}: check --db (or SOLARKIT_DB); 'solarkit serve' or 'solarkit accounts create' makes one`,
      ]);
      expect(existsSync(join(dir, 'typo'))).toBe(false);
    }
    // SOLARKIT_DB is read the same way.
    const viaEnv = await sk(['accounts', 'list'], { SOLARKIT_DB: missing });
    expect(viaEnv.err[0]).toBe(
      `error: no database at ${missing}: check --db (or SOLARKIT_DB); 'solarkit serve' or 'solarkit accounts create' makes one`,
    );
  });

  it('a directory instead of a file: the path and what to give', async () => {
    const r = await sk(['accounts', 'list', '--db', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `error: the database path ${dir} is a directory: give a file in it, e.g. --db ${dir}/solarkit.db`,
    ]);
  });

  it('a postgres:// URL is a database location as given (not a path): an unreachable server is named without its password', async () => {
    const url = 'postgres://solarkit:s3cret@127.0.0.1:1/solarkit';
    for (const r of [await sk(['accounts', 'list', '--db', url]), await sk(['keys', 'list'], { SOLARKIT_DB: url })]) {
      expect(r.code).toBe(1);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(
        /^error: cannot open the database postgres:\/\/solarkit:\*\*\*@127\.0\.0\.1:1\/solarkit: .*ECONNREFUSED/,
      );
      expect(r.stderr + r.stdout).not.toContain('s3cret');
    }
    // Weather files live in a directory: a PostgreSQL database has none beside it.
    expectUsageError(
      await sk(['weather', 'list', '--db', url]),
      'a database in memory or on a PostgreSQL server has no directory beside it: give --weather-dir',
      'weather list',
    );
  });

  it('accounts create makes the database (and its directory) and says so', async () => {
    const fresh = join(dir, 'new', 'deeper', 'solarkit.db');
    const r = await sk(['accounts', 'create', 'first', '--db', fresh]);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([`created the database ${fresh}`]);
    expect(r.stdout).toMatch(/^created account 1 'first': plans=radiation,.* admin=false format_version=3 quota=1000$/);
    expect(existsSync(fresh)).toBe(true);
    // The second time, no such line.
    const again = await sk(['accounts', 'create', 'second', '--db', fresh]);
    expect(again.err).toEqual([]);
    const taken = await sk(['accounts', 'create', 'second', '--db', fresh]);
    expect([taken.code, taken.err]).toEqual([
      1,
      ["error: account 'second' already exists (see: solarkit accounts list)"],
    ]);
  });
});

// On the run's backend (support/backend.ts): --db is a SQLite file, or a PostgreSQL URL in the
// postgres project; the commands go through the database's AccountStore either way.
describe(`accounts and keys (${TEST_BACKEND})`, () => {
  let keysDatabase: TestDatabase;
  let keysDb: string;
  beforeAll(async () => {
    keysDatabase = await freshDatabase('keys');
    keysDb = keysDatabase.location;
  });
  afterAll(async () => keysDatabase.drop());

  it('creates accounts and keys and lists them (keys by their first 8 characters only)', async () => {
    expect(
      (
        await sk([
          'accounts',
          'create',
          'acme',
          '--plan',
          'radiation,soiling',
          '--format-version',
          'legacy',
          '--quota',
          '50',
          '--db',
          keysDb,
        ])
      ).code,
    ).toBe(0);
    expect((await sk(['accounts', 'create', 'root', '--admin', '--db', keysDb])).code).toBe(0);
    const accounts = (await sk(['accounts', 'list', '--db', keysDb])).stdout;
    expect(accounts).toMatch(/\tacme\tfalse\tlegacy\t50\tradiation,soiling/);
    expect(accounts).toMatch(/\troot\ttrue\t3\t1000\t/);
    const made = await sk(['keys', 'create', 'acme', '--db', keysDb]);
    expect(made.err).toEqual(["new key for 'acme' (shown once; only its hash is stored):"]);
    const key = made.out[made.out.length - 1]!;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const keys = (await sk(['keys', 'list', '--db', keysDb])).stdout;
    expect(keys).toMatch(
      new RegExp(`\\n1\\tacme\\t${key.slice(0, 8)}…\\t\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\t-$`),
    );
    expect(keys).not.toContain(key);
    const none = await sk(['keys', 'create', 'nobody', '--db', keysDb]);
    expect([none.code, none.err]).toEqual([1, ["error: no account 'nobody' (see: solarkit accounts list)"]]);
  });

  it('revokes a key by its prefix as `keys list` shows it, by its id, or whole; refuses an ambiguous or unknown one', async () => {
    const d = await openStorage(keysDb);
    const owner = await d.accounts.createAccount('revoker');
    const a = await d.accounts.createKey(owner.id);
    const b = await d.accounts.createKey(owner.id);
    const c = await d.accounts.createKey(owner.id);
    await d.close();
    // Two keys that share their first characters cannot be made at will: their prefixes are set.
    await runSql(keysDb, 'UPDATE api_keys SET key_prefix = ? WHERE id = ?', ['abcd1111', a.id]);
    await runSql(keysDb, 'UPDATE api_keys SET key_prefix = ? WHERE id = ?', ['abcd2222', b.id]);
    const ambiguous = await sk(['keys', 'revoke', 'abcd', '--db', keysDb]);
    expect([ambiguous.code, ambiguous.err]).toEqual([
      1,
      [`error: 'abcd' matches 2 keys (ids ${a.id}, ${b.id}): give the id or more of the key`],
    ]);
    const byPrefix = await sk(['keys', 'revoke', 'abcd1111…', '--db', keysDb]);
    expect([byPrefix.code, byPrefix.stdout]).toEqual([0, `revoked key ${a.id} of 'revoker' (abcd1111…)`]);
    const byId = await sk(['keys', 'revoke', String(b.id), '--db', keysDb]);
    expect(byId.stdout).toBe(`revoked key ${b.id} of 'revoker' (abcd2222…)`);
    const whole = await sk(['keys', 'revoke', c.key.toUpperCase(), '--db', keysDb]);
    expect(whole.stdout).toBe(`revoked key ${c.id} of 'revoker' (${c.key.slice(0, 8)}…)`);
    const twice = await sk(['keys', 'revoke', String(b.id), '--db', keysDb]);
    expect(twice.code).toBe(1);
    expect(twice.err[0]).toMatch(
      new RegExp(`^error: key ${b.id} of 'revoker' \\(abcd2222…\\) was already revoked at \\d{4}-`),
    );
    const unknown = await sk(['keys', 'revoke', 'ffff0000', '--db', keysDb]);
    expect(unknown.err).toEqual([
      "error: no key matches 'ffff0000': give the key, its id or its prefix (see: solarkit keys list)",
    ]);
    // A number beyond every id (and PostgreSQL's 32-bit ids) is no id; as a prefix it matches none here.
    const huge = await sk(['keys', 'revoke', '99999999999', '--db', keysDb]);
    expect(huge.err).toEqual([
      "error: no key matches '99999999999': give the key, its id or its prefix (see: solarkit keys list)",
    ]);
    const list = (await sk(['keys', 'list', '--db', keysDb])).stdout;
    expect(list).toMatch(new RegExp(`\\n${a.id}\\trevoker\\tabcd1111…\\t\\S+\\t\\d{4}-`));
  });

  it('deletes an account with its keys; one that owns sites only with --force', async () => {
    const d = await openStorage(keysDb);
    const owner = await d.accounts.createAccount('landlord');
    await d.accounts.createKey(owner.id);
    await d.sites.createSite(
      'pv',
      owner.id,
      undefined,
      { name: 'roof', latitude: -30, longitude: 150, capacity: 5 },
      1000,
    );
    await d.close();
    const refused = await sk(['accounts', 'delete', 'landlord', '--db', keysDb]);
    expect([refused.code, refused.err]).toEqual([
      1,
      ["error: account 'landlord' owns 1 site (with their measurements): add --force to delete them too"],
    ]);
    const forced = await sk(['accounts', 'delete', 'landlord', '--force', '--db', keysDb]);
    expect([forced.code, forced.stdout]).toEqual([0, `deleted account ${owner.id} 'landlord' with 1 key and 1 site`]);
    const byId = await sk(['accounts', 'delete', '1', '--db', keysDb]);
    expect(byId.stdout).toBe("deleted account 1 'acme' with 1 key");
    const list = (await sk(['accounts', 'list', '--db', keysDb])).stdout;
    expect(list).not.toMatch(/\tacme\t|\tlandlord\t/);
    expect((await sk(['keys', 'list', '--db', keysDb])).stdout).not.toMatch(/\tacme\t/);
    const gone = await sk(['accounts', 'delete', 'acme', '--db', keysDb]);
    expect([gone.code, gone.err]).toEqual([1, ["error: no account 'acme' (see: solarkit accounts list)"]]);
  });
});

/** A database location with a password in it: a PostgreSQL URL gets one (the test cluster trusts local connections and ignores it). */
function withPassword(location: string): string {
  if (TEST_BACKEND !== 'postgres') return location;
  const url = new URL(location);
  url.password = 's3cret';
  return url.toString();
}

/** Starts `solarkit serve` on a free port; resolves with the child and its stdout once the `documentation:` line is out. */
function startServe(db: string, args: string[] = []): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--db', db, ...args], {
    env: { ...process.env, SOLARKIT_NOW: '2026-11-20T12:00:00Z' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready line: ${out}`));
    }, 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/^documentation: /m.test(out)) {
        clearTimeout(timer);
        resolve({ child, out });
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

/** Stops a server child and waits for it: its database is dropped after the test. */
function stopServe(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe(`serve (${TEST_BACKEND})`, () => {
  it('makes the demo account on an empty database once, answers its curl line, and never prints a password', async () => {
    const database = await freshDatabase('serve');
    const db = withPassword(database.location);
    try {
      const first = await startServe(db);
      let curl!: RegExpExecArray;
      try {
        curl = /^try: curl -H "Authorization: Bearer ([0-9a-f-]+)" "(http:\/\/127\.0\.0\.1:\d+\/data\/[^"]+)"$/m.exec(
          first.out,
        )!;
        expect(curl).not.toBeNull();
        const r = await fetch(curl[2]!, { headers: { authorization: `Bearer ${curl[1]}` } });
        expect(r.status).toBe(200);
        expect((await r.text()).split('\r\n')[0]).toBe('air_temp,dni,ghi,period_end,period');
      } finally {
        await stopServe(first.child);
      }
      // The second start finds the account: no new key, the command that makes one. It is given
      // a cap of site configurations (a serve option), which a site over it meets as a 413.
      const second = await startServe(db, ['--max-site-config-bytes', '2000']);
      try {
        const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(second.out)![1]!;
        const big = await fetch(`${base}/resources/pv_power_site`, {
          method: 'POST',
          headers: { authorization: `Bearer ${curl[1]}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'n',
            latitude: 1,
            longitude: 2,
            capacity: 1,
            dust_soiling_average: Array(12).fill(0.1234567890123),
            clearsky_zenith_coefficients: Array.from({ length: 40 }, (_, i) => ({
              day_of_year: i + 1,
              signed_zenith_coefficients: { a: i },
            })),
          }),
        });
        expect(big.status).toBe(413);
        expect(((await big.json()) as { response_status: { message: string } }).response_status.message).toMatch(
          /at most 2000 bytes/,
        );
      } finally {
        await stopServe(second.child);
      }
      expect(second.out).not.toMatch(/^try: curl -H "Authorization: Bearer [0-9a-f-]/m);
      const shown = TEST_BACKEND === 'postgres' ? db.replace('s3cret', '***') : db;
      expect(second.out).toContain(`for a new key run  npx solarkit keys create demo --db ${shown}\n`);
      expect(second.out).toContain(`(database ${shown}`);
      expect(first.out + second.out).not.toContain('s3cret');
      const keys = await sk(['keys', 'list', '--db', db]);
      expect(keys.out.slice(1).map((l) => l.split('\t').slice(0, 2))).toEqual([['1', 'demo']]);
    } finally {
      await database.drop();
    }
  }, 120_000);
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
    if (parts.tsx)
      symlinkSync(join(__dirname, '..', '..', '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
    return root;
  }

  async function which(root: string, extra: NodeJS.ProcessEnv = {}): Promise<string> {
    const { stdout } = await run(process.execPath, [join(root, 'bin', 'solarkit.js')], {
      env: { ...process.env, ...extra },
    });
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

  it('the real command: --version and a usage error with its exit code', async () => {
    expect((await run(process.execPath, [BIN, '--version'])).stdout.trim()).toBe(VERSION);
    const bad = await run(process.execPath, [BIN, 'keys', 'list', '--bogus']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((bad as { code: number }).code).toBe(2);
    expect((bad as { stderr: string }).stderr).toBe(
      "error: unknown option '--bogus'\n(see: solarkit keys list --help)\n",
    );
  }, 30_000);
});
