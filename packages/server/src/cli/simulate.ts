/**
 * `solarkit simulate`: a fleet of PV sites from a sites file, on every core, to CSV or Parquet.
 *
 * Rows are written as the sites finish (in the sites file's order), so an interrupted run
 * (SIGINT, or the AbortSignal of `simulateCommand`) leaves a valid file of the sites done: a CSV
 * of whole lines, or a Parquet file whose row groups so far are closed by its footer. Parquet is
 * written by hyparquet-writer (pure JavaScript, one dependency: hyparquet, its reader; no native
 * or WebAssembly build), readable by pandas, polars, DuckDB and Arrow.
 */
import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { SingleBar } from 'cli-progress';
import { ParquetWriter, fileWriter } from 'hyparquet-writer';
import {
  type FleetAggregate,
  type FleetSite,
  type FleetSiteResult,
  durationSeconds,
  parseDuration,
  readFleetSitesCsv,
} from 'solarkit';
import {
  type FleetJob,
  type FleetOutcome,
  type FleetProgress,
  type FleetWeatherSpec,
  defaultFleetThreads,
  fleetPeriodEnds,
  simulateFleet,
} from 'solarkit/node';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';

/** What `solarkit simulate` takes (the command line's options, parsed). */
export interface SimulateCommandOptions {
  sites: string;
  /** A weather file, a directory of them, or 'synthetic' (default). */
  weather?: string;
  /** Weather cells of the synthetic weather, degrees (default 0: each site its own place). */
  weatherGrid?: number;
  year?: number;
  /** ISO 8601 instants (UTC unless they say). */
  start?: string;
  end?: string;
  /** ISO 8601 duration of the periods (default PT60M). */
  period?: string;
  aggregate?: FleetAggregate;
  /** Weather files: the farthest a site may be from its file's place, km (default 100). */
  maxWeatherDistance?: number;
  /** Weather files: a site farther than maxWeatherDistance is an 'error' (default) or a 'warn'ing. */
  onFarWeather?: 'error' | 'warn';
  threads?: number;
  /** A .csv or .parquet file, or '-' for CSV on stdout (with `queue`: optional, the run is then awaited and exported). */
  out?: string;
  /** A PostgreSQL URL: enqueue the run for `solarkit worker` processes instead of running it here (docs/cluster.md). */
  queue?: string;
  /** Sites per batch of a queued run (default 500). */
  batchSites?: number;
  /** Seconds a worker holds a batch of a queued run without renewing its lease (default 60). */
  leaseSeconds?: number;
  skipInvalid?: boolean;
  /** Progress: 'bar' (a terminal), 'lines' (plain lines every few seconds), 'none'. Default by stderr. */
  progress?: 'bar' | 'lines' | 'none';
  /** Called after each batch of sites is written (for a caller that embeds the command). */
  onProgress?: (p: FleetProgress) => void;
}

/** A usage problem of the options (exit code 2, with the hint to `simulate --help`). */
export class SimulateUsageError extends UsageError {}

/** Rows of the output, a column at a time. */
export interface RowBlock {
  id: string[];
  /** 'YYYY-MM' of each monthly row. */
  month?: string[];
  periodEnd?: number[];
  values: Record<string, number[]>;
}

/** Where the rows go: CSV lines, or Parquet row groups. */
export interface RowSink {
  write(block: RowBlock): void;
  /** Writes what is buffered and closes the file (a valid file, however many rows). */
  close(): void;
}

const VALUE_COLUMNS: Record<FleetAggregate, string[]> = {
  annual: ['energy_kwh', 'specific_yield_kwh_per_kw', 'missing_periods'],
  monthly: ['energy_kwh', 'specific_yield_kwh_per_kw'],
  none: ['power_kw'],
};

