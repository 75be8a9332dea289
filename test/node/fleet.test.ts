import { describe, expect, it } from 'vitest';
import type { FleetSite } from '../../src/index.js';
import { fleetThreadChooser } from '../../src/node/fleet.js';
import { type FleetOutcome, type SimulateFleetOptions, simulateFleet } from '../../src/node/index.js';
import { weatherFile } from '../support/data.js';

/** 40 sites over a few weather cells, fixed and tracking. */
const sites: FleetSite[] = Array.from({ length: 40 }, (_, i) => ({
  id: `site-${i}`,
  latitude: 51.9 + (i % 7) * 0.031,
  longitude: 4.8 + (i % 5) * 0.047,
  capacityKw: 2 + (i % 9),
  tilt: 10 + (i % 6) * 7,
  azimuth: 90 + (i % 11) * 18,
  ...(i % 8 === 3 ? { arrayType: 'horizontal_single_axis' as const } : {}),
}));

const base: SimulateFleetOptions = {
  weather: { type: 'synthetic', cellDegrees: 0.1 },
  period: { start: Date.UTC(2024, 2, 1) / 1000, end: Date.UTC(2024, 2, 11) / 1000 },
  aggregate: 'monthly',
  batchSize: 3,
};

async function collect(
  options: SimulateFleetOptions,
  input: Iterable<FleetSite> | AsyncIterable<FleetSite> = sites,
): Promise<FleetOutcome[]> {
  const out: FleetOutcome[] = [];
  for await (const r of simulateFleet(input, options)) out.push(r);
  return out;
}

/** The results as exact text: every double by its bits (toString is exact and round-trips). */
function bits(outcomes: FleetOutcome[]): string[] {
  return outcomes.map((o) =>
    'error' in o
      ? `${o.id} error ${o.error}`
      : `${o.id} ${o.energyKwh} ${o.specificYieldKwhPerKw} ${o.missingPeriods} ${Array.from(o.monthlyKwh ?? []).join(' ')} ${Array.from(o.powerKw ?? []).join(' ')}`,
  );
}

describe('simulateFleet', () => {
  it('gives bit-identical results, in the sites order, on 1 and 2 threads and from run to run', async () => {
    const one = await collect({ ...base, threads: 1 });
    const two = await collect({ ...base, threads: 2 });
    const again = await collect({ ...base, threads: 2, batchSize: 5 });
    expect(one.map((o) => o.id)).toEqual(sites.map((s) => s.id));
    expect(one.every((o) => !('error' in o) && o.energyKwh > 0)).toBe(true);
    expect(bits(two)).toEqual(bits(one));
    expect(bits(again)).toEqual(bits(one));
  });

  it('gives the same bits with the calling thread simulating too (useCallingThread: 1 and 2 workers)', async () => {
    const one = await collect({ ...base, threads: 1 });
    const two = await collect({ ...base, threads: 2, useCallingThread: true });
    const three = await collect({ ...base, threads: 3, useCallingThread: true, batchSize: 2 });
    expect(bits(two)).toEqual(bits(one));
    expect(bits(three)).toEqual(bits(one));
    // Each site its own weather (no cells): the default batches are of 2 sites.
    const own: SimulateFleetOptions = { ...base, weather: { type: 'synthetic' }, batchSize: undefined };
    const few = sites.slice(0, 5);
    expect(bits(await collect({ ...own, threads: 2, useCallingThread: true }, few))).toEqual(
      bits(await collect({ ...own, threads: 1 }, few)),
    );
  });

  it('moves power columns back from the workers (aggregate none), the same as in-process', async () => {
    const few = sites.slice(0, 6);
    const options: SimulateFleetOptions = { ...base, aggregate: 'none' };
    const one = await collect({ ...options, threads: 1 }, few);
    const two = await collect({ ...options, threads: 2 }, few);
    const first = two[0]!;
    expect('powerKw' in first && first.powerKw instanceof Float64Array && first.powerKw.length === 240).toBe(true);
    expect(bits(two)).toEqual(bits(one));
  });

  it('takes an async iterable, reports progress with a rate and an ETA, and answers a bad site with an error, not a crash', async () => {
    async function* stream(): AsyncGenerator<FleetSite> {
      for (const s of sites.slice(0, 5)) yield s;
      yield { id: 'bad', latitude: 52, longitude: 5, capacityKw: -1, tilt: 30, azimuth: 180 };
    }
    const progress: number[] = [];
    let eta: number | undefined;
    const out = await collect(
      {
        ...base,
        threads: 2,
        total: 6,
        onProgress: (p) => {
          progress.push(p.done);
          eta = p.etaSeconds;
          expect(p.sitesPerSecond).toBeGreaterThan(0);
        },
      },
      stream(),
    );
    expect(out.map((o) => o.id)).toEqual(['site-0', 'site-1', 'site-2', 'site-3', 'site-4', 'bad']);
    expect((out[5] as { error: string }).error).toMatch(/capacity/);
    // Reported whenever results are yielded (how many at a time depends on which thread finishes
    // first): rising, and ending at every site.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((d, i) => i === 0 || d > progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(6);
    expect(eta).toBe(0);
  });

  it.each([
    [1, false],
    [2, false],
    [2, true],
  ])(
    'stops on abort with %i thread(s) (calling thread simulating: %s): the results before it, then the reason',
    async (threads, useCallingThread) => {
      const controller = new AbortController();
      const seen: string[] = [];
      const run = async (): Promise<void> => {
        for await (const r of simulateFleet(sites, {
          ...base,
          threads,
          useCallingThread,
          onProgress: (p) => {
            if (p.done >= 6) controller.abort(new Error('stop here'));
          },
          signal: controller.signal,
        })) {
          seen.push(r.id);
        }
      };
      await expect(run()).rejects.toThrow('stop here');
      expect(seen.length).toBeGreaterThanOrEqual(6);
      expect(seen.length).toBeLessThan(sites.length);
      expect(seen).toEqual(sites.slice(0, seen.length).map((s) => s.id));
    },
  );
});

