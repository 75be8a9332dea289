/**
 * Fleet simulations on every core: `simulateFleet` runs the core's per-site function
 * (`simulateFleetSite`, through fleet-job.ts) over an iterable of sites on a pool of worker
 * threads, and yields the results in the sites' order as they come. Work in flight is bounded
 * (a few batches per thread), so memory does not grow with the number of sites.
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type FleetSite, weatherPlaceOf } from '../power/fleet.js';
import { type FleetJob, type FleetOutcome, runFleetBatch } from './fleet-job.js';
import type { FleetWorkerReply, FleetWorkerRequest } from './fleet-worker.js';

export type { FleetJob, FleetOutcome, FleetPeriod, FleetWeatherSpec } from './fleet-job.js';
export { DEFAULT_MAX_WEATHER_DISTANCE_KM, fleetPeriodEnds } from './fleet-job.js';

/** Progress of a fleet run. */
export interface FleetProgress {
  /** Sites whose results have been yielded. */
  done: number;
  /** Sites in the run, when known (an array of sites, or `total`). */
  total?: number;
  /** Sites per second since the start (wall clock). */
  sitesPerSecond: number;
  /** Seconds left at that rate, when the total is known. */
  etaSeconds?: number;
}

/**
 * What `simulateFleet` reads of an AbortSignal (an `AbortController`'s `signal` is one); declared
 * here so that the types need neither the DOM library nor @types/node.
 */
