/**
 * The `solarkit` command line: `serve`, `accounts create|list`, `keys create|list|revoke`,
 * `weather import|list|remove`. Every command takes `--db PATH` (default `$SOLARKIT_DB`, else
 * ./data/solarkit.db), a SQLite file or a PostgreSQL URL `postgres://user@host:port/db`. This is the project's stand-in for the account toolkit of the API
 * (contract.md section 6) and the way users load real weather files (contract.md section 8).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer } from '../app.js';
import type { FormatVersion } from '../formats/version.js';
import { AccountNameTakenError, parsePlans } from '../storage/accounts.js';
import { isPostgresUrl } from '../storage/location.js';
import { openStorage } from '../storage/open.js';
import type { Storage } from '../storage/stores.js';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import { weatherDirectoryOf } from '../storage/weather-files.js';
import { type CliIo, consoleIo, iso } from './io.js';
import { weatherImport } from './weather-import.js';
import { DATA_DIR_VARIABLE, dataDirectories, dataInventory } from 'solarkit/node';
import { openWeatherStore } from 'solarkit/node';
import type { FilePlaceHint } from 'solarkit';

export type { CliIo } from './io.js';

export const DEFAULT_DB_PATH = './data/solarkit.db';

const USAGE = `usage: solarkit <command> [options]

  serve [--port N] [--host H] [--db PATH|URL] [--weather-dir DIR]
                                                start the API server (PORT, HOST, SOLARKIT_DB also work)
  accounts create <name> [--admin] [--plan all|<family,...>] [--format-version legacy|3] [--quota N]
  accounts list
  keys create <account>                         prints the new key alone on the last line
  keys list
  keys revoke <key>
  weather import <file> [--latitude X --longitude Y] [--time-zone H]
                                                load a real weather file (EPW, TMY3, PSM3, PVGIS TMY
                                                CSV/JSON, the API's CSV); requests within 5 km of its
                                                place use it. The place and the zone (hours east of
                                                UTC, local standard time) are needed only for a file
                                                that does not name them
  weather list                                  the loaded files: id, format, place, kind, dates
  weather remove <id>

Every command takes --db PATH (default $SOLARKIT_DB or ${DEFAULT_DB_PATH}): a SQLite file, or a
PostgreSQL URL postgres://user:password@host:port/database shared by several server nodes. Weather
files live in --weather-dir DIR (default $SOLARKIT_WEATHER_DIR, else weather/ beside a SQLite
database; with PostgreSQL give one directory to every node). A running server sees an import or
removal within a second.
Plan families: radiation, rooftop, advanced_pv, soiling, tmy, resources, measurements, premium.`;

class UsageError extends Error {}

/** Options whose value may be a negative number (`--longitude -108.5`), which parseArgs refuses. */
const SIGNED_OPTIONS = new Set(['--latitude', '--longitude', '--time-zone']);

function joinSignedValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (SIGNED_OPTIONS.has(a) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else {
      out.push(a);
    }
  }
  return out;
}

function numberOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max) throw new UsageError(`--${name} must be a number from ${min} to ${max} (got '${text}')`);
  return v;
}

/** The database of a command: a PostgreSQL URL as given, a SQLite path made absolute. */
function dbPathOf(value: string | undefined, env: NodeJS.ProcessEnv): string {
  const location = value ?? env.SOLARKIT_DB ?? DEFAULT_DB_PATH;
  return isPostgresUrl(location) ? location : resolve(location);
}

/** Runs `f` on the storage at `location` (opened and migrated), closing it after. */
async function withStorage<T>(location: string, f: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage(location, { poolSize: 1 });
  try {
    return await f(storage);
  } finally {
    await storage.close();
  }
}

/**
 * Runs one command. Returns the exit code (0 success, 1 failure, 2 usage error); `serve` resolves
 * once the server listens and keeps running until SIGINT/SIGTERM.
 */