describe('simulateFleet on weather cells', () => {
  // 24 sites in 4 cells of 0.1 degree, the cells interleaved in the input order.
  const corners = [
    [52.01, 5.01],
    [52.11, 5.01],
    [52.01, 5.11],
    [52.11, 5.11],
  ] as const;
  const interleaved: FleetSite[] = Array.from({ length: 24 }, (_, i) => ({
    id: `s${i}`,
    latitude: corners[i % 4]![0] + 0.001 * i,
    longitude: corners[i % 4]![1],
    capacityKw: 3,
    tilt: 30,
    azimuth: 180,
  }));

  it('gives every site of a cell to one thread, and the cells to the threads in balance', () => {
    const choose = fleetThreadChooser({ weather: { type: 'synthetic', cellDegrees: 0.1 }, aggregate: 'annual' }, 2, 3);
    const threads = interleaved.map((s, i) => choose(s, i));
    for (let c = 0; c < 4; c++) expect(new Set(threads.filter((_, i) => i % 4 === c)).size).toBe(1);
    expect(threads.filter((t) => t === 0)).toHaveLength(12);
    // Without cells: consecutive sites form the batches, taken in turn.
    const plain = fleetThreadChooser({ weather: { type: 'synthetic' }, aggregate: 'annual' }, 2, 3);
    expect(interleaved.slice(0, 8).map((s, i) => plain(s, i))).toEqual([0, 0, 0, 1, 1, 1, 0, 0]);
  });

  it('yields the sites in their order when the threads get them out of order', async () => {
    const out = await collect({ ...base, threads: 2 }, interleaved);
    expect(out.map((o) => o.id)).toEqual(interleaved.map((s) => s.id));
    const one = await collect({ ...base, threads: 1 }, interleaved);
    expect(out).toEqual(one);
    // The calling thread as the second thread, holding the cells given to it.
    expect(await collect({ ...base, threads: 2, useCallingThread: true }, interleaved)).toEqual(one);
  });
});

describe('a site far from its weather file (issue 34: an Amsterdam file gave a Pacific site 27.5 kWh/kWp)', () => {
  const file = weatherFile('epw_amsterdam_iwec_062400.epw');
  const near: FleetSite = { id: 'delft', latitude: 52.0, longitude: 4.36, capacityKw: 4, tilt: 35, azimuth: 180 };
  const pacific: FleetSite = { id: 'pacific', latitude: 0, longitude: -150, capacityKw: 4, tilt: 10, azimuth: 180 };
  const job: SimulateFleetOptions = { weather: { type: 'file', path: file }, aggregate: 'annual', threads: 1 };

  it('is an error result naming the site, the distance and the option; a near site is computed', async () => {
    const [a, b] = await collect(job, [near, pacific]);
    expect('error' in a!).toBe(false);
    expect((a as { warning?: string }).warning).toBeUndefined();
    expect(b!.id).toBe('pacific');
    const error = (b as { error: string }).error;
    expect(error).toMatch(
      /^site pacific \(0, -150\) is [\d,]+ km from the place of its weather file .*epw_amsterdam_iwec_062400\.epw \(52\.3, 4\.77\), more than the 100 km allowed/,
    );
    expect(error).toMatch(/maxWeatherDistanceKm \(the command line's --max-weather-distance KM\)/);
    expect(error).toMatch(/onFarWeather 'warn' \(--on-far-weather warn\)/);
  });

  it("is a result with a warning when the job says 'warn', and none with a larger distance allowed", async () => {
    const [warned] = await collect({ ...job, onFarWeather: 'warn' }, [pacific]);
    expect('error' in warned!).toBe(false);
    expect((warned as { warning?: string }).warning).toMatch(/^site pacific .* km .*used anyway/);
    const [allowed] = await collect({ ...job, maxWeatherDistanceKm: 20_100 }, [pacific]);
    expect('error' in allowed!).toBe(false);
    expect((allowed as { warning?: string }).warning).toBeUndefined();
    await expect(collect({ ...job, maxWeatherDistanceKm: -1 }, [pacific])).rejects.toThrow(
      /simulateFleet: options.maxWeatherDistanceKm must be a number >= 0/,
    );
  });

  it("gives a typical year's 12 calendar months, labelled in its year", async () => {
    const [r] = await collect({ ...job, aggregate: 'monthly' }, [near]);
    expect((r as { months: string[] }).months).toEqual(
      Array.from({ length: 12 }, (_, m) => `2059-${String(m + 1).padStart(2, '0')}`),
    );
  });
});
