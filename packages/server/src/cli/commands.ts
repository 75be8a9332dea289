/**
 * The `solarkit` command line: `serve`, `accounts create|list|delete`, `keys create|list|revoke`,
 * `weather import|list|remove`, `check` (the quality of a weather file's irradiance), `simulate` (a fleet of PV sites), `worker` and `runs` (fleet runs on many machines), each with its own `--help`, and `--version`. Every command takes
 * `--db PATH|URL` (default `$SOLARKIT_DB`, else ./data/solarkit.db): a SQLite file, or a
 * PostgreSQL URL `postgres://user:password@host:port/database` shared by several server nodes
 * (docs/deploy-nodes.md). This is the project's stand-in
 * for the account toolkit of the API (contract.md section 6) and the way users load real weather
 * files (contract.md section 8).
 *
 * Arguments are parsed by commander (help per command and subcommand, one-line errors with a
 * hint, suggestions for mistyped names, option values that begin with '-' such as negative
 * longitudes); the values are checked here, each message naming the option and what it takes.
 */
import { Command, CommanderError } from 'commander';
import { openWeatherStore } from 'solarkit/node';
import type { FilePlaceHint } from 'solarkit';
import packageJson from '../../package.json' with { type: 'json' };
import { PLAN_FAMILIES } from '../storage/accounts.js';
import { weatherDirectoryOf } from '../storage/weather-files.js';
import { accountsCreate, accountsDelete, accountsList, keysCreate, keysList, keysRevoke } from './accounts.js';
import { DEFAULT_DB_PATH, dbPathOf } from './database.js';
import { CliError, UsageError } from './errors.js';
import { type CliIo, consoleIo, iso } from './io.js';
import { DEFAULT_SITE_LIMITS, type SiteLimits } from '../storage/types.js';
import { serve } from './serve.js';
import { enqueueCommand, runsCancel, runsExport, runsList, runsShow, workerCommand } from './queue-commands.js';
import { type SimulateCommandOptions, jobOf, simulateCommand } from './simulate.js';
import { defaultFleetThreads } from 'solarkit/node';
import { weatherImport } from './weather-import.js';
import { checkCommand } from './check.js';

export type { CliIo } from './io.js';
export { DEFAULT_DB_PATH } from './database.js';

const ENVIRONMENT = `
Environment: SOLARKIT_DB (--db: a SQLite file, or postgres://user:password@host:port/database for
several server nodes on one database), PORT and HOST (serve --port, --host), SOLARKIT_TLS_CERT
and SOLARKIT_TLS_KEY (serve --tls-cert, --tls-key), SOLARKIT_LOG_FILE (serve --log-file),
SOLARKIT_WEATHER_DIR (--weather-dir), SOLARKIT_DATA_DIR (the data directory), SOLARKIT_NOW (a
fixed clock, ISO 8601), SOLARKIT_QUEUE (worker and runs --queue: the PostgreSQL of queued
fleet runs, docs/cluster.md). Run 'solarkit <command> --help' for a command's options.`;

/**
 * A whole number option within bounds; `source` names it in the message (`--port`, `PORT`).
 *
 * @throws UsageError naming the option, the range and the value given
 */
function wholeNumber(source: string, text: string, min: number, max: number, what = ''): number {
  const v = Number(text);
  if (!/^\s*-?\d+\s*$/.test(text) || v < min || v > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new UsageError(`${source} must be a whole number${what} ${range} (got '${text}')`);
  }
  return v;
}

/** A decimal number option within bounds, or undefined when absent. */
function decimal(source: string, text: string | undefined, min: number, max: number, unit: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max) {
    throw new UsageError(`${source} must be a number from ${min} to ${max} ${unit} (got '${text}')`);
  }
  return v;
}

/** The words that end a usage error: the --help of the command that was run. */
function hintFor(command: Command | undefined): string {
  const names: string[] = [];
  for (let c: Command | null = command ?? null; c !== null; c = c.parent) names.unshift(c.name());
  return `(see: ${names.join(' ')} --help)`;
}