export async function main(argv: readonly string[], io: CliIo = consoleIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinSignedValues(argv),
      allowPositionals: true,
      options: {
        db: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        admin: { type: 'boolean' },
        plan: { type: 'string' },
        'format-version': { type: 'string' },
        quota: { type: 'string' },
        'weather-dir': { type: 'string' },
        latitude: { type: 'string' },
        longitude: { type: 'string' },
        'time-zone': { type: 'string' },
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
        return await serve(dbPath, values.port ?? env.PORT, values.host ?? env.HOST, values['weather-dir'], io);
      case 'weather': {
        const dir = weatherDirectoryOf(dbPath, values['weather-dir'], env);
        if (dir === undefined) throw new UsageError('a database in memory has no directory beside it: give --weather-dir');
        if (sub === 'import') {
          const file = rest[0];
          if (!file) throw new UsageError('weather import needs a file');
          const hint: FilePlaceHint = {};
          const latitude = numberOption('latitude', values.latitude, -90, 90);
          const longitude = numberOption('longitude', values.longitude, -180, 180);
          const timeZone = numberOption('time-zone', values['time-zone'], -12, 14);
          if ((latitude === undefined) !== (longitude === undefined)) throw new UsageError('give both --latitude and --longitude, or neither');
          if (latitude !== undefined) hint.latitude = latitude;
          if (longitude !== undefined) hint.longitude = longitude;
          if (timeZone !== undefined) hint.timeZone = timeZone;
          return weatherImport(file, hint, dir, io);
        }
        if (sub === 'list') {
          const store = openWeatherStore(dir);
          const rows = store.list().sort((a, b) => a.id.localeCompare(b.id));
          const invalid = store.invalid();
          io.out('id\tformat\tlatitude\tlongitude\tkind\tfrom\tto\tperiod_s\tfile');
          for (const w of rows) {
            io.out(`${w.id}\t${w.format}\t${w.latitude}\t${w.longitude}\t${w.typical ? 'typical\t-\t-' : `actual\t${iso(w.from)}\t${iso(w.to)}`}\t${w.periodSeconds}\t${w.source}`);
          }
          // Files the server skips: shown, with why, so that they can be removed or imported again.
          for (const f of invalid) io.out(`${f.file.replace(/\.weather\.json$/, '')}\tINVALID\t-\t-\t-\t-\t-\t-\t${f.reason}`);
          if (rows.length + invalid.length === 0) io.err(`no weather files in ${dir}`);
          return 0;
        }
        if (sub === 'remove') {
          const id = rest[0];
          if (!id) throw new UsageError('weather remove needs the id (see: solarkit weather list)');
          if (!openWeatherStore(dir).remove(id)) {
            io.err(`no weather file '${id}' in ${dir} (see: solarkit weather list)`);
            return 1;
          }
          io.out(`removed ${id}`);
          return 0;
        }
        throw new UsageError(`unknown command: weather ${sub ?? ''}`);
      }
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
          const a = await withStorage(dbPath, (db) => db.accounts.createAccount(name, {
            admin: values.admin === true, plans, formatVersion: fv as FormatVersion | undefined, quota,
          }));
          io.out(`created account ${a.id} '${a.name}': plans=${a.plans.join(',')} admin=${a.admin} format_version=${a.formatVersion} quota=${a.quota}`);
          return 0;
        }
        if (sub === 'list') {
          const rows = await withStorage(dbPath, (db) => db.accounts.listAccounts());
          io.out('id\tname\tadmin\tformat_version\tquota\tplans');
          for (const a of rows) io.out(`${a.id}\t${a.name}\t${a.admin}\t${a.formatVersion}\t${a.quota}\t${a.plans.join(',')}`);
          return 0;
        }
        throw new UsageError(`unknown command: accounts ${sub ?? ''}`);
      case 'keys':
        if (sub === 'create') {
          const name = rest[0];
          if (!name) throw new UsageError('keys create needs an account name');
          const key = await withStorage(dbPath, async (db) => {
            const a = await db.accounts.getAccount(name) ?? (/^\d+$/.test(name) ? await db.accounts.getAccount(Number(name)) : undefined);
            if (!a) throw new Error(`no account '${name}' (create it with: solarkit accounts create ${name})`);
            return (await db.accounts.createKey(a.id)).key;
          });
          io.err(`new key for '${name}' (shown once; only its hash is stored):`);
          io.out(key);
          return 0;
        }
        if (sub === 'list') {
          const rows = await withStorage(dbPath, (db) => db.accounts.listKeys());
          io.out('id\taccount\tkey_prefix\tcreated\trevoked');
          for (const k of rows) io.out(`${k.id}\t${k.accountName}\t${k.prefix}…\t${iso(k.createdAt)}\t${iso(k.revokedAt)}`);
          return 0;
        }
        if (sub === 'revoke') {
          const key = rest[0];
          if (!key) throw new UsageError('keys revoke needs the key');
          const ok = await withStorage(dbPath, (db) => db.accounts.revokeKey(key));
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

/** A database location fit to print: the password of a PostgreSQL URL replaced by `***`. */
function redactPassword(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

async function serve(dbPath: string, portText: string | undefined, host: string | undefined, weatherDir: string | undefined, io: CliIo): Promise<number> {
  const port = portText === undefined ? 8080 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0..65535');
  // On first start with an empty database: a demo account and key, so that a curl works at once
  // (made by one node only when several start together on one PostgreSQL database).
  const demoKey = await withStorage(dbPath, async (db) => {
    if ((await db.accounts.listAccounts()).length > 0) return undefined;
    try {
      const a = await db.accounts.createAccount('demo', { plans: 'all', formatVersion: '3' });
      return (await db.accounts.createKey(a.id)).key;
    } catch (e) {
      if (e instanceof AccountNameTakenError) return undefined;
      throw e;
    }
  });
  const app = await createServer({ dbPath, logger: true, ...(weatherDir !== undefined ? { weatherDir } : {}) });
  const address = await app.listen({ port, host: host ?? '0.0.0.0' });
  const store = app.solarkit.weatherStore;
  io.out(`solarkit API listening on ${address} (database ${redactPassword(dbPath)}${store ? `, weather files ${store.directory}: ${store.list().length}` : ''})`);
  for (const item of dataInventory()) {
    io.out(item.foundAt !== undefined
      ? `data: ${item.path} from ${item.foundAt}`
      : `data: ${item.path} is MISSING (${item.purpose}); requests that need it answer 503. Searched: ${dataDirectories().join(', ') || '(none)'}; set ${DATA_DIR_VARIABLE}`);
  }
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