function columnsOf(aggregate: FleetAggregate): string[] {
  return aggregate === 'monthly'
    ? ['id', 'month', ...VALUE_COLUMNS.monthly]
    : aggregate === 'none'
      ? ['id', 'period_end', ...VALUE_COLUMNS.none]
      : ['id', ...VALUE_COLUMNS.annual];
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isoSeconds(t: number): string {
  return new Date(t * 1000).toISOString().replace('.000Z', 'Z');
}

/** CSV: numbers in their shortest exact form (what reads back to the same double), times in ISO 8601 UTC. */
export function csvSink(out: string, aggregate: FleetAggregate): RowSink {
  const fd = out === '-' ? 1 : openSync(out, 'w', 0o600);
  const names = columnsOf(aggregate);
  writeSync(fd, names.join(',') + '\n');
  const valueNames = VALUE_COLUMNS[aggregate];
  return {
    write(b) {
      let text = '';
      for (let i = 0; i < b.id.length; i++) {
        let line = quote(b.id[i]!);
        if (b.month !== undefined) line += `,${b.month[i]}`;
        if (b.periodEnd !== undefined) line += `,${isoSeconds(b.periodEnd[i]!)}`;
        for (const v of valueNames) {
          const x = b.values[v]![i]!;
          line += x === x ? `,${x}` : ',';
        }
        text += line + '\n';
      }
      writeSync(fd, text);
    },
    close() {
      if (fd !== 1) closeSync(fd);
    },
  };
}

/** Rows of a Parquet row group (the first one smaller, so a short run still has one). */
const PARQUET_ROW_GROUP = 50_000;

/**
 * Parquet: `id` UTF8, `month` INT32 (1..12), `period_end` TIMESTAMP (ms, UTC), values DOUBLE
 * (missing: null). Rows are buffered into row groups of 50,000 (one is written whenever the
 * buffer is full); `close` writes the rest and the footer.
 */
export function parquetSink(out: string, aggregate: FleetAggregate): RowSink {
  const valueNames = VALUE_COLUMNS[aggregate];
  const schema = [
    { name: 'root', num_children: columnsOf(aggregate).length },
    { name: 'id', type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'REQUIRED' as const },
    ...(aggregate === 'monthly'
      ? [
          {
            name: 'month',
            type: 'BYTE_ARRAY' as const,
            converted_type: 'UTF8' as const,
            repetition_type: 'REQUIRED' as const,
          },
        ]
      : []),
    ...(aggregate === 'none'
      ? [
          {
            name: 'period_end',
            type: 'INT64' as const,
            converted_type: 'TIMESTAMP_MILLIS' as const,
            repetition_type: 'REQUIRED' as const,
          },
        ]
      : []),
    ...valueNames.map((name) => ({ name, type: 'DOUBLE' as const, repetition_type: 'OPTIONAL' as const })),
  ];
  // Created owner-only first: the writer truncates and appends, keeping the mode.
  closeSync(openSync(out, 'w', 0o600));
  const writer = new ParquetWriter({ writer: fileWriter(out), schema, createdBy: 'solarkit simulate' });
  let buffer: RowBlock = emptyBlock(aggregate);
  const flush = (): void => {
    if (buffer.id.length === 0) return;
    const columnData = [
      { name: 'id', data: buffer.id },
      ...(buffer.month !== undefined ? [{ name: 'month', data: buffer.month }] : []),
      ...(buffer.periodEnd !== undefined
        ? [{ name: 'period_end', data: buffer.periodEnd.map((t) => new Date(t * 1000)) }]
        : []),
      ...valueNames.map((name) => ({ name, data: buffer.values[name]!.map((x) => (x === x ? x : null)) })),
    ];
    void writer.write({ columnData, rowGroupSize: buffer.id.length });
    buffer = emptyBlock(aggregate);
  };
  return {
    write(b) {
      buffer.id.push(...b.id);
      if (b.month !== undefined) buffer.month!.push(...b.month);
      if (b.periodEnd !== undefined) for (const t of b.periodEnd) buffer.periodEnd!.push(t);
      for (const v of valueNames) for (const x of b.values[v]!) buffer.values[v]!.push(x);
      if (buffer.id.length >= PARQUET_ROW_GROUP) flush();
    },
    close() {
      flush();
      writer.finish();
    },
  };
}

function emptyBlock(aggregate: FleetAggregate): RowBlock {
  const values: Record<string, number[]> = {};
  for (const v of VALUE_COLUMNS[aggregate]) values[v] = [];
  return {
    id: [],
    ...(aggregate === 'monthly' ? { month: [] } : {}),
    ...(aggregate === 'none' ? { periodEnd: [] } : {}),
    values,
  };
}

/** The output rows of one site. */
export function rowsOf(r: FleetSiteResult, aggregate: FleetAggregate, periodEnd: () => Float64Array): RowBlock {
  const block = emptyBlock(aggregate);
  if (aggregate === 'annual') {
    block.id.push(r.id);
    block.values.energy_kwh!.push(r.energyKwh);
    block.values.specific_yield_kwh_per_kw!.push(r.specificYieldKwhPerKw);
    block.values.missing_periods!.push(r.missingPeriods);
  } else if (aggregate === 'monthly') {
    const capacity = r.capacityKw;
    // One row per month of each year of the period ('2024-01' ... '2025-03'), none outside it.
    for (let m = 0; m < r.monthlyKwh!.length; m++) {
      const e = r.monthlyKwh![m]!;
      block.id.push(r.id);
      block.month!.push(r.months![m]!);
      block.values.energy_kwh!.push(e);
      block.values.specific_yield_kwh_per_kw!.push(e / capacity);
    }
  } else {
    const t = periodEnd();
    const p = r.powerKw!;
    for (let i = 0; i < p.length; i++) {
      block.id.push(r.id);
      block.periodEnd!.push(t[i]!);
      block.values.power_kw!.push(p[i]!);
    }
  }
  return block;
}

function instant(name: string, text: string): number {
  const withZone = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) ? text : /T/.test(text) ? `${text}Z` : `${text}T00:00:00Z`;
  const ms = Date.parse(withZone);
  if (!Number.isFinite(ms))
    throw new SimulateUsageError(`--${name} must be an ISO 8601 date or date-time, UTC unless it says (got '${text}')`);
  return ms / 1000;
}

