/**
 * The WebAssembly SIMD form of the DNI loop of dni and completeIrradiance
 * (src/irradiance/wasm/closure.wat): this engine runs it, and it gives the TypeScript kernel's
 * doubles bit for bit (the kernels switched off by setWasmKernels give the reference). The
 * committed module matching its .wat is checked in wasm.test.ts for every kernel of
 * scripts/build-wasm.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closureColumns,
  completeIrradiance,
  type DniInput,
  type DniOptions,
  dni,
} from '../../src/irradiance/closure.js';
import { CLOSURE_WASM_BASE64 } from '../../src/irradiance/wasm/closure.wasm.js';
import { instantiateWasm } from '../../src/util/wasm.js';
import { runs } from '../support/properties.js';
import { bitDifferences, withWasmKernels } from '../support/wasm.js';

function copy(input: DniInput): DniInput {
  const c = (x: DniInput['ghi'] | undefined) => (x instanceof Float64Array ? x.slice() : x);
  return {
    ghi: c(input.ghi)!,
    dhi: c(input.dhi)!,
    zenith: c(input.zenith)!,
    ...(input.dniClear === undefined ? {} : { dniClear: c(input.dniClear)! }),
  };
}

function expectSameDoubles(input: DniInput, options: DniOptions = {}): void {
  const reference = withWasmKernels(false, () => dni(copy(input), options));
  const simd = withWasmKernels(true, () => dni(copy(input), options));
  expect(bitDifferences({ dni: reference }, { dni: simd }, ['dni'])).toEqual([]);
  // In place: the result written over the GHI column it reads.
  const own = copy(input);
  if (own.ghi instanceof Float64Array) {
    const inPlace = withWasmKernels(true, () => dni(own, options, own.ghi as Float64Array));
    expect(bitDifferences({ dni: reference }, { dni: inPlace }, ['dni'])).toEqual([]);
  }
  const { ghi, dhi, zenith, dniClear } = copy(input);
  const complete = (wasm: boolean) =>
    withWasmKernels(wasm, () =>
      completeIrradiance({ solarZenith: zenith, ghi, dhi, ...(dniClear === undefined ? {} : { dniClear }) }),
    );
  expect(bitDifferences(complete(false), complete(true), ['ghi', 'dhi', 'dni'])).toEqual([]);
}

/** Rows that visit every branch: night, the clear-sky band 80-88 deg, the zero band, NaN, odd angles. */
/** The four columns of a dni input, all columns. */
interface Series {
  ghi: Float64Array;
  dhi: Float64Array;
  zenith: Float64Array;
  dniClear: Float64Array;
}

function series(n: number, seed: number): Series {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  const ghi = new Float64Array(n);
  const dhi = new Float64Array(n);
  const zenith = new Float64Array(n);
  const dniClear = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = next();
    zenith[i] = u < 0.02 ? Number.NaN : u < 0.04 ? 90 : u < 0.06 ? -30 + 500 * next() : 75 + 20 * next();
    if (next() < 0.5) zenith[i] = 180 * next();
    ghi[i] = next() < 0.03 ? Number.NaN : next() < 0.1 ? 0 : 1000 * next();
    dhi[i] = next() < 0.1 ? ghi[i]! : ghi[i]! * next() * 1.2;
    dniClear[i] = next() < 0.03 ? Number.NaN : 900 * next();
  }
  return { ghi, dhi, zenith, dniClear };
}

