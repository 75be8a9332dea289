/**
 * The `solarkit` command line: `serve`, `accounts create|list`, `keys create|list|revoke`.
 * Every command takes `--db PATH` (default `$SOLARKIT_DB`, else ./data/solarkit.db). This is the
 * project's stand-in for the account toolkit of the API (contract.md section 6).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createAccount, createKey, getAccount, listAccounts, listKeys, parsePlans, revokeKey, type FormatVersion,
} from '../server/auth.js';
import { openDatabase, type Database } from '../server/db.js';
import { createServer } from '../server/app.js';
import { UNMETERED_LOCATIONS } from '../server/limits.js';

/** Where a command writes: stdout and stderr lines. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => process.stdout.write(l + '\n'), err: (l) => process.stderr.write(l + '\n') };

export const DEFAULT_DB_PATH = './data/solarkit.db';

const USAGE = `usage: solarkit <command> [options]

  serve [--port N] [--host H] [--db PATH]       start the API server (PORT, HOST, SOLARKIT_DB also work)
  accounts create <name> [--admin] [--plan all|<family,...>] [--format-version legacy|3] [--quota N]
  accounts list
  keys create <account>                         prints the new key alone on the last line
  keys list
  keys revoke <key>

Every command takes --db PATH (default $SOLARKIT_DB or ${DEFAULT_DB_PATH}).
Plan families: radiation, rooftop, advanced_pv, soiling, tmy, resources, measurements, premium.`;

class UsageError extends Error {}

function dbPathOf(value: string | undefined, env: NodeJS.ProcessEnv): string {
  return resolve(value ?? env.SOLARKIT_DB ?? DEFAULT_DB_PATH);
}

function withDb<T>(path: string, f: (db: Database) => T): T {
  const db = openDatabase(path);
  try {
    return f(db);
  } finally {
    db.close();
  }
}

function iso(unixSeconds: number | null): string {
  return unixSeconds === null ? '-' : new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Runs one command. Returns the exit code (0 success, 1 failure, 2 usage error); `serve` resolves
 * once the server listens and keeps running until SIGINT/SIGTERM.
 */
export async function main(argv: readonly string[], io: CliIo = consoleIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        db: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        admin: { type: 'boolean' },
        plan: { type: 'string' },
        'format-version': { type: 'string' },
        quota: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    io.err((e as Error).message);
    io.err(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, sub, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  const dbPath = dbPathOf(values.db, env);
  try {
    switch (command) {
      case 'serve':
        return await serve(dbPath, values.port ?? env.PORT, values.host ?? env.HOST, io);
      case 'accounts':
        if (sub === 'create') {
          const name = rest[0];
          if (!name) throw new UsageError('accounts create needs a name');
          const fv = values['format-version'];
          if (fv !== undefined && fv !== 'legacy' && fv !== '3') throw new UsageError("--format-version must be 'legacy' or '3'");
          let quota: number | undefined;
          if (values.quota !== undefined) {
            quota = Number(values.quota);
            if (!Number.isSafeInteger(quota) || quota < 0) throw new UsageError('--quota must be a whole number >= 0');
          }
          const plans = values.plan === undefined ? 'all' as const : parsePlans(values.plan);
          const a = withDb(dbPath, (db) => createAccount(db, name, {
            admin: values.admin === true, plans, formatVersion: fv as FormatVersion | undefined, quota,
          }));
          io.out(`created account ${a.id} '${a.name}': plans=${a.plans.join(',')} admin=${a.admin} format_version=${a.formatVersion} quota=${a.quota}`);
          return 0;
        }
        if (sub === 'list') {
          const rows = withDb(dbPath, listAccounts);
          io.out('id\tname\tadmin\tformat_version\tquota\tplans');
          for (const a of rows) io.out(`${a.id}\t${a.name}\t${a.admin}\t${a.formatVersion}\t${a.quota}\t${a.plans.join(',')}`);
          return 0;
        }
        throw new UsageError(`unknown command: accounts ${sub ?? ''}`);
      case 'keys':
        if (sub === 'create') {
          const name = rest[0];
          if (!name) throw new UsageError('keys create needs an account name');
          const key = withDb(dbPath, (db) => {
            const a = getAccount(db, name) ?? (/^\d+$/.test(name) ? getAccount(db, Number(name)) : undefined);
            if (!a) throw new Error(`no account '${name}' (create it with: solarkit accounts create ${name})`);
            return createKey(db, a.id).key;
          });
          io.err(`new key for '${name}' (shown once; only its hash is stored):`);
          io.out(key);
          return 0;
        }
        if (sub === 'list') {
          const rows = withDb(dbPath, listKeys);
          io.out('id\taccount\tkey_prefix\tcreated\trevoked');
          for (const k of rows) io.out(`${k.id}\t${k.accountName}\t${k.prefix}…\t${iso(k.createdAt)}\t${iso(k.revokedAt)}`);
          return 0;
        }
        if (sub === 'revoke') {
          const key = rest[0];
          if (!key) throw new UsageError('keys revoke needs the key');
          const ok = withDb(dbPath, (db) => revokeKey(db, key));
          if (!ok) {
            io.err('no active key matches');
            return 1;
          }
          io.out('revoked');
          return 0;
        }
        throw new UsageError(`unknown command: keys ${sub ?? ''}`);
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(e.message);
      io.err(USAGE);
      return 2;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}

async function serve(dbPath: string, portText: string | undefined, host: string | undefined, io: CliIo): Promise<number> {
  const port = portText === undefined ? 8080 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0..65535');
  // On first start with an empty database: a demo account and key, so that a curl works at once.
  const demoKey = withDb(dbPath, (db) => {
    if (listAccounts(db).length > 0) return undefined;
    const a = createAccount(db, 'demo', { plans: 'all', formatVersion: '3' });
    return createKey(db, a.id).key;
  });
  const app = await createServer({ dbPath, logger: true });
  const address = await app.listen({ port, host: host ?? '0.0.0.0' });
  io.out(`solarkit API listening on ${address} (database ${dbPath})`);
  if (demoKey) {
    const sydney = UNMETERED_LOCATIONS[0]!;
    const local = `http://localhost:${(app.server.address() as { port: number }).port}`;
    io.out(`created the demo account 'demo' with key ${demoKey}`);
    io.out(`try: curl -H "Authorization: Bearer ${demoKey}" "${local}/data/live/radiation_and_weather?latitude=${sydney.latitude}&longitude=${sydney.longitude}&hours=6&format=csv"`);
  }
  io.out(`documentation: http://localhost:${(app.server.address() as { port: number }).port}/docs`);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