/** The job of the options: weather, period, aggregate. */
export function jobOf(o: SimulateCommandOptions): FleetJob {
  const aggregate = o.aggregate ?? 'annual';
  if (!['annual', 'monthly', 'none'].includes(aggregate))
    throw new SimulateUsageError(`--aggregate must be annual, monthly or none (got '${aggregate}')`);
  const w = o.weather ?? 'synthetic';
  let weather: FleetWeatherSpec;
  if (w === 'synthetic') {
    weather = {
      type: 'synthetic',
      ...(o.weatherGrid !== undefined && o.weatherGrid > 0 ? { cellDegrees: o.weatherGrid } : {}),
    };
  } else {
    if (o.weatherGrid !== undefined)
      throw new SimulateUsageError('--weather-grid is for the synthetic weather only (a weather file is one place)');
    let isDir: boolean;
    try {
      isDir = readdirOk(w);
    } catch {
      throw new SimulateUsageError(
        `--weather: no file or directory '${w}' (give a weather file, a directory of them, or synthetic)`,
      );
    }
    weather = isDir ? { type: 'directory', path: w } : { type: 'file', path: w };
    const far: Pick<FleetJob, 'maxWeatherDistanceKm' | 'onFarWeather'> = {};
    if (o.maxWeatherDistance !== undefined) {
      if (!(o.maxWeatherDistance >= 0))
        throw new SimulateUsageError(
          `--max-weather-distance must be a distance in km >= 0 (got ${o.maxWeatherDistance})`,
        );
      far.maxWeatherDistanceKm = o.maxWeatherDistance;
    }
    if (o.onFarWeather !== undefined) {
      if (o.onFarWeather !== 'error' && o.onFarWeather !== 'warn')
        throw new SimulateUsageError(`--on-far-weather must be error or warn (got '${o.onFarWeather}')`);
      far.onFarWeather = o.onFarWeather;
    }
    if (o.year !== undefined || o.start !== undefined || o.end !== undefined || o.period !== undefined) {
      throw new SimulateUsageError(
        '--year, --start, --end and --period are for the synthetic weather: a weather file brings its own periods',
      );
    }
    return { weather, aggregate, ...far };
  }
  if (o.maxWeatherDistance !== undefined || o.onFarWeather !== undefined)
    throw new SimulateUsageError('--max-weather-distance and --on-far-weather are for a weather file or directory');
  let periodSeconds = 3600;
  if (o.period !== undefined) {
    try {
      periodSeconds = durationSeconds(parseDuration(o.period));
    } catch {
      throw new SimulateUsageError(`--period must be an ISO 8601 duration such as PT60M or PT15M (got '${o.period}')`);
    }
    if (!(periodSeconds >= 300 && periodSeconds <= 86400 && periodSeconds % 300 === 0)) {
      throw new SimulateUsageError(`--period must be a whole number of 5 minutes from PT5M to P1D (got '${o.period}')`);
    }
  }
  let period: FleetJob['period'];
  if (o.year !== undefined) {
    if (o.start !== undefined || o.end !== undefined)
      throw new SimulateUsageError('give --year, or --start and --end, not both');
    if (!Number.isInteger(o.year) || o.year < 1900 || o.year > 2100)
      throw new SimulateUsageError(`--year must be a year from 1900 to 2100 (got ${o.year})`);
    period = { year: o.year };
  } else if (o.start !== undefined || o.end !== undefined) {
    if (o.start === undefined || o.end === undefined) throw new SimulateUsageError('give both --start and --end');
    const start = instant('start', o.start);
    const end = instant('end', o.end);
    if (!(end > start)) throw new SimulateUsageError(`--end must be after --start (got ${o.start} .. ${o.end})`);
    period = { start, end };
  } else {
    throw new SimulateUsageError('give --year YYYY, or --start and --end, for the synthetic weather');
  }
  return { weather, period, periodSeconds, aggregate };
}