/** Irradiance of any sign, zero of either sign, NaN or infinite (W/m2), for the properties below. */
const irradianceValue = fc.oneof(
  fc.double({ min: -100, max: 1500, noNaN: true }),
  fc.constantFrom(Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
/**
 * A zenith in and out of range, NaN, the clear-sky band's and the horizon's edges, and the node
 * table's exact zeros of cos z at 90 and 270 (degrees).
 */
const zenithValue = fc.oneof(
  fc.double({ min: -10, max: 400, noNaN: true }),
  fc.constantFrom(Number.NaN, 80, 88, 90, 180, 270, 360),
);

/**
 * A sun path: zenith swinging smoothly through day, the clear-sky band, the horizon and night
 * (z = mid + swing cos(2 pi i / period), degrees), so that the module meets long runs of one kind
 * (its tight loops) as well as their edges; GHI and DHI as in `series`, a few NaN zeniths and exact
 * 90s among them.
 */
function sunPath(n: number, seed: number, period: number, mid = 85, swing = 60): Series {
  const s = series(n, seed);
  let state = (seed * 7919) >>> 0;
  const next = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
  for (let i = 0; i < n; i++) {
    const u = next();
    s.zenith[i] = u < 0.002 ? Number.NaN : u < 0.004 ? 90 : mid + swing * Math.cos((2 * Math.PI * i) / period);
  }
  return s;
}

describe('dni in WebAssembly', () => {
  it('runs in this engine, so that the comparisons below compare two kernels', () => {
    expect(instantiateWasm(CLOSURE_WASM_BASE64, { js: { cos: Math.cos } })).not.toBeNull();
  });

  it('gives the same doubles over block seams (4096 rows), the odd last pair, with and without dniClear', () => {
    for (const n of [1, 2, 3, 4095, 4096, 4097, 9001]) {
      const s = series(n, n);
      expectSameDoubles(s);
      expectSameDoubles({ ghi: s.ghi, dhi: s.dhi, zenith: s.zenith });
      expectSameDoubles(s, {
        clearskyTolerance: 0.9,
        zenithThresholdForZeroDni: 85,
        zenithThresholdForClearskyLimit: 60,
      });
    }
  });

  it('gives the same doubles on sun paths at 1-minute and hourly steps (long runs of day, band and night, and their edges)', () => {
    for (const [n, period] of [
      [20_000, 1440],
      [8760, 24],
      [5000, 1440 * 3],
    ] as const) {
      const s = sunPath(n, n + period, period);
      expectSameDoubles(s);
      expectSameDoubles({ ghi: s.ghi, dhi: s.dhi, zenith: s.zenith });
      expectSameDoubles(s, {
        clearskyTolerance: 0.9,
        zenithThresholdForZeroDni: 95,
        zenithThresholdForClearskyLimit: 60,
      });
      expectSameDoubles(s, { zenithThresholdForZeroDni: 70, zenithThresholdForClearskyLimit: 85 });
    }
  });

  it('keeps -0, infinities and NaN as the TypeScript kernel does', () => {
    const ghi = Float64Array.of(0, -0, 100, 100, Number.POSITIVE_INFINITY, 100, 0, 50);
    const dhi = Float64Array.of(0, 0, 100, 150, 10, Number.NaN, 0, 10);
    const zenith = Float64Array.of(89, 89, 30, 30, 30, 30, 90, 90);
    expectSameDoubles({ ghi, dhi, zenith, dniClear: new Float64Array(8).fill(100) });
    expectSameDoubles({ ghi, dhi, zenith });
    // cos z of exactly 270 deg is the table's exact 0, replaced by Math.cos (-1.8e-16): -0, not NaN.
    const at270 = {
      ghi: Float64Array.of(100, 100, 0),
      dhi: Float64Array.of(100, 50, 0),
      zenith: Float64Array.of(270, 270, 270),
    };
    expectSameDoubles(at270);
    expect(Object.is(dni(at270)[0], -0)).toBe(true);
  });

  it('gives the same doubles for any inputs and options (fast-check)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.array(irradianceValue, { minLength: n, maxLength: n }),
              fc.array(irradianceValue, { minLength: n, maxLength: n }),
              fc.array(zenithValue, { minLength: n, maxLength: n }),
              fc.array(irradianceValue, { minLength: n, maxLength: n }),
            ),
          ),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        ([g, d, z, c], clearskyTolerance, zenithThresholdForZeroDni, zenithThresholdForClearskyLimit) => {
          expectSameDoubles(
            {
              ghi: Float64Array.from(g),
              dhi: Float64Array.from(d),
              zenith: Float64Array.from(z),
              dniClear: Float64Array.from(c),
            },
            { clearskyTolerance, zenithThresholdForZeroDni, zenithThresholdForClearskyLimit },
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

/**
 * dni and completeIrradiance (DNI missing) on the columns of a closureColumns allocation give the
 * ordinary path's doubles (the TypeScript loop, kernels off) in every bit; `own` fills the
 * allocation's input columns and passes them, else the models are given the foreign columns and
 * copy them in.
 */
function expectSameOnColumns(input: Series, options: DniOptions, own: boolean, capped = true): void {
  const n = input.zenith.length;
  const clear = capped ? { dniClear: input.dniClear } : {};
  const reference = withWasmKernels(false, () =>
    dni({ ...copy(input), ...(capped ? {} : { dniClear: undefined }) }, options),
  );
  const columns = closureColumns(n);
  if (own) {
    columns.ghi.set(input.ghi);
    columns.dhi.set(input.dhi);
    columns.solarZenith.set(input.zenith);
    columns.dniClear.set(input.dniClear);
  }
  const ghi = own ? columns.ghi : input.ghi;
  const dhi = own ? columns.dhi : input.dhi;
  const zenith = own ? columns.solarZenith : input.zenith;
  const dniClear = own && capped ? { dniClear: columns.dniClear } : clear;
  const result = dni({ ghi, dhi, zenith, ...dniClear }, options, columns.dni);
  expect(result).toBe(columns.dni);
  // Foreign inputs are copied into the allocation's columns (its own path; the ordinary path does not write them).
  if (!own) expect(Array.from(columns.ghi)).toEqual(Array.from(input.ghi));
  expect(bitDifferences({ dni: reference }, { dni: result.slice() }, ['dni']), 'dni').toEqual([]);
  // completeIrradiance keeps pvlib's fixed limits (tolerance 1.1, 88 and 80 degrees).
  const completeReference = withWasmKernels(false, () =>
    completeIrradiance({ solarZenith: input.zenith.slice(), ghi: input.ghi.slice(), dhi: input.dhi.slice(), ...clear }),
  );
  columns.dni.fill(-1);
  const complete = completeIrradiance({ solarZenith: zenith, ghi, dhi, ...dniClear }, columns);
  expect(complete.dni).toBe(columns.dni);
  expect(complete.ghi).toBe(columns.ghi);
  const plain = { ghi: complete.ghi.slice(), dhi: complete.dhi.slice(), dni: complete.dni.slice() };
  expect(bitDifferences(completeReference, plain, ['ghi', 'dhi', 'dni']), 'completeIrradiance').toEqual([]);
}

describe('closureColumns: dni and completeIrradiance in the module memory, without copies', () => {
  it('gives the same doubles as the ordinary path over block seams and odd lengths, own or foreign inputs', () => {
    for (const n of [0, 1, 2, 3, 4095, 4096, 4097, 9001]) {
      const s = series(n, n + 7);
      for (const own of [true, false]) {
        expectSameOnColumns(s, {}, own);
        expectSameOnColumns(s, {}, own, false);
        expectSameOnColumns(
          s,
          { clearskyTolerance: 0.9, zenithThresholdForZeroDni: 85, zenithThresholdForClearskyLimit: 60 },
          own,
        );
      }
    }
  });

  it('gives the same doubles for any inputs and options (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(irradianceValue, irradianceValue, zenithValue, irradianceValue), {
          minLength: 1,
          maxLength: 41,
        }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.boolean(),
        (rows, clearskyTolerance, zenithThresholdForZeroDni, zenithThresholdForClearskyLimit, own) => {
          const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
          expectSameOnColumns(
            { ghi: col(0), dhi: col(1), zenith: col(2), dniClear: col(3) },
            { clearskyTolerance, zenithThresholdForZeroDni, zenithThresholdForClearskyLimit },
            own,
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('gives the same doubles on sun paths for any period, limits and options (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 4, max: 2000 }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 120, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.boolean(),
        fc.boolean(),
        (n, period, mid, swing, zenithThresholdForZeroDni, zenithThresholdForClearskyLimit, own, capped) => {
          expectSameOnColumns(
            sunPath(n, n * 31 + period, period, mid, swing),
            { zenithThresholdForZeroDni, zenithThresholdForClearskyLimit },
            own,
            capped,
          );
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('allocations are independent; numbers fill the columns; crossed or foreign columns take the copying path', () => {
    const n = 9;
    const s = series(n, 11);
    const a = closureColumns(n);
    const b = closureColumns(n);
    a.ghi.set(s.ghi);
    b.ghi.fill(1);
    expect(Array.from(a.ghi)).toEqual(Array.from(s.ghi));
    const reference = withWasmKernels(false, () => dni({ ghi: 610, dhi: 150, zenith: s.zenith.slice() }));
    const onA = dni({ ghi: 610, dhi: 150, zenith: s.zenith }, {}, a.dni);
    expect(bitDifferences({ dni: reference }, { dni: onA.slice() }, ['dni'])).toEqual([]);
    expect(a.ghi[0]).toBe(610);
    // GHI given as the allocation's DHI column (and DHI as its GHI): copies would cross, so the ordinary path.
    a.ghi.set(s.dhi);
    a.dhi.set(s.ghi);
    const crossed = dni({ ghi: a.dhi, dhi: a.ghi, zenith: s.zenith }, {}, a.dni);
    const crossedReference = withWasmKernels(false, () =>
      dni({ ghi: s.ghi.slice(), dhi: s.dhi.slice(), zenith: s.zenith.slice() }),
    );
    expect(bitDifferences({ dni: crossedReference }, { dni: crossed.slice() }, ['dni'])).toEqual([]);
    expect(Array.from(a.ghi)).toEqual(Array.from(s.dhi));
    // Another length than the allocation's, or an ordinary output: the ordinary path.
    expect(() => dni({ ghi: s.ghi, dhi: s.dhi, zenith: s.zenith }, {}, closureColumns(n + 1).dni)).toThrow(RangeError);
    const plain = completeIrradiance({ solarZenith: b.solarZenith, ghi: b.ghi, dhi: b.dhi }, { dni: b.dni });
    expect(plain.ghi).not.toBe(b.ghi);
    expect(Array.from(plain.ghi)).toEqual(Array.from(b.ghi));
  });

  it("gives the same doubles on the night's short path (cos z = -1 and both zeniths at or past the zero-DNI threshold) and beside it", () => {
    // Pairs of rows: the night (100 and 150 deg), z = 180 whose cosine is -1 from the table, z just
    // below 180 (cos z rounds to -1 but z < zeroAbove = 180: the band and the general selects apply),
    // and GHI - DHI of each sign and +-0.
    const zenith = Float64Array.from([100, 150, 180, 180, 179.99999999, 179.99999999, 95, 180, 150, 100]);
    const ghi = Float64Array.from([0, 0, 5, -0, 3, 0, 0, 2, -1, 0]);
    const dhi = Float64Array.from([0, 1, 0, 0, 0, 1, -0, 2, 0, 2]);
    const dniClear = Float64Array.from([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    for (const zenithThresholdForZeroDni of [88, 180, 179.99999999]) {
      for (const own of [true, false]) {
        expectSameOnColumns(
          { ghi, dhi, zenith, dniClear },
          { zenithThresholdForZeroDni, zenithThresholdForClearskyLimit: 80 },
          own,
        );
      }
    }
  });

  it('rejects a length that is not a whole number of rows, naming the function', () => {
    expect(() => closureColumns(-1)).toThrow(/closureColumns.*rows/);
    expect(() => closureColumns(2.5)).toThrow(/closureColumns.*rows/);
  });
});
