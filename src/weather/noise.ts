/**
 * Counter-based random numbers for the synthetic weather: every value is a pure function of
 * integer keys (seed, place, channel, lattice index), so any window, chunking or order of
 * evaluation gives the same numbers. No state, no Math.random().
 *
 * The mixer is the 32-bit finaliser of MurmurHash3 (Appleby 2008) applied to a running
 * combination of the keys; value noise interpolates Gaussian lattice values with a C1 smoothstep
 * (Perlin 1985, "An image synthesizer", SIGGRAPH, doi:10.1145/325165.325247).
 */

/** MurmurHash3 fmix32: a bijective avalanche of a 32-bit integer. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Hash of four integer keys to an unsigned 32-bit integer. Keys beyond 32 bits are folded
 * (lattice indices of 5-minute steps since 1970 fit in 32 bits until the year 2378).
 */
export function hash4(a: number, b: number, c: number, d: number): number {
  let h = fmix32((a | 0) ^ 0x9e3779b9);
  h = fmix32(h ^ Math.imul(b | 0, 0x27d4eb2d));
  h = fmix32(h ^ Math.imul(c | 0, 0x165667b1));
  h = fmix32(h ^ Math.imul(d | 0, 0x7feb352d) ^ ((d / 4294967296) | 0));
  return h;
}

/** A uniform number in (0, 1) from four integer keys. */
export function hashUniform(a: number, b: number, c: number, d: number): number {
  return (hash4(a, b, c, d) + 0.5) / 4294967296;
}

/**
 * A standard normal number from four integer keys: the inverse normal CDF of a hashed uniform
 * (Acklam's rational approximation, relative error < 1.2e-9), so one hash gives one value.
 */
export function hashGaussian(a: number, b: number, c: number, d: number): number {
  return inverseNormalCdf(hashUniform(a, b, c, d));
}

const A1 = -3.969683028665376e1,
  A2 = 2.209460984245205e2,
  A3 = -2.759285104469687e2;
const A4 = 1.38357751867269e2,
  A5 = -3.066479806614716e1,
  A6 = 2.506628277459239;
const B1 = -5.447609879822406e1,
  B2 = 1.615858368580409e2,
  B3 = -1.556989798598866e2;
const B4 = 6.680131188771972e1,
  B5 = -1.328068155288572e1;
const C1 = -7.784894002430293e-3,
  C2 = -3.223964580411365e-1,
  C3 = -2.400758277161838;
const C4 = -2.549732539343734,
  C5 = 4.374664141464968,
  C6 = 2.938163982698783;
const D1 = 7.784695709041462e-3,
  D2 = 3.224671290700398e-1,
  D3 = 2.445134137142996,
  D4 = 3.754408661907416;

/**
 * Inverse of the standard normal CDF (P. J. Acklam, 2003, "An algorithm for computing the
 * inverse normal cumulative distribution function"), for p in (0, 1).
 */
export function inverseNormalCdf(p: number): number {
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C1 * q + C2) * q + C3) * q + C4) * q + C5) * q + C6) / ((((D1 * q + D2) * q + D3) * q + D4) * q + 1);
  }
  if (p > 0.97575) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((C1 * q + C2) * q + C3) * q + C4) * q + C5) * q + C6) / ((((D1 * q + D2) * q + D3) * q + D4) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A1 * r + A2) * r + A3) * r + A4) * r + A5) * r + A6) * q) /
    (((((B1 * r + B2) * r + B3) * r + B4) * r + B5) * r + 1)
  );
}

/**
 * Standard normal CDF, Phi(x), by the Abramowitz & Stegun 7.1.26 erf approximation
 * (absolute error < 1.5e-7), enough to map a Gaussian state to quantiles.
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x) * Math.SQRT1_2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/**
 * Variance of smoothstep-interpolated unit-variance value noise averaged over the cell:
 * E[(1-s)^2 + s^2] with s = 3u^2 - 2u^3, u uniform = 26/35. Dividing by its square root makes
 * each octave of {@link valueNoise} close to unit variance.
 */
const SMOOTHSTEP_VARIANCE = 26 / 35;
const NOISE_NORM = 1 / Math.sqrt(SMOOTHSTEP_VARIANCE);