/**
 * What an annual row sums over a period that is not one year (said once on stderr): energy_kwh is
 * the period's total, specific_yield_kwh_per_kw that total per kW and per year.
 */
function periodNote(years: number): string {
  const days = Math.round(years * 365.25 * 100) / 100;
  return (
    `note: the period is ${days} days, not one year: energy_kwh is its total, and specific_yield_kwh_per_kw ` +
    `is per year (energy / capacity / ${Math.round(years * 10000) / 10000} years); --aggregate monthly gives each month of each year`
  );
}

function readdirOk(path: string): boolean {
  return statSync(path).isDirectory();
}

/** A progress display on stderr: a bar on a terminal, else a line every 5 s. */
export function progressDisplay(
  mode: 'bar' | 'lines' | 'none',
  total: number,
  io: CliIo,
): { update(p: FleetProgress): void; stop(): void } {
  if (mode === 'none') return { update() {}, stop() {} };
  if (mode === 'bar') {
    const bar = new SingleBar({
      format: 'simulate [{bar}] {percentage}% | {value}/{total} sites | {rate} sites/s | ETA {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
    });
    bar.start(total, 0, { rate: '0' });
    return {
      update: (p) => bar.update(p.done, { rate: p.sitesPerSecond.toFixed(1) }),
      stop: () => bar.stop(),
    };
  }
  let last = performance.now();
  let latest: FleetProgress | undefined;
  let shown: FleetProgress | undefined;
  const line = (p: FleetProgress): void => {
    const eta = p.etaSeconds === undefined ? '' : `, about ${Math.ceil(p.etaSeconds)} s left`;
    io.err(`simulate: ${p.done}/${total} sites, ${p.sitesPerSecond.toFixed(1)} sites/s${eta}`);
  };
  return {
    update(p) {
      latest = p;
      const now = performance.now();
      if (now - last >= 5000) {
        last = now;
        shown = p;
        line(p);
      }
    },
    stop() {
      if (latest !== undefined && latest !== shown) line(latest);
    },
  };
}

/**
 * The sites of the options' sites file, checked; a number is the exit code of a file that
 * cannot be used (its problems written to stderr).
 */
