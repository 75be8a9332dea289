/**
 * A throw-away PostgreSQL server for the tests (and the multi-node measurements): `initdb` into a
 * temporary directory, `pg_ctl start` on a free local port, one database per test server, and
 * `pg_ctl stop` with the directory removed at the end. PostgreSQL refuses to run as root: as root
 * the cluster is made and run by the unprivileged user `nobody` (runuser).
 *
 * The binaries are Debian's (`apt-get install postgresql`: /usr/lib/postgresql/<version>/bin, which
 * is not on PATH), else `$SOLARKIT_PG_BIN`, else PATH. The cluster trusts local connections and
 * does not fsync: it is thrown away, and the tests kill server nodes, never PostgreSQL itself.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running throw-away cluster. */
export interface PostgresCluster {
  /** URL of its `postgres` database, as the superuser `postgres`. */
  adminUrl: string;
  /** Stops the server and removes its directory. */
  stop(): void;
}

/** Where initdb and pg_ctl are, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SOLARKIT_PG_BIN) return env.SOLARKIT_PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], 'bin');
  }
  try {
    const found = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return found === '' ? undefined : join(found, '..');
  } catch {
    return undefined;
  }
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

/**
 * Starts a cluster in a new temporary directory.
 * @throws Error saying how to install PostgreSQL when its binaries are missing
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (bin === undefined) {
    throw new Error(
      'PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin, $SOLARKIT_PG_BIN or PATH): ' +
        'apt-get install postgresql, or run the tests with SOLARKIT_TEST_POSTGRES=0 to leave the PostgreSQL backend untested',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'solarkit-pg-'));
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL will not run as root: the cluster belongs to `nobody` then.
  const run = (command: string, args: string[]): void => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'nobody', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const stop = (): void => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running (a failed start): nothing to stop
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
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
    const detail = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
    stop();
    throw new Error(`could not start a throw-away PostgreSQL server: ${(e as Error).message} ${detail}`);
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