/** Builds the command tree; an action hands its exit code (or the promise of one) to `done`. */
function program(io: CliIo, env: NodeJS.ProcessEnv, done: (code: Promise<number> | number) => Promise<void>): Command {
  const root = new Command('solarkit')
    .description(
      'Self-hosted Solar Data and Site Resource API: the server, its accounts and keys, and real weather files.',
    )
    .version(packageJson.version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpText('after', ENVIRONMENT)
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) })
    .exitOverride();
  // Every command (defined below) says where its own help is after an error.
  const finish = (cmd: Command): Command => {
    cmd.showHelpAfterError(hintFor(cmd)).exitOverride();
    for (const sub of cmd.commands) finish(sub);
    return cmd;
  };
  const withDb = (cmd: Command): Command =>
    cmd.option(
      '--db <path>',
      `the database: a SQLite file or a postgres:// URL (default $SOLARKIT_DB or ${DEFAULT_DB_PATH})`,
    );
  const db = (cmd: Command): string => dbPathOf(cmd.opts<{ db?: string }>().db, env);

  withDb(root.command('serve'))
    .description('start the API server (the first start on an empty database makes a demo account and key)')
    .option('--port <n>', 'TCP port, 0 for any free one (default $PORT or 8080)')
    .option(
      '--host <address>',
      'address to listen on (default $HOST or 127.0.0.1, this machine only; 0.0.0.0 for every interface)',
    )
    .option(
      '--tls-cert <file>',
      'PEM certificate: serve HTTPS, HTTP/2 and HTTP/1.1 (with --tls-key; default $SOLARKIT_TLS_CERT)',
    )
    .option('--tls-key <file>', 'PEM private key of the certificate (default $SOLARKIT_TLS_KEY)')
    .option('--log-file <file>', 'append the JSON request log to this file (default $SOLARKIT_LOG_FILE, else stderr)')
    .option(
      '--weather-dir <dir>',
      'imported weather files (default $SOLARKIT_WEATHER_DIR, else weather/ beside a SQLite database; none for PostgreSQL)',
    )
    .option(
      '--max-site-config-bytes <n>',
      `largest site configuration, bytes of JSON; larger: 413 (default ${DEFAULT_SITE_LIMITS.maxConfigBytes})`,
    )
    .option(
      '--max-site-versions <n>',
      `configuration versions kept per site, the oldest dropped past it (default ${DEFAULT_SITE_LIMITS.maxVersions})`,
    )
    .option(
      '--max-sites-per-account <n>',
      `sites one account may own; another create: 403 (default ${DEFAULT_SITE_LIMITS.maxSitesPerAccount})`,
    )
    .option(
      '--max-site-list-bytes <n>',
      `largest page of a site list, bytes of configurations (default ${DEFAULT_SITE_LIMITS.maxListBytes})`,
    )
    .action(
      (
        o: {
          port?: string;
          host?: string;
          tlsCert?: string;
          tlsKey?: string;
          logFile?: string;
          weatherDir?: string;
          maxSiteConfigBytes?: string;
          maxSiteVersions?: string;
          maxSitesPerAccount?: string;
          maxSiteListBytes?: string;
        },
        cmd: Command,
      ) => {
        const siteLimits: Partial<SiteLimits> = {};
        const cap = (flag: string, text: string | undefined, name: keyof SiteLimits): void => {
          if (text !== undefined) siteLimits[name] = wholeNumber(flag, text, 1, Number.MAX_SAFE_INTEGER);
        };
        cap('--max-site-config-bytes', o.maxSiteConfigBytes, 'maxConfigBytes');
        cap('--max-site-versions', o.maxSiteVersions, 'maxVersions');
        cap('--max-sites-per-account', o.maxSitesPerAccount, 'maxSitesPerAccount');
        cap('--max-site-list-bytes', o.maxSiteListBytes, 'maxListBytes');
        const port =
          o.port !== undefined
            ? wholeNumber('--port', o.port, 0, 65535)
            : env.PORT !== undefined && env.PORT !== ''
              ? wholeNumber('PORT', env.PORT, 0, 65535)
              : 8080;
        const host = o.host ?? (env.HOST !== undefined && env.HOST !== '' ? env.HOST : '127.0.0.1');
        const tlsCert = o.tlsCert ?? (env.SOLARKIT_TLS_CERT || undefined);
        const tlsKey = o.tlsKey ?? (env.SOLARKIT_TLS_KEY || undefined);
        const logFile = o.logFile ?? (env.SOLARKIT_LOG_FILE || undefined);
        return done(
          serve(
            {
              dbPath: db(cmd),
              port,
              host,
              ...(o.weatherDir !== undefined ? { weatherDir: o.weatherDir } : {}),
              ...(tlsCert !== undefined ? { tlsCert } : {}),
              ...(tlsKey !== undefined ? { tlsKey } : {}),
              ...(logFile !== undefined ? { logFile } : {}),
              ...(Object.keys(siteLimits).length > 0 ? { siteLimits } : {}),
            },
            io,
          ),
        );
      },
    );

  const accounts = root.command('accounts').description('create, list and delete accounts');
  withDb(accounts.command('create <name>'))
    .description('create an account (and the database, when there is none)')
    .option('--admin', "may list every account's sites (show_all)")
    .option('--plan <families>', `all, or a comma-separated list of: ${PLAN_FAMILIES.join(', ')} (default all)`)
    .option('--format-version <version>', 'legacy or 3: the response format its requests get by default (default 3)')
    .option('--quota <n>', 'transactions a UTC day, 0 or more (default 1000)')
    .action(
      (name: string, o: { admin?: boolean; plan?: string; formatVersion?: string; quota?: string }, cmd: Command) => {
        const quota =
          o.quota === undefined
            ? undefined
            : wholeNumber('--quota', o.quota, 0, Number.MAX_SAFE_INTEGER, ' of transactions a day,');
        return done(accountsCreate(db(cmd), name, { ...o, quota }, io));
      },
    );
  withDb(accounts.command('list'))
    .description('list the accounts: id, name, admin, format version, quota, plans')
    .action((_o: unknown, cmd: Command) => done(accountsList(db(cmd), io)));
  withDb(accounts.command('delete <account>'))
    .description('delete an account (by name or id) with its keys and usage')
    .option('--force', 'also delete the sites it owns, with their measurements')
    .action((account: string, o: { force?: boolean }, cmd: Command) =>
      done(accountsDelete(db(cmd), account, o.force === true, io)),
    );

  const keys = root.command('keys').description('create, list and revoke API keys');
  withDb(keys.command('create <account>'))
    .description('make a key for an account (by name or id); the key alone on the last line, shown once')
    .action((account: string, _o: unknown, cmd: Command) => done(keysCreate(db(cmd), account, io)));
  withDb(keys.command('list'))
    .description('list the keys: id, account, the first 8 characters, created, revoked')
    .action((_o: unknown, cmd: Command) => done(keysList(db(cmd), io)));
  withDb(keys.command('revoke <key>'))
    .description('revoke a key: the whole key, its id, or its prefix as `keys list` shows it')
    .action((key: string, _o: unknown, cmd: Command) => done(keysRevoke(db(cmd), key, io)));

  const weather = root
    .command('weather')
    .description("real weather files: requests within 5 km of a file's place use it");
  const weatherDir = (cmd: Command): string => {
    const dir = weatherDirectoryOf(db(cmd), cmd.opts<{ weatherDir?: string }>().weatherDir, env);
    if (dir === undefined)
      throw new UsageError(
        'a database in memory or on a PostgreSQL server has no directory beside it: give --weather-dir',
      );
    return dir;
  };
  const withWeatherDir = (cmd: Command): Command =>
    withDb(cmd).option(
      '--weather-dir <dir>',
      'the weather files (default $SOLARKIT_WEATHER_DIR, else weather/ beside a SQLite database)',
    );
  withWeatherDir(weather.command('import <file>'))
    .description("load a weather file: EPW, TMY3, PSM3, PVGIS TMY (CSV or JSON), the API's CSV")
    .option('--latitude <degrees>', 'the place, for a file that does not name it (with --longitude)')
    .option('--longitude <degrees>', 'east positive')
    .option('--time-zone <hours>', "hours east of UTC of the file's local standard time, for a file that does not say")
    .action((file: string, o: { latitude?: string; longitude?: string; timeZone?: string }, cmd: Command) => {
      const latitude = decimal('--latitude', o.latitude, -90, 90, 'degrees');
      const longitude = decimal('--longitude', o.longitude, -180, 180, 'degrees');
      const timeZone = decimal('--time-zone', o.timeZone, -12, 14, 'hours');
      if ((latitude === undefined) !== (longitude === undefined))
        throw new UsageError('give both --latitude and --longitude, or neither');
      const hint: FilePlaceHint = {};
      if (latitude !== undefined) hint.latitude = latitude;
      if (longitude !== undefined) hint.longitude = longitude;
      if (timeZone !== undefined) hint.timeZone = timeZone;
      return done(weatherImport(file, hint, weatherDir(cmd), io));
    });
  withWeatherDir(weather.command('list'))
    .description('the loaded files: id, format, place, kind, dates')
    .action((_o: unknown, cmd: Command) => {
      const dir = weatherDir(cmd);
      const store = openWeatherStore(dir);
      const rows = store.list().sort((a, b) => a.id.localeCompare(b.id));
      const invalid = store.invalid();
      io.out('id\tformat\tlatitude\tlongitude\tkind\tfrom\tto\tperiod_s\tfile');
      for (const w of rows) {
        io.out(
          `${w.id}\t${w.format}\t${w.latitude}\t${w.longitude}\t${w.typical ? 'typical\t-\t-' : `actual\t${iso(w.from)}\t${iso(w.to)}`}\t${w.periodSeconds}\t${w.source}`,
        );
      }
      // Files the server skips: shown, with why, so that they can be removed or imported again.
      for (const f of invalid)
        io.out(`${f.file.replace(/\.weather\.json$/, '')}\tINVALID\t-\t-\t-\t-\t-\t-\t${f.reason}`);
      if (rows.length + invalid.length === 0) io.err(`no weather files in ${dir}`);
      return done(0);
    });
  withWeatherDir(weather.command('remove <id>'))
    .description('remove a loaded file (a running server notices within a second)')
    .action((id: string, _o: unknown, cmd: Command) => {
      const dir = weatherDir(cmd);
      if (!openWeatherStore(dir).remove(id))
        throw new CliError(`no weather file '${id}' in ${dir} (see: solarkit weather list)`);
      io.out(`removed ${id}`);
      return done(0);
    });

  root
    .command('check <file>')
    .description(
      "check a weather file's irradiance (GHI, DHI, DNI) against the BSRN/QCRad limits, closure and diffuse fraction: flags per month",
    )
    .option('--latitude <degrees>', 'the place, for a file that does not name it (with --longitude)')
    .option('--longitude <degrees>', 'east positive')
    .option('--time-zone <hours>', "hours east of UTC of the file's local standard time, for a file that does not say")
    .option('--html <file>', 'also write a chart of the flagged points to this HTML file')
    .action((file: string, o: { latitude?: string; longitude?: string; timeZone?: string; html?: string }) => {
      const latitude = decimal('--latitude', o.latitude, -90, 90, 'degrees');
      const longitude = decimal('--longitude', o.longitude, -180, 180, 'degrees');
      const timeZone = decimal('--time-zone', o.timeZone, -12, 14, 'hours');
      if ((latitude === undefined) !== (longitude === undefined))
        throw new UsageError('give both --latitude and --longitude, or neither');
      const hint: FilePlaceHint = {};
      if (latitude !== undefined) hint.latitude = latitude;
      if (longitude !== undefined) hint.longitude = longitude;
      if (timeZone !== undefined) hint.timeZone = timeZone;
      return done(checkCommand({ file, hint, ...(o.html !== undefined ? { html: o.html } : {}) }, io));
    });

  root
    .command('simulate')
    .description(
      'simulate a fleet of PV sites on every core, to CSV or Parquet (docs/batch.md); Ctrl-C leaves a valid file of the sites done',
    )
    .requiredOption(
      '--sites <file>',
      'CSV: id,latitude,longitude,capacity_kw,tilt,azimuth (degrees east of north, 180 = south); optional loss_factor, array_type (fixed|horizontal_single_axis), elevation',
    )
    .option('--out <file>', 'results: FILE.csv, FILE.parquet, or - for CSV on stdout (required without --queue)')
    .option(
      '--weather <source>',
      'synthetic (default), a weather file, or a directory of them (each site takes the nearest)',
    )
    .option(
      '--weather-grid <degrees>',
      "synthetic weather on a grid: the sites of a cell share its centre's weather (default 0: each site its own)",
    )
    .option('--year <yyyy>', 'the period: a calendar year (UTC)')
    .option('--start <iso>', 'the period: from (ISO 8601, UTC unless it says), with --end')
    .option('--end <iso>', 'the period: to')
    .option('--period <duration>', 'length of the periods, ISO 8601 (default PT60M)')
    .option(
      '--aggregate <kind>',
      'annual (default: one row per site; over a period that is not one year, its total and a specific yield per year), monthly (a row per month of each year, 2024-01 ...) or none (the time series)',
    )
    .option(
      '--max-weather-distance <km>',
      'with --weather FILE or DIR: the farthest a site may be from its weather file (default 100 km)',
    )
    .option(
      '--on-far-weather <what>',
      'with --weather: a site farther than --max-weather-distance is an error (default) or a warning (warn)',
    )
    .option('--threads <n>', 'threads that simulate (default: the cores): the main thread and n - 1 worker threads')
    .option('--skip-invalid', 'report the bad rows of the sites file and simulate the others')
    .option('--progress <kind>', 'bar (default on a terminal), lines (default otherwise) or none')
    .option(
      '--queue <url>',
      'enqueue the run on PostgreSQL for `solarkit worker` processes and print its id (docs/cluster.md); with --out, wait and export',
    )
    .option('--batch-sites <n>', 'with --queue: sites per batch (default 500)')
    .option(
      '--lease <seconds>',
      'with --queue: a batch is taken again when its worker is silent this long (default 60)',
    )
    .action(
      (o: {
        sites: string;
        out?: string;
        queue?: string;
        batchSites?: string;
        lease?: string;
        weather?: string;
        weatherGrid?: string;
        year?: string;
        start?: string;
        end?: string;
        period?: string;
        aggregate?: string;
        maxWeatherDistance?: string;
        onFarWeather?: string;
        threads?: string;
        skipInvalid?: boolean;
        progress?: string;
      }) => {
        const options: SimulateCommandOptions = { sites: o.sites };
        if (o.out !== undefined) options.out = o.out;
        if (o.queue !== undefined) options.queue = o.queue;
        if (o.batchSites !== undefined) options.batchSites = wholeNumber('--batch-sites', o.batchSites, 1, 1_000_000);
        if (o.lease !== undefined) options.leaseSeconds = decimal('--lease', o.lease, 1, 86400, 'seconds');
        if (o.weather !== undefined) options.weather = o.weather;
        const grid = decimal('--weather-grid', o.weatherGrid, 0, 10, 'degrees');
        if (grid !== undefined) options.weatherGrid = grid;
        if (o.year !== undefined) options.year = wholeNumber('--year', o.year, 1900, 2100);
        if (o.start !== undefined) options.start = o.start;
        if (o.end !== undefined) options.end = o.end;
        if (o.period !== undefined) options.period = o.period;
        if (o.aggregate !== undefined) {
          if (o.aggregate !== 'annual' && o.aggregate !== 'monthly' && o.aggregate !== 'none')
            throw new UsageError(`--aggregate must be annual, monthly or none (got '${o.aggregate}')`);
          options.aggregate = o.aggregate;
        }
        const far = decimal('--max-weather-distance', o.maxWeatherDistance, 0, 40_075, 'km');
        if (far !== undefined) options.maxWeatherDistance = far;
        if (o.onFarWeather !== undefined) {
          if (o.onFarWeather !== 'error' && o.onFarWeather !== 'warn')
            throw new UsageError(`--on-far-weather must be error or warn (got '${o.onFarWeather}')`);
          options.onFarWeather = o.onFarWeather;
        }
        if (o.threads !== undefined) options.threads = wholeNumber('--threads', o.threads, 1, 256);
        if (o.skipInvalid === true) options.skipInvalid = true;
        if (o.progress !== undefined) {
          if (o.progress !== 'bar' && o.progress !== 'lines' && o.progress !== 'none')
            throw new UsageError(`--progress must be bar, lines or none (got '${o.progress}')`);
          options.progress = o.progress;
        }
        // SIGINT aborts the run (the file keeps the sites done); a second one ends the process.
        const controller = new AbortController();
        const stop = (): void => controller.abort(new Error('interrupted'));
        process.once('SIGINT', stop);
        return done(
          (options.queue !== undefined
            ? enqueueCommand(options, jobOf(options), io, controller.signal)
            : simulateCommand(options, io, controller.signal)
          ).finally(() => process.removeListener('SIGINT', stop)),
        );
      },
    );

  const queueOf = (o: { queue?: string }): string => {
    const url = o.queue ?? (env.SOLARKIT_QUEUE || undefined);
    if (url === undefined) throw new UsageError('give --queue postgres://... (or set SOLARKIT_QUEUE)');
    return url;
  };
  const withQueue = (cmd: Command): Command =>
    cmd.option(
      '--queue <url>',
      'the PostgreSQL of the queue, postgres://user:password@host:port/database (default $SOLARKIT_QUEUE)',
    );

  withQueue(root.command('worker'))
    .description(
      'take batches of queued fleet runs (simulate --queue) and write their results, until SIGINT/SIGTERM (docs/cluster.md)',
    )
    .option('--threads <n>', 'threads that simulate (default: the cores): the main thread and n - 1 worker threads')
    .option('--until-idle', 'exit when no run of this version has work left, instead of waiting for more')
    .option('--poll <seconds>', 'seconds between looks at an empty queue (default 2)')
    .action((o: { queue?: string; threads?: string; untilIdle?: boolean; poll?: string }) => {
      const threads = o.threads === undefined ? defaultFleetThreads() : wholeNumber('--threads', o.threads, 1, 256);
      const poll = decimal('--poll', o.poll, 0.05, 3600, 'seconds');
      // SIGINT/SIGTERM: no new batch; the batches held are finished and written.
      const controller = new AbortController();
      const stop = (): void => controller.abort(new Error('stopped'));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return done(
        workerCommand(
          {
            queue: queueOf(o),
            threads,
            ...(o.untilIdle === true ? { untilIdle: true } : {}),
            ...(poll !== undefined ? { pollSeconds: poll } : {}),
          },
          io,
          controller.signal,
        ).finally(() => {
          process.removeListener('SIGINT', stop);
          process.removeListener('SIGTERM', stop);
        }),
      );
    });

  const runs = root.command('runs').description('queued fleet runs: list, show, export, cancel (docs/cluster.md)');
  withQueue(runs.command('list'))
    .description('the runs, newest first: state, sites, done, failed, rate, ETA')
    .action((o: { queue?: string }) => done(runsList(queueOf(o), io)));
  withQueue(runs.command('show <run>'))
    .description('a run: sites done and failed, batches retried, rate, ETA, and per worker')
    .action((run: string, o: { queue?: string }) => done(runsShow(queueOf(o), run, io)));
  withQueue(runs.command('export <run>'))
    .description("a run's results in one file, sites in input order, the columns of simulate")
    .requiredOption('--out <file>', 'FILE.parquet, FILE.csv, or - for CSV on stdout')
    .option('--partial', 'export a run not yet done: the sites done so far')
    .action((run: string, o: { queue?: string; out: string; partial?: boolean }) =>
      done(runsExport(queueOf(o), run, o.out, o.partial === true, io)),
    );
  withQueue(runs.command('cancel <run>'))
    .description('cancel a run: workers take no more of its batches and write none')
    .action((run: string, o: { queue?: string }) => done(runsCancel(queueOf(o), run, io)));

  return finish(root);
}

/**
 * Runs one command line. Returns the exit code (0 success, 1 failure, 2 usage error); `serve`
 * resolves once the server listens and keeps running until SIGINT/SIGTERM.
 *
 * @example await main(['keys', 'list', '--db', 'data/solarkit.db']) // 0, the keys on stdout
 */
export async function main(
  argv: readonly string[],
  io: CliIo = consoleIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let result = 0;
  let current: Command | undefined;
  // parseAsync awaits the promise an action returns, so a failure of `serve` lands in the catch.
  const root = program(io, env, async (code) => {
    result = await code;
  });
  root.hook('preAction', (_root, action) => {
    current = action;
  });
  try {
    await root.parseAsync([...argv], { from: 'user' });
    return result;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help or the version asked for: 0; help shown for a missing subcommand, or any parse error
      // (already printed, with the hint): a usage error.
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
      return 2;
    }
    if (e instanceof CliError) {
      io.err(`error: ${e.message}`);
      if (e instanceof UsageError) io.err(hintFor(current));
      return e.exitCode;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}