export function readSites(o: { sites: string; skipInvalid?: boolean }, io: CliIo): FleetSite[] | number {
  let text: string;
  try {
    text = readFileSync(o.sites, 'utf8');
  } catch (e) {
    throw new SimulateUsageError(`--sites: cannot read '${o.sites}' (${(e as Error).message})`);
  }
  let parsed: ReturnType<typeof readFleetSitesCsv>;
  try {
    parsed = readFleetSitesCsv(text);
  } catch (e) {
    io.err(`error: ${o.sites}: ${(e as Error).message}`);
    return 1;
  }
  const { sites, problems } = parsed;
  if (problems.length > 0) {
    const lines = new Set(problems.map((p) => p.line));
    io.err(`${o.sites}: ${lines.size} bad row${lines.size === 1 ? '' : 's'}${o.skipInvalid ? ' skipped' : ''}:`);
    io.err('line\tfield\treason');
    for (const p of problems) io.err(`${p.line}\t${p.field}\t${p.reason}`);
    if (!o.skipInvalid) {
      io.err('nothing was computed: fix these rows, or give --skip-invalid to leave them out');
      return 1;
    }
  }
  if (sites.length === 0) {
    io.err(`${o.sites}: no sites to simulate`);
    return 1;
  }
  return sites;
}

/** Checks an --out value; returns whether it is Parquet. */
export function checkOut(out: string): boolean {
  const parquet = /\.parquet$/i.test(out);
  if (out !== '-' && !parquet && !/\.csv$/i.test(out))
    throw new SimulateUsageError(`--out must end in .csv or .parquet, or be - for CSV on stdout (got '${out}')`);
  return parquet;
}

/**
 * Runs `solarkit simulate`. Returns the exit code: 0 done, 1 bad rows (nothing computed) or a
 * failure, 2 a usage error, 130 interrupted (the file holds the sites done). (With `queue`, the
 * command line calls queue-commands.ts's `enqueueCommand` instead.)
 *
 * @param signal aborts the run (the command line passes SIGINT's)
 */
export async function simulateCommand(o: SimulateCommandOptions, io: CliIo, signal?: AbortSignal): Promise<number> {
  const job = jobOf(o);
  const threads = o.threads ?? defaultFleetThreads();
  if (!Number.isInteger(threads) || threads < 1 || threads > 256)
    throw new SimulateUsageError(`--threads must be a whole number from 1 to 256 (got ${o.threads})`);
  if (o.out === undefined) throw new SimulateUsageError('give --out (a .csv or .parquet file, or -), or --queue');
  const out = o.out;
  const parquet = checkOut(out);
  const read = readSites(o, io);
  if (typeof read === 'number') return read;
  const sites = read;

  const sink = parquet ? parquetSink(out, job.aggregate) : csvSink(out, job.aggregate);
  const mode = o.progress ?? (process.stderr.isTTY ? 'bar' : 'lines');
  const display = progressDisplay(mode, sites.length, io);
  const bySite = new Map<string, FleetSite>();
  if (job.aggregate === 'none') for (const s of sites) bySite.set(s.id, s);
  let failed = 0;
  let interrupted = false;
  let toldPeriod = false;
  try {
    const run = simulateFleet(sites, {
      ...job,
      threads,
      // This thread only reads the sites and writes the rows: it simulates too (threads - 1 workers).
      useCallingThread: true,
      ...(signal !== undefined ? { signal } : {}),
      onProgress: (p) => {
        display.update(p);
        o.onProgress?.(p);
      },
    });
    for await (const r of run as AsyncIterable<FleetOutcome>) {
      if ('error' in r) {
        failed++;
        io.err(`site ${r.id}: ${r.error}`);
        continue;
      }
      if (r.warning !== undefined) io.err(`warning: ${r.warning}`);
      if (job.aggregate === 'annual' && r.years !== 1 && !toldPeriod) {
        toldPeriod = true;
        io.err(periodNote(r.years));
      }
      sink.write(rowsOf(r, job.aggregate, () => fleetPeriodEnds(job, bySite.get(r.id)!)));
    }
  } catch (e) {
    if (signal?.aborted !== true) throw e;
    interrupted = true;
  } finally {
    display.stop();
    sink.close();
  }
  if (interrupted) {
    io.err(`interrupted: ${out === '-' ? 'stdout' : out} holds the sites finished so far`);
    return 130;
  }
  if (failed > 0) {
    io.err(
      `${failed} site${failed === 1 ? '' : 's'} failed (listed above); the others are in ${out === '-' ? 'stdout' : out}`,
    );
    return 1;
  }
  return 0;
}
