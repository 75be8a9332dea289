/**
 * Where a fleet site's memory goes: counts the Float64Array columns of more than 1,000 values
 * allocated (new memory, not views) by call site while one thread simulates sites of their own
 * synthetic weather, a year hourly:
 *   npx tsx bench/fleet/allocations.ts [--sites N]
 * Prints the MB a site allocates in all and the largest call sites (MB a site, columns a site).
 */
const counts = new Map<string, { n: number; bytes: number }>();
const Base = Float64Array;
let counting = false;
class CountingFloat64Array extends Base {
  // biome-ignore lint/suspicious/noExplicitAny: the constructor's overloads, passed on as they are
  constructor(...args: any[]) {
    // @ts-expect-error the overloads of Float64Array's constructor, passed on
    super(...args);
    // A length is new memory; an array, buffer or iterable argument (subarray's views) is not counted.
    if (counting && typeof args[0] === 'number' && this.length > 1000) {
      const at = (new Error().stack ?? '')
        .split('\n')
        .slice(2, 4)
        .map((l) =>
          l
            .trim()
            .replace(/.*\/src\//, '')
            .replace(/\)$/, ''),
        )
        .join(' <- ');
      const c = counts.get(at) ?? { n: 0, bytes: 0 };
      c.n++;
      c.bytes += this.byteLength;
      counts.set(at, c);
    }
  }
}
(globalThis as { Float64Array: Float64ArrayConstructor }).Float64Array =
  CountingFloat64Array as unknown as Float64ArrayConstructor;

const i = process.argv.indexOf('--sites');
const n = i >= 0 ? Number(process.argv[i + 1]) : 6;
const { runFleetBatch } = await import('../../src/node/fleet-job.js');
const { rooftops } = await import('./run.js');
const job = { weather: { type: 'synthetic' as const }, period: { year: 2024 }, aggregate: 'annual' as const };
const sites = [...rooftops(n + 1)];
runFleetBatch(job, sites.slice(0, 1)); // the first site fills the thread's scratch set
counting = true;
runFleetBatch(job, sites.slice(1));
counting = false;
const rows = [...counts.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
const total = rows.reduce((s, [, c]) => s + c.bytes, 0);
console.log(`${(total / n / 1e6).toFixed(1)} MB of new columns a site (${n} sites)`);
for (const [at, c] of rows.slice(0, 25)) console.log(`${(c.bytes / n / 1e6).toFixed(2)} MB\t${c.n / n}\t${at}`);
export {};
