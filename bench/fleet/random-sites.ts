/**
 * Random PV sites over the world's land-ish latitudes, for the thread-scaling checks of issue 35
 * (each site its own synthetic weather):
 *   npx tsx bench/fleet/random-sites.ts --sites N [--seed S] > sites.csv
 * Deterministic for a seed (mulberry32, default seed 35): latitude -55..65, longitude -180..180,
 * 2-10 kWp, tilt 0-45 degrees, azimuth 90-270. Prints the sites file of `solarkit simulate`.
 */
function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

/** A deterministic generator (mulberry32), as bench/fleet/run.ts. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = Number(arg('sites', '2000'));
const r = random(Number(arg('seed', '35')));
const lines = ['id,latitude,longitude,capacity_kw,tilt,azimuth'];
for (let i = 0; i < n; i++) {
  const latitude = (-55 + 120 * r()).toFixed(4);
  const longitude = (-180 + 360 * r()).toFixed(4);
  const capacity = (2 + 8 * r()).toFixed(2);
  const tilt = (45 * r()).toFixed(1);
  const azimuth = (90 + 180 * r()).toFixed(1);
  lines.push(`site-${i},${latitude},${longitude},${capacity},${tilt},${azimuth}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