/**
 * Gaussian value noise at one instant and place: unit-variance normal values on an absolute time
 * lattice of spacing `spacing` seconds (index floor(t / spacing)), joined by a smoothstep, blended
 * in space over the octave's spatial lattice (`spatialStream`). The autocorrelation falls to
 * about zero at one lattice spacing in time, and at one spatial spacing in space.
 * @param t time, Unix s
 * @param spacing lattice spacing, s
 * @param seed integer seed
 * @param site where (degrees)
 * @param channel integer key of the quantity
 * @example
 * // A standard normal number, the same at every call:
 * valueNoise(1.7e9, 86400, 0, { latitude: 45, longitude: 8 }, 1) === valueNoise(1.7e9, 86400, 0, { latitude: 45, longitude: 8 }, 1); // => true
 */
export function valueNoise(t: number, spacing: number, seed: number, site: NoiseSite, channel: number): number {
  return accumulateNoise(Float64Array.of(t), spacing, 1, seed, site, channel, new Float64Array(1))[0]!;
}

/**
 * A key for a place: latitude and longitude rounded to 1e-4 degree (the precision the API
 * compares coordinates at), folded into one 32-bit integer. (The weather's noise no longer uses
 * it: its streams live on spatial lattices, see `spatialStream`.)
 * @example
 * // An unsigned 32-bit integer:
 * placeKey(45, 8) >>> 0 === placeKey(45, 8); // => true
 */
export function placeKey(latitude: number, longitude: number): number {
  const a = Math.round(latitude * 1e4);
  const b = Math.round(longitude * 1e4);
  return hash4(a, b, 0x5eed, 0x91ace);
}

/** Bits of the hash that index the Gaussian table. */
const TABLE_BITS = 12;
/**
 * Standard normal quantiles at the midpoints of 4096 equal-probability bins: a hashed index
 * into it draws a (discretised) standard normal number with one table read instead of an
 * inverse-CDF evaluation, which keeps dense octaves cheap.
 */
const GAUSSIAN_TABLE: Float64Array = (() => {
  const n = 1 << TABLE_BITS;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = inverseNormalCdf((i + 0.5) / n);
  // Rescale to unit variance exactly (the midpoint rule shrinks the tails a little).
  let v = 0;
  for (let i = 0; i < n; i++) v += t[i]! * t[i]!;
  const k = 1 / Math.sqrt(v / n);
  for (let i = 0; i < n; i++) t[i] = t[i]! * k;
  return t;
})();

/**
 * The standard normal lattice value of node k of a stream: the stream key (from seed, place
 * and channel, see {@link streamKey}) and k go through one MurmurHash3 finaliser.
 */