export interface FleetAbortSignal {
  /** True once the run is to stop. */
  readonly aborted: boolean;
  /** Why the run was aborted: what the iterator throws (absent: an Error saying the run was aborted). */
  readonly reason?: unknown;
  /** Calls `listener` when the job is aborted (as AbortSignal's). */
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  /** Removes a listener added with addEventListener. */
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Options of {@link simulateFleet}: the job (weather, period, aggregate) and how to run it. */
export interface SimulateFleetOptions extends FleetJob {
  /**
   * Threads that simulate (default: the machine's cores): worker threads, or, with
   * `useCallingThread`, this thread and `threads - 1` workers; 1 runs in this thread.
   */
  threads?: number;
  /**
   * With `threads` above 1, this thread simulates too (`threads - 1` worker threads): one thread
   * less to start, whose loading of the code and warming up of the compiler would cost a second
   * of CPU, and no core left waiting while the workers start. For a command whose thread has
   * nothing else to do (`solarkit simulate` and `solarkit worker` set it); leave it off (the
   * default) where this thread's event loop must stay responsive, as in a server: a batch of
   * sites then runs in this thread for up to a few tenths of a second at a time.
   */
  useCallingThread?: boolean;
  /**
   * Sites sent to a thread at a time (default 8; 2 when each site computes its own synthetic
   * weather, about 35 ms a site, so that a thread waits little for the last batches of the run).
   */
  batchSize?: number;
  /** Batches in flight per thread (default 3): bounds memory and keeps every thread busy. */
  batchesPerThread?: number;
  /** Cancels the run: no new batch starts, the iterator ends with the signal's reason. */
  signal?: FleetAbortSignal;
  /** Called after each batch is yielded. */
  onProgress?: (p: FleetProgress) => void;
  /** The number of sites, for progress and ETA when `sites` is not an array. */
  total?: number;
}

/**
 * The worker's module beside this one: the TypeScript source when running from source (tests,
 * tsx: the worker loads it through tsx too), else the built `fleet-worker.js` (the ESM build
 * mirrors src/; the CommonJS bundle dist/node.cjs finds it in dist/node/).
 */
function startWorker(): Worker {
  // The parent's flags but --input-type, which Node refuses for a worker's file (a parent run as
  // `node --input-type=module -e ...` would otherwise start no worker).
  // V8's process-wide garbage-collector flags (node --single-threaded-gc) hold for the workers'
  // isolates already, and a worker refuses them in its execArgv.
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type') && a !== '--single-threaded-gc');
  const here: string | undefined = typeof import.meta.url === 'string' ? import.meta.url : undefined;
  // The CommonJS bundle (dist/node.cjs): tsup shims import.meta.url there to the bundle's own URL,
  // which is not where the worker is.
  if (here === undefined || here.endsWith('.cjs'))
    return new Worker(join(dirname(__filename), 'node', 'fleet-worker.js'), { execArgv });
  if (here.endsWith('.ts')) {
    // Node 20 does not apply an --import hook to a worker's entry module: register tsx first.
    const source = new URL('./fleet-worker.ts', here).href;
    return new Worker(
      `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(source)}); });`,
      { eval: true, execArgv },
    );
  }
  return new Worker(new URL('./fleet-worker.js', here), { execArgv });
}

/**
 * The default number of threads: the machine's cores (the main thread mostly waits).
 * @example
 * defaultFleetThreads() >= 1; // => true
 */
export function defaultFleetThreads(): number {
  return Math.max(1, availableParallelism());
}

function abortError(signal: FleetAbortSignal): unknown {
  return signal.reason ?? new Error('The fleet run was aborted');
}

function throwIfAborted(signal: FleetAbortSignal | undefined): void {
  if (signal?.aborted === true) throw abortError(signal);
}

/** Batches of an iterable or async iterable of sites. */
async function* batchesOf(
  sites: Iterable<FleetSite> | AsyncIterable<FleetSite>,
  size: number,
): AsyncGenerator<FleetSite[]> {
  let batch: FleetSite[] = [];
  for await (const site of sites as AsyncIterable<FleetSite>) {
    batch.push(site);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * A pool of threads that simulate: worker threads and, with `local`, the calling thread too (as
 * thread `workers`, the last), each taking batches from one shared queue. A batch names its
 * thread, or -1 for any: with weather cells the batch's thread is the one that holds its cells'
 * weather, and only it takes the batch (another thread taking it would compute the cells' year
 * of weather again, which cost more than the wait it saves).
 *
 * A worker holds up to two batches (it starts the second as soon as the first is done, without
 * waiting for this thread to hand it one: this thread may be running a batch of its own). The
 * calling thread runs one batch at a time, each in a turn of its own of the event loop, so the
 * workers' results and the consumer's writes are taken between its batches.
 */
class FleetPool {
  private readonly workers: Worker[] = [];
  private readonly inFlight = new Map<Worker, number>();
  private readonly queue: { seq: number; sites: FleetSite[]; prefer: number }[] = [];
  private readonly waiting = new Map<number, { resolve: (o: FleetOutcome[]) => void; reject: (e: unknown) => void }>();
  private localBusy = false;
  private closed = false;
  private failure: unknown;

  constructor(
    workers: number,
    private readonly job: FleetJob,
    private readonly local: boolean,
  ) {
    for (let i = 0; i < workers; i++) {
      const w = startWorker();
      w.postMessage({ type: 'job', job } satisfies FleetWorkerRequest);
      w.on('message', (m: FleetWorkerReply) => this.answer(w, m));
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => {
        if (code !== 0 && (this.inFlight.get(w) ?? 0) > 0)
          this.fail(new Error(`a fleet worker thread exited with code ${code}`));
      });
      this.workers.push(w);
      this.inFlight.set(w, 0);
    }
  }

  run(seq: number, sites: FleetSite[], prefer: number): Promise<FleetOutcome[]> {
    return new Promise((resolve, reject) => {
      if (this.failure !== undefined) {
        reject(this.failure);
        return;
      }
      this.waiting.set(seq, { resolve, reject });
      this.queue.push({ seq, sites, prefer });
      this.pump();
    });
  }

  /** The first queued batch thread `me` may take, removed from the queue. */
  private take(me: number): { seq: number; sites: FleetSite[]; prefer: number } | undefined {
    const k = this.queue.findIndex((t) => t.prefer === me || t.prefer < 0);
    return k < 0 ? undefined : this.queue.splice(k, 1)[0];
  }

  private pump(): void {
    if (this.closed) return;
    for (let me = 0; me < this.workers.length; me++) {
      const w = this.workers[me]!;
      while (this.inFlight.get(w)! < 2) {
        const task = this.take(me);
        if (task === undefined) break;
        this.inFlight.set(w, this.inFlight.get(w)! + 1);
        w.postMessage({ type: 'batch', seq: task.seq, sites: task.sites } satisfies FleetWorkerRequest);
      }
    }
    if (this.local && !this.localBusy) {
      const task = this.take(this.workers.length);
      if (task === undefined) return;
      this.localBusy = true;
      setImmediate(() => {
        this.localBusy = false;
        if (this.closed) return;
        const pending = this.waiting.get(task.seq);
        this.waiting.delete(task.seq);
        try {
          pending?.resolve(runFleetBatch(this.job, task.sites));
        } catch (e) {
          pending?.reject(e);
        }
        this.pump();
      });
    }
  }

  private answer(w: Worker, m: FleetWorkerReply): void {
    this.inFlight.set(w, this.inFlight.get(w)! - 1);
    const pending = this.waiting.get(m.seq);
    this.waiting.delete(m.seq);
    if (m.type === 'batch') pending?.resolve(m.outcomes);
    else pending?.reject(new Error(m.message));
    this.pump();
  }

  private fail(e: unknown): void {
    this.failure ??= e;
    for (const p of this.waiting.values()) p.reject(e);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Simulates a fleet of PV sites: each site's weather (the synthetic model, a weather file, or
 * the nearest file of a directory) through `simulatePv`, kept as annual or monthly energy or as
 * the AC power column (see `simulateFleetSite` of the core), on `threads` worker threads (or this
 * thread and `threads - 1` workers, with `useCallingThread`).
 *
 * Results come in the order of the sites, one per site (`{ id, error }` for a site whose
 * simulation raised), as soon as each site and those before it are done; at most `threads` x
 * `batchesPerThread` x `batchSize` sites are read ahead of the results, so a run of 100,000
 * sites holds no more in memory than a run of 100. With synthetic weather cells, the sites of
 * a cell go to one thread, which computes the cell's weather once. The values do not depend on the number of threads or on the order batches
 * finish (each site is one call of a deterministic function on the same inputs), bit for bit.
 * Typed arrays come back from the workers transferred, not copied. An aborted `signal` stops
 * the run: no new batch starts, the threads end, and the iterator throws the signal's reason
 * after the results already done. Breaking out of the loop ends the threads too.
 *
 * @param sites an array, iterable or async iterable of sites (checked with `fleetSiteProblems`
 *   first when they come from a file: a bad site gives an error result, not a crash)
 * A weather file is used for the sites within `maxWeatherDistanceKm` (default 100 km) of its
 * place; a farther site is an error result naming the site, the distance and the option, or a
 * result with a `warning` when `onFarWeather` is 'warn'. 'monthly' gives the months of each year
 * ('2024-01', ..., '2025-03': `months`), and the specific yield is per year (see `years`).
 *
 * @param options the weather, the period (`{ year }` or `{ start, end }`, Unix s) and
 *   `periodSeconds` of the synthetic weather, `aggregate` ('annual', 'monthly', 'none'),
 *   `maxWeatherDistanceKm` and `onFarWeather` (weather files), `threads`, `signal`, `onProgress`
 * @example
 * const sites = [
 *   { id: 'a', latitude: 52.1, longitude: 5.1, capacityKw: 4, tilt: 35, azimuth: 180 },
 *   { id: 'b', latitude: 52.2, longitude: 5.0, capacityKw: 6, tilt: 20, azimuth: 90 },
 * ];
 * const ids = [];
 * for await (const r of simulateFleet(sites, { weather: { type: 'synthetic' }, period: { year: 2024 }, aggregate: 'annual', threads: 1 })) {
 *   ids.push(r.id);
 * }
 * ids.join(','); // => 'a,b'
 */
export async function* simulateFleet(
  sites: Iterable<FleetSite> | AsyncIterable<FleetSite>,
  options: SimulateFleetOptions,
): AsyncGenerator<FleetOutcome, void, undefined> {
  const threads = options.threads ?? defaultFleetThreads();
  if (!Number.isInteger(threads) || threads < 1)
    throw new RangeError(`simulateFleet: options.threads must be a whole number from 1 (got ${threads})`);
  const ownWeather = options.weather.type === 'synthetic' && !((options.weather.cellDegrees ?? 0) > 0);
  const batchSize = options.batchSize ?? (ownWeather ? 2 : 8);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`simulateFleet: options.batchSize must be a whole number from 1 (got ${batchSize})`);
  const perThread = options.batchesPerThread ?? 3;
  const job: FleetJob = {
    weather: options.weather,
    aggregate: options.aggregate,
    ...(options.period !== undefined ? { period: options.period } : {}),
    ...(options.periodSeconds !== undefined ? { periodSeconds: options.periodSeconds } : {}),
    ...(options.maxWeatherDistanceKm !== undefined ? { maxWeatherDistanceKm: options.maxWeatherDistanceKm } : {}),
    ...(options.onFarWeather !== undefined ? { onFarWeather: options.onFarWeather } : {}),
  };
  if (job.maxWeatherDistanceKm !== undefined && !(job.maxWeatherDistanceKm >= 0))
    throw new RangeError(
      `simulateFleet: options.maxWeatherDistanceKm must be a number >= 0 (km; Infinity for any distance) (got ${job.maxWeatherDistanceKm})`,
    );
  if (job.onFarWeather !== undefined && job.onFarWeather !== 'error' && job.onFarWeather !== 'warn')
    throw new RangeError(
      `simulateFleet: options.onFarWeather must be 'error' or 'warn' (got ${String(job.onFarWeather)})`,
    );
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  const total = options.total ?? (Array.isArray(sites) ? sites.length : undefined);
  const started = performance.now();
  let done = 0;
  const progress = (): void => {
    if (onProgress === undefined) return;
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const p: FleetProgress = { done, sitesPerSecond: rate };
    if (total !== undefined) {
      p.total = total;
      if (rate > 0) p.etaSeconds = Math.max(0, total - done) / rate;
    }
    onProgress(p);
  };

  if (threads === 1) {
    for await (const batch of batchesOf(sites, batchSize)) {
      throwIfAborted(signal);
      const outcomes = runFleetBatch(job, batch);
      for (const o of outcomes) yield o;
      done += outcomes.length;
      progress();
      // A turn of the event loop between batches, so that an abort or a SIGINT is seen.
      await new Promise((r) => setImmediate(r));
    }
    throwIfAborted(signal);
    return;
  }

  const local = options.useCallingThread === true;
  const pool = new FleetPool(local ? threads - 1 : threads, job, local);
  // Sites go to threads by weather cell (see threadOf), so batches are formed per thread and the
  // results come back out of order: they wait in `ready` until every site before them is done.
  // At most `readAhead` sites are read and not yet yielded: with cells, eight times as many, so
  // that each thread has its share of the window to work on while the earliest site waits on
  // another.
  const threadOf = fleetThreadChooser(job, threads, batchSize);
  const byCell = threadOf.byCell;
  const readAhead = threads * perThread * batchSize * (byCell ? 8 : 1);
  const open = Array.from({ length: threads }, () => ({ sites: [] as FleetSite[], indices: [] as number[] }));
  const ready = new Map<number, FleetOutcome>();
  const running = new Set<Promise<void>>();
  let seq = 0;
  const dispatch = (t: number): void => {
    const batch = open[t]!;
    if (batch.sites.length === 0) return;
    open[t] = { sites: [], indices: [] };
    const task: Promise<void> = pool.run(seq++, batch.sites, byCell ? t : -1).then((outcomes) => {
      outcomes.forEach((o, k) => ready.set(batch.indices[k]!, o));
      running.delete(task);
    });
    running.add(task);
  };
  let aborted: (() => void) | undefined;
  const abortedPromise = new Promise<never>((_, reject) => {
    aborted = () => reject(abortError(signal!));
  });
  abortedPromise.catch(() => undefined);
  signal?.addEventListener('abort', aborted!, { once: true });
  const input = eachSite(sites);
  try {
    let read = 0;
    let next = 0;
    let exhausted = false;
    for (;;) {
      while (!exhausted && read - next < readAhead) {
        throwIfAborted(signal);
        const r = await input.next();
        if (r.done === true) {
          exhausted = true;
          break;
        }
        const t = threadOf(r.value, read);
        open[t]!.sites.push(r.value);
        open[t]!.indices.push(read++);
        if (open[t]!.sites.length >= batchSize) dispatch(t);
      }
      // No more reading for now: every site read goes to its thread, whole batch or not, so the
      // earliest one not yet done is computing.
      for (let t = 0; t < threads; t++) dispatch(t);
      const before = next;
      while (ready.has(next)) {
        const o = ready.get(next)!;
        ready.delete(next);
        next++;
        yield o;
      }
      if (next > before) {
        done += next - before;
        progress();
      }
      if (exhausted && next === read) break;
      if (next === before)
        await (signal === undefined ? Promise.race(running) : Promise.race([...running, abortedPromise]));
    }
    throwIfAborted(signal);
  } finally {
    signal?.removeEventListener('abort', aborted!);
    for (const p of running) p.catch(() => undefined);
    await input.return(undefined);
    await pool.close();
  }
}

/** The sites of an iterable or async iterable, one at a time. */
async function* eachSite(
  sites: Iterable<FleetSite> | AsyncIterable<FleetSite>,
): AsyncGenerator<FleetSite, void, undefined> {
  for await (const site of sites as AsyncIterable<FleetSite>) yield site;
}

/**
 * Which thread computes a site. With synthetic weather cells, every site of a cell goes to the
 * thread that got the cell first (a new cell to the thread with the fewest sites so far): the
 * cell's year of weather (about 0.1 s) is then computed by one thread, not by every thread that
 * meets the cell, which cost a 2-thread run a quarter more CPU than a 1-thread run. Otherwise
 * consecutive sites form the batches, taken in turn. Results do not depend on the choice (each
 * site is a deterministic function of its inputs), only the work does.
 *
 * @param job the run's job (its weather decides whether there are cells)
 * @param threads the number of threads
 * @param batchSize sites per batch
 * @returns a function of a site and its 0-based position in the input to a thread, 0..threads-1;
 *   its `byCell` says whether the choice follows weather cells
 * @example
 * const choose = fleetThreadChooser({ weather: { type: 'synthetic', cellDegrees: 0.1 }, aggregate: 'annual' }, 2, 8);
 * const a = choose({ id: 'a', latitude: 52.01, longitude: 5.01, capacityKw: 4, tilt: 30, azimuth: 180 }, 0);
 * const b = choose({ id: 'b', latitude: 52.02, longitude: 5.02, capacityKw: 4, tilt: 30, azimuth: 180 }, 1);
 * [a, b]; // => [0, 0]
 */
export function fleetThreadChooser(
  job: FleetJob,
  threads: number,
  batchSize: number,
): ((site: FleetSite, index: number) => number) & { byCell: boolean } {
  const w = job.weather;
  const cellDegrees = w.type === 'synthetic' ? (w.cellDegrees ?? 0) : 0;
  if (!(cellDegrees > 0))
    return Object.assign((_site: FleetSite, index: number) => Math.floor(index / batchSize) % threads, {
      byCell: false,
    });
  const cellThread = new Map<string, number>();
  const sitesOn = new Array<number>(threads).fill(0);
  return Object.assign(
    (site: FleetSite) => {
      const place = weatherPlaceOf(site, cellDegrees);
      const key = `${place.latitude},${place.longitude}`;
      let t = cellThread.get(key);
      if (t === undefined) {
        t = sitesOn.indexOf(Math.min(...sitesOn));
        cellThread.set(key, t);
      }
      sitesOn[t]!++;
      return t;
    },
    { byCell: true },
  );
}