export function latticeGaussian(key: number, k: number): number {
  // k is below 2^32 in magnitude for every lattice of 10 minutes or more until the year 83000.
  let h = key ^ Math.imul(k, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return GAUSSIAN_TABLE[h >>> (32 - TABLE_BITS)]!;
}

/** The key of a noise stream from integer seed, place and channel keys. */
export function streamKey(seed: number, place: number, channel: number): number {
  return hash4(seed, place, channel, 0x51a7e);
}

/**
 * Where a noise stream lives in space. Weather systems span distances that grow with their
 * lifetime, so each octave's lattice values are themselves value noise on a latitude-longitude
 * lattice whose spacing follows the octave's time spacing ({@link spatialSpacingDegrees}): two
 * places a few kilometres apart share their synoptic and mesoscale weather and differ only in the
 * fastest (convective) octaves.
 */
export interface NoiseSite {
  /** degrees north */
  latitude: number;
  /** degrees east */
  longitude: number;
}

/**
 * Spatial lattice spacing (degrees) of an octave of time spacing `spacing` seconds: about the
 * distance a weather system of that lifetime spans, 0.3 degree (~33 km) for an hour, growing as
 * lifetime^0.7 (mesoscale convective systems of hours span ~100 km, synoptic systems of days
 * ~1,000 km; Orlanski 1975, "A rational subdivision of scales for atmospheric processes", Bull.
 * Amer. Meteor. Soc. 56, 527-530), at most 12 degrees. Chosen among the divisors of 360 so the
 * lattice wraps around the globe.
 * @example
 * // A day: about 330 km.
 * spatialSpacingDegrees(86400); // => 3
 */
export function spatialSpacingDegrees(spacing: number): number {
  const target = 0.3 * Math.pow(spacing / 3600, 0.7);
  for (const d of SPATIAL_SPACINGS) if (d >= target) return d;
  return SPATIAL_SPACINGS[SPATIAL_SPACINGS.length - 1]!;
}
/** Spatial lattice spacings, degrees: divisors of 360 (and of 180). */
const SPATIAL_SPACINGS = [
  0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 9, 10, 12,
];

/** A noise stream at a site: its key, the keys of the spatial nodes that carry weight and their weights. */
export interface SpatialStream {
  key: number;
  /** nodes used: 1, 2 or 4 */
  count: number;
  corners: Int32Array;
  weights: Float64Array;
}

/**
 * Width of the blending band at each spatial cell edge, as a share of the cell: inside the band the
 * weights move by a smoothstep from one node to the next; between the bands a single node holds
 * all the weight. Continuous everywhere (C1), and most sites then need one or two nodes per time
 * node instead of four, which keeps the noise about as cheap as it was without space.
 */
const SPATIAL_BLEND_BAND = 0.5;

/** Weight of the upper node along one axis at fractional position f in the cell (0..1). */
function bandWeight(f: number): number {
  const x = (f - 0.5 * (1 - SPATIAL_BLEND_BAND)) / SPATIAL_BLEND_BAND;
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return x * x * (3 - 2 * x);
}

/**
 * The stream of a noise channel at a site: the keys of the spatial lattice nodes around it that
 * carry weight (1, 2 or 4 of them) and their weights, scaled to unit sum of squares so that the
 * blend of independent unit normals is again a unit normal everywhere (and continuous across
 * cell edges).
 * @param spacingSeconds the octave's time spacing, s (sets the spatial spacing)
 * @example
 * // 1, 2 or 4:
 * [1, 2, 4].includes(spatialStream(0, { latitude: 45, longitude: 8 }, 17, 4 * 86400).count); // => true
 */
export function spatialStream(seed: number, site: NoiseSite, channel: number, spacingSeconds: number): SpatialStream {
  const d = spatialSpacingDegrees(spacingSeconds);
  const columns = Math.round(360 / d);
  const y = (site.latitude + 90) / d;
  let x = (site.longitude + 180) / d;
  x -= columns * Math.floor(x / columns);
  const i = Math.floor(y);
  const j = Math.floor(x);
  const sy = bandWeight(y - i);
  const sx = bandWeight(x - j);
  const key = streamKey(seed, 0x5eed, channel);
  const corners = new Int32Array(4);
  const weights = new Float64Array(4);
  let count = 0;
  let norm = 0;
  for (let c = 0; c < 4; c++) {
    const di = c >> 1;
    const dj = c & 1;
    const w = (di === 1 ? sy : 1 - sy) * (dj === 1 ? sx : 1 - sx);
    if (w === 0) continue;
    corners[count] = hash4(key, i + di, (j + dj) % columns, 0x6e0d);
    weights[count] = w;
    norm += w * w;
    count++;
  }
  const k = 1 / Math.sqrt(norm);
  for (let c = 0; c < count; c++) weights[c] = weights[c]! * k;
  return { key, count, corners, weights };
}

const SHIFT = 32 - TABLE_BITS;

/**
 * Adds `weight` times one octave of value noise at each time to `out` (in place): in time, the
 * smoothstep between lattice nodes of spacing `spacing`; in space, the blend of the four nodes
 * of the octave's spatial lattice around `site` (`spatialStream`). Lattice values are
 * computed once per lattice cell and reused while consecutive times stay in the same cell, so
 * slow octaves cost almost nothing on dense series. Times may come in any order.
 * @param times Unix s
 * @param spacing lattice spacing of the octave, s
 * @param weight amplitude of the octave
 * @param seed integer seed of the weather
 * @param site where the noise is evaluated
 * @param channel integer key of the quantity
 * @param out accumulator, same length as times
 * @example
 * const times = Float64Array.from({ length: 24 }, (_, i) => 1.7e9 + 3600 * i);
 * const cloud = accumulateNoise(times, 4 * 86400, 1, 0, { latitude: 45, longitude: 8 }, 1, new Float64Array(times.length));
 * cloud.every(Number.isFinite); // => true
 */
export function accumulateNoise(
  times: Float64Array,
  spacing: number,
  weight: number,
  seed: number,
  site: NoiseSite,
  channel: number,
  out: Float64Array,
): Float64Array {
  return accumulateOctaves(times, [spacing, weight, channel], seed, site, out);
}

/**
 * Adds one to three octaves of value noise (as {@link accumulateNoise}) to `out`, octave after
 * octave: `out[i] + w0 v0(t)`, then `+ w1 v1(t)`, then `+ w2 v2(t)`, the same sums in the same
 * order as one pass that adds all three to a running sum.
 * @param octaves [spacing s, weight, channel] for each octave, 1 to 3 of them
 * @param out accumulator, same length as times
 * @example
 * const times = Float64Array.from({ length: 24 }, (_, i) => 1.7e9 + 3600 * i);
 * accumulateOctaves(times, [86400, 0.8, 17, 3600, 0.6, 18], 0, { latitude: 45, longitude: 8 }, new Float64Array(times.length)).length; // => 24
 */
export function accumulateOctaves(
  times: Float64Array,
  octaves: readonly number[],
  seed: number,
  site: NoiseSite,
  out: Float64Array,
): Float64Array {
  const count = octaves.length / 3;
  if (count !== 1 && count !== 2 && count !== 3) throw new RangeError('accumulateOctaves takes 1 to 3 octaves');
  for (let o = 0; o < count; o++) {
    const spacing = octaves[3 * o]!;
    addOctave(times, spacing, octaves[3 * o + 1]!, spatialStream(seed, site, octaves[3 * o + 2]!, spacing), out);
  }
  return out;
}

/**
 * Adds one octave to `out` (accumulateOctaves). The lattice values of a time cell are computed
 * once and reused while consecutive times stay in it; when the times move on by one cell only
 * the new upper node is hashed. The hash is written out here, in the loop, rather than called:
 * a call per lattice node (a function too large for the engine to inline, returning its double
 * through a typed array to avoid boxing) cost about a third of the noise's time (measured on a
 * 19-year hourly history: 41.0 ms with the call per node, 30.0 ms inline, CPU, same doubles).
 *
 * Each node's value: the time node is hashed once with the stream's key (the MurmurHash3
 * finaliser, as in {@link latticeGaussian}); each spatial corner then mixes its own key into that
 * hash with one more multiply-xorshift round, which keeps the corners' values independent at
 * little more than the cost of one full hash; the corners' table values are blended by the
 * stream's weights.
 */
function addOctave(
  times: Float64Array,
  spacing: number,
  weight: number,
  stream: SpatialStream,
  out: Float64Array,
): void {
  const n = times.length;
  const inv = 1 / spacing;
  const w = weight * NOISE_NORM;
  const key = stream.key;
  const corners = stream.count;
  const c0 = stream.corners[0]!,
    c1 = stream.corners[1]!,
    c2 = stream.corners[2]!,
    c3 = stream.corners[3]!;
  const w0 = stream.weights[0]!,
    w1 = stream.weights[1]!,
    w2 = stream.weights[2]!,
    w3 = stream.weights[3]!;
  const table = GAUSSIAN_TABLE;
  // Cell k of the lattice and its lower (a) and upper (b) node values.
  let k = Number.NaN,
    a = 0,
    b = 0;
  for (let i = 0; i < n; i++) {
    const x = times[i]! * inv;
    const j = Math.floor(x);
    if (j !== k) {
      // Nodes j + q of the cell, q = 0 and 1, or only q = 1 when the cell advanced by one. The
      // hash reads a node index as a 32-bit integer (j is below 2^32 in magnitude for every
      // lattice of 10 minutes or more until the year 83000); j | 0 keeps it one for the engine
      // (as a double the index made a heap number per node).
      const j32 = j | 0;
      let q = 0;
      if (j === k + 1) {
        a = b;
        q = 1;
      }
      for (; q < 2; q++) {
        let h = key ^ Math.imul(j32 + q, 0x9e3779b1);
        h ^= h >>> 16;
        h = Math.imul(h, 0x85ebca6b);
        h ^= h >>> 13;
        h = Math.imul(h, 0xc2b2ae35);
        h ^= h >>> 16;
        let h0 = h ^ c0;
        h0 = Math.imul(h0 ^ (h0 >>> 15), 0x2c1b3c6d);
        h0 ^= h0 >>> 12;
        let v = 0;
        if (corners === 1) v = table[h0 >>> SHIFT]!;
        else {
          let h1 = h ^ c1;
          h1 = Math.imul(h1 ^ (h1 >>> 15), 0x2c1b3c6d);
          h1 ^= h1 >>> 12;
          if (corners === 2) v = w0 * table[h0 >>> SHIFT]! + w1 * table[h1 >>> SHIFT]!;
          else {
            let h2 = h ^ c2,
              h3 = h ^ c3;
            h2 = Math.imul(h2 ^ (h2 >>> 15), 0x2c1b3c6d);
            h3 = Math.imul(h3 ^ (h3 >>> 15), 0x2c1b3c6d);
            h2 ^= h2 >>> 12;
            h3 ^= h3 >>> 12;
            v =
              w0 * table[h0 >>> SHIFT]! +
              w1 * table[h1 >>> SHIFT]! +
              w2 * table[h2 >>> SHIFT]! +
              w3 * table[h3 >>> SHIFT]!;
          }
        }
        if (q === 0) a = v;
        else b = v;
      }
      k = j;
    }
    const u = x - j;
    out[i] = out[i]! + w * (a + (b - a) * u * u * (3 - 2 * u));
  }
}
