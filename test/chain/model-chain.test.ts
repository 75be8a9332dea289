/**
 * modelChain and chainModels: models inferred from the parameters as pvlib's ModelChain infers
 * them, the PVWatts chain agreeing with simulatePv, the runs from POA and from effective irradiance
 * agreeing with the run from weather, arrays on inverters, and a misconfigured chain throwing
 * before computing, naming the step and the missing parameter.
 */
import { describe, expect, it } from 'vitest';
import { type ChainArray, type ChainSystem, chainModels, modelChain } from '../../src/chain/index.js';
import { aoi, erbs, iamSapm } from '../../src/irradiance/index.js';
import { simulatePv } from '../../src/power/index.js';
import { calcparamsCec, maxPowerPoint, sapm } from '../../src/pv/index.js';
import { defaultWeatherSource } from '../../src/weather/index.js';
import { ABB_MICRO, ABLEREX_ADR, CS5P_220M } from '../support/pv-parameters.js';

const LAT = 40.1;
const LON = -105.2;
// Fourteen days of May 2024, hourly period ends, from the synthetic weather.
const periodEnd = Float64Array.from({ length: 336 }, (_, i) => Date.UTC(2024, 4, 1) / 1000 + 3600 * (i + 1));
const w = defaultWeatherSource().actuals({
  latitude: LAT,
  longitude: LON,
  periodEnd,
  periodSeconds: 3600,
  parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'],
}) as Record<string, Float64Array>;
const weather = { periodEnd, ghi: w.ghi!, dni: w.dni!, dhi: w.dhi!, airTemp: w.airTemp!, windSpeed: w.windSpeed! };

const pvwattsArray: ChainArray = {
  mount: { tilt: 30, azimuth: 180 },
  module: { pdc0: 5000, gammaPdc: -0.0037 },
  temperature: { mounting: 'open_rack_glass_polymer' },
  albedo: 0.2,
};
const pvwattsSystem: ChainSystem = {
  latitude: LAT,
  longitude: LON,
  arrays: [pvwattsArray],
  inverters: [{ parameters: { pdc0: 5000 / 1.2 / 0.96, etaInvNom: 0.96 } }],
};
const sapmArray: ChainArray = {
  mount: { tilt: 25, azimuth: 190 },
  module: CS5P_220M as unknown as Record<string, unknown>,
  temperature: { mounting: 'open_rack_glass_polymer' },
};

const maxRelative = (a: Float64Array, b: Float64Array): number => {
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]!) || Number.isNaN(b[i]!)) {
      if (Number.isNaN(a[i]!) !== Number.isNaN(b[i]!)) return Number.POSITIVE_INFINITY;
      continue;
    }
    const d = Math.abs(a[i]! - b[i]!) / Math.max(1, Math.abs(b[i]!));
    if (d > worst) worst = d;
  }
  return worst;
};

describe('chainModels infers each step as pvlib ModelChain', () => {
  it('PVWatts parameters: pvwatts DC and AC, physical IAM (pvlib PVWatts preset), SAPM temperature, haydavies, no spectral loss', () => {
    expect(chainModels(pvwattsSystem)).toEqual({
      transposition: 'haydavies',
      decomposition: 'erbs',
      aoi: 'physical',
      spectral: 'no_loss',
      temperature: 'sapm',
      transient: 'none',
      snow: 'none',
      dc: 'pvwatts',
      ac: 'pvwatts',
    });
  });
  it('a SAPM module on a Sandia inverter: sapm DC, sapm IAM (B0..B5 before ASHRAE b), sandia AC', () => {
    const m = chainModels({
      latitude: LAT,
      longitude: LON,
      arrays: [sapmArray],
      inverters: [{ parameters: { ...ABB_MICRO } }],
    });
    expect([m.dc, m.aoi, m.ac]).toEqual(['sapm', 'sapm', 'sandia']);
  });
  it('CEC, De Soto and PVsyst parameters; ADR inverter; temperature models from their parameters', () => {
    const cec = { alphaSc: 0.0045, aRef: 2.6, iLRef: 5.1, iORef: 8e-10, rShRef: 380, rS: 1.06, adjust: 8.7 };
    const { adjust: _adjust, ...desoto } = cec;
    const pvsyst = {
      alphaSc: 0.0045,
      gammaRef: 1.05,
      muGamma: 0.001,
      iLRef: 6,
      iORef: 5e-10,
      rShRef: 300,
      rSh0: 1000,
      rS: 0.3,
      cellsInSeries: 60,
    };
    const sys = (module: Record<string, unknown>, temperature: Record<string, unknown>): ChainSystem => ({
      latitude: LAT,
      longitude: LON,
      arrays: [{ mount: { tilt: 20, azimuth: 180 }, module: { ...module, n: 1.526, K: 4, L: 0.002 }, temperature }],
      inverters: [{ parameters: { ...ABLEREX_ADR } }],
    });
    expect(chainModels(sys(cec, { u0: 25, u1: 6.84 }))).toMatchObject({
      dc: 'cec',
      temperature: 'faiman',
      ac: 'adr',
      aoi: 'physical',
    });
    expect(chainModels(sys(desoto, { uC: 29, uV: 0 })).dc).toBe('desoto');
    expect(chainModels(sys(desoto, { mounting: 'insulated' })).temperature).toBe('pvsyst');
    expect(chainModels(sys(pvsyst, { noctInstalled: 45 }))).toMatchObject({ dc: 'pvsyst', temperature: 'fuentes' });
    expect(chainModels(sys(pvsyst, { noct: 45, moduleEfficiency: 0.2 })).temperature).toBe('noct_sam');
  });
  it('Martin-Ruiz and interpolated IAMs from their parameters; Schlick only by name (as pvlib)', () => {
    const withIam = (iam: Record<string, unknown>): ChainSystem => ({
      ...pvwattsSystem,
      arrays: [{ ...pvwattsArray, module: { pdc0: 400, gammaPdc: -0.004, ...iam } }],
    });
    expect(chainModels(withIam({ aR: 0.16 })).aoi).toBe('martin_ruiz');
    expect(chainModels(withIam({ thetaRef: [0, 60, 90], iamRef: [1, 0.9, 0] })).aoi).toBe('interp');
    expect(chainModels(withIam({}), { aoi: 'schlick' }).aoi).toBe('schlick');
    const r = modelChain(withIam({ aR: 0.16 }), weather);
    const noon = 18;
    expect(r.arrays[0]!.aoiModifier[noon]).toBeGreaterThan(0.9);
    expect(r.arrays[0]!.aoiModifier[noon]).toBeLessThan(1);
  });

  it('the First Solar spectral model needs precipitable water and the module type', () => {
    const cdte: ChainSystem = {
      ...pvwattsSystem,
      elevation: 1600,
      arrays: [{ ...pvwattsArray, module: { pdc0: 400, gammaPdc: -0.0032, moduleType: 'cdte' } }],
    };
    expect(() => modelChain(cdte, weather, { spectral: 'first_solar' })).toThrow(
      /step 'spectral' \(model 'first_solar'\) needs weather\.precipitableWater/,
    );
    expect(() => modelChain(pvwattsSystem, {} as never, { spectral: 'first_solar' })).toThrow(/module\.moduleType/);
    const r = modelChain(cdte, { ...weather, precipitableWater: 1.5 }, { spectral: 'first_solar' });
    const m = r.arrays[0]!.spectralModifier as Float64Array;
    expect(m[18]).toBeGreaterThan(0.95);
    expect(m[18]).toBeLessThan(1.05);
  });

  it('a named model wins over the inferred one', () => {
    expect(chainModels(pvwattsSystem, { aoi: 'ashrae', transposition: 'perez' })).toMatchObject({
      aoi: 'ashrae',
      transposition: 'perez',
    });
  });
});

describe('a misconfigured chain throws before computing, naming the step and the missing parameter', () => {
  // The weather is not even valid: the configuration is checked first.
  const noWeather = {} as never;
  it('a DC model whose parameters are missing', () => {
    expect(() => modelChain(pvwattsSystem, noWeather, { dc: 'sapm' })).toThrow(
      /step 'dc' \(model 'sapm'\) needs system\.arrays\[0\]\.module\.isco, .*c3/,
    );
    const noGamma = { ...pvwattsSystem, arrays: [{ ...pvwattsArray, module: { pdc0: 5000 } }] };
    expect(() => modelChain(noGamma, noWeather, { dc: 'pvwatts' })).toThrow(
      /step 'dc' \(model 'pvwatts'\) needs system\.arrays\[0\]\.module\.gammaPdc/,
    );
    expect(() => modelChain(noGamma, noWeather)).toThrow(/step 'dc' cannot infer its model/);
  });
  it('an inverter with two inputs and one array', () => {
    const two = { ...pvwattsSystem, inverters: [{ parameters: { pdc0: 4000 }, inputs: 2 }] };
    expect(() => modelChain(two, noWeather)).toThrow(
      /step 'ac' \(model 'pvwatts'\): system\.inverters\[0\] has 2 inputs and 1 array/,
    );
  });
  it('a spectral model without air mass', () => {
    const sapmSystem = {
      latitude: LAT,
      longitude: LON,
      arrays: [sapmArray],
      inverters: [{ parameters: { ...ABB_MICRO } }],
    };
    expect(() => modelChain(sapmSystem, weather, { spectral: 'sapm' })).toThrow(
      /step 'spectral' \(model 'sapm'\) needs system\.elevation or weather\.pressure/,
    );
    expect(() => modelChain({ ...pvwattsSystem, elevation: 1600 }, noWeather, { spectral: 'sapm' })).toThrow(
      /step 'spectral' \(model 'sapm'\) needs system\.arrays\[0\]\.module\.a0/,
    );
    // A pressure in hPa where Pa is taken (the air mass of the spectral step).
    expect(() => modelChain(sapmSystem, { ...weather, pressure: 840 }, { spectral: 'sapm' })).toThrow(
      /modelChain: weather\.pressure .*Pa.*hPa/,
    );
  });
  it('a Sandia inverter behind PVWatts modules (no DC voltage), ADR with two inputs, an array on no inverter', () => {
    expect(() => modelChain({ ...pvwattsSystem, inverters: [{ parameters: { ...ABB_MICRO } }] }, noWeather)).toThrow(
      /step 'ac' \(model 'sandia'\) needs the DC voltage/,
    );
    const twoSapm = {
      latitude: LAT,
      longitude: LON,
      arrays: [sapmArray, sapmArray],
      inverters: [{ parameters: { ...ABLEREX_ADR } }],
    };
    expect(() => modelChain(twoSapm, noWeather)).toThrow(/step 'ac' \(model 'adr'\) takes one input/);
    expect(() => modelChain({ ...pvwattsSystem, arrays: [{ ...pvwattsArray, inverter: 1 }] }, noWeather)).toThrow(
      RangeError,
    );
  });
  it('missing temperature parameters, an unknown model name', () => {
    const { temperature: _t, ...bare } = pvwattsArray;
    expect(() => modelChain({ ...pvwattsSystem, arrays: [bare as ChainArray] }, noWeather)).toThrow(
      /step 'temperature' needs system\.arrays\[0\]\.temperature/,
    );
    expect(() => modelChain(pvwattsSystem, noWeather, { dc: 'single_diode' as never })).toThrow(/models\.dc/);
  });
});

describe('modelChain', () => {
  it("with PVWatts' models it is simulatePv's chain (W here, kW there)", () => {
    const sim = simulatePv({ latitude: LAT, longitude: LON, tilt: 30, azimuth: 180, capacity: 5, losses: 0 }, weather);
    const r = modelChain(pvwattsSystem, weather, { transposition: 'perez' });
    expect(
      maxRelative(
        r.ac,
        sim.columns.ac.map((p) => p * 1000),
      ),
    ).toBeLessThan(1e-12);
    expect(maxRelative(r.arrays[0]!.effectiveIrradiance, sim.columns.effectiveIrradiance)).toBe(0);
    expect(r.acEnergy).toBeCloseTo(sim.energy.total * 1000, 6);
    expect(r.periodEnd).toBe(periodEnd);
    expect(r.arrays[0]!.name).toBe('array 1');
  });

  it("runs from each array's POA and from its effective irradiance to the same power", () => {
    const system: ChainSystem = {
      latitude: LAT,
      longitude: LON,
      elevation: 1600,
      arrays: [sapmArray],
      inverters: [{ parameters: { ...ABB_MICRO } }],
    };
    const fromSky = modelChain(system, weather, { spectral: 'sapm' });
    const a = fromSky.arrays[0]!;
    const base = { periodEnd, airTemp: weather.airTemp, windSpeed: weather.windSpeed };
    const fromPoa = modelChain(
      system,
      { ...base, arrays: [{ poaGlobal: a.poaGlobal, poaDirect: a.poaDirect, poaDiffuse: a.poaDiffuse }] },
      { spectral: 'sapm' },
    );
    expect(maxRelative(fromPoa.ac, fromSky.ac)).toBe(0);
    expect(Number.isNaN(fromPoa.ghi[0]!)).toBe(true);
    const fromEffective = modelChain(system, {
      ...base,
      arrays: [{ effectiveIrradiance: a.effectiveIrradiance, poaGlobal: a.poaGlobal }],
    });
    expect(maxRelative(fromEffective.ac, fromSky.ac)).toBe(0);
    // The SAPM spectral modifier is not 1 with the sun up, and the run says which models ran.
    expect(fromSky.models).toMatchObject({ dc: 'sapm', aoi: 'sapm', spectral: 'sapm', ac: 'sandia' });
    expect(fromSky.airmassAbsolute).toBeDefined();
  });

  it('differs from pvlib on purpose: the angle of incidence and its modifier are NaN at night, computed on the other rows', () => {
    // pvlib's ModelChain gives the angle to the sun below the horizon (and the modifier of that
    // angle); the chain computes them only on rows that can have a beam (the sun up, or a beam on
    // the plane all the same) and leaves the night NaN, the core's value for an angle that does
    // not exist: the night has no beam for the modifier to act on, and the work is skipped.
    const system: ChainSystem = { ...pvwattsSystem, elevation: 1600, arrays: [sapmArray] };
    const fromSky = modelChain(system, weather, { ac: 'pvwatts' });
    const a = fromSky.arrays[0]!;
    const incidence = aoi({
      surfaceTilt: 25,
      surfaceAzimuth: 190,
      solarZenith: fromSky.apparentZenith,
      solarAzimuth: fromSky.solarAzimuth,
    });
    const modifier = iamSapm(incidence, CS5P_220M);
    // A beam measured in the plane one hour after sunset still gets its angle and modifier.
    const dusk = fromSky.apparentZenith.findIndex((z, i) => i > 0 && z > 90 && fromSky.apparentZenith[i - 1]! <= 90);
    const poaDirect = a.poaDirect.slice();
    poaDirect[dusk] = 5;
    const fromPoa = modelChain(
      system,
      {
        periodEnd,
        airTemp: weather.airTemp,
        windSpeed: weather.windSpeed,
        arrays: [{ poaGlobal: a.poaGlobal, poaDirect, poaDiffuse: a.poaDiffuse }],
      },
      { ac: 'pvwatts' },
    );
    let night = 0;
    for (let i = 0; i < periodEnd.length; i++) {
      const dark = fromSky.apparentZenith[i]! > 90;
      if (dark) night++;
      expect(Number.isNaN(a.aoi[i]!)).toBe(dark);
      expect(Number.isNaN(a.aoiModifier[i]!)).toBe(dark);
      if (!dark) {
        expect(a.aoi[i]).toBe(incidence[i]);
        expect(a.aoiModifier[i]).toBe(modifier[i]);
      }
    }
    expect(night).toBeGreaterThan(100);
    expect(fromPoa.arrays[0]!.aoi[dusk]).toBe(incidence[dusk]);
    expect(fromPoa.arrays[0]!.aoiModifier[dusk]).toBe(modifier[dusk]);
    expect(Number.isNaN(fromPoa.arrays[0]!.aoi[dusk + 1]!)).toBe(true);
  });

  it('splits GHI alone with Erbs, as given Erbs columns would', () => {
    const alone = modelChain(pvwattsSystem, { periodEnd, ghi: weather.ghi, airTemp: weather.airTemp });
    const middle = periodEnd.map((t) => t - 1800);
    const split = erbs({ ghi: weather.ghi, zenith: alone.solarZenith, unixSeconds: middle });
    const given = modelChain(pvwattsSystem, {
      periodEnd,
      ghi: weather.ghi,
      dni: split.dni,
      dhi: split.dhi,
      airTemp: weather.airTemp,
    });
    expect(maxRelative(alone.ac, given.ac)).toBe(0);
    expect(alone.dhi).toEqual(split.dhi);
  });

  it('two arrays on one two-input inverter, a third on a second inverter: per-array, per-inverter and system columns', () => {
    const east: ChainArray = { ...pvwattsArray, name: 'east', mount: { tilt: 15, azimuth: 90 } };
    const west: ChainArray = { ...pvwattsArray, name: 'west', mount: { tilt: 15, azimuth: 270 } };
    const south: ChainArray = { ...pvwattsArray, name: 'south', inverter: 1, modulesPerString: 2, strings: 3 };
    const r = modelChain(
      {
        latitude: LAT,
        longitude: LON,
        arrays: [east, west, south],
        inverters: [{ parameters: { pdc0: 9000 }, inputs: 2 }, { parameters: { pdc0: 40000 } }],
      },
      weather,
    );
    expect(r.arrays.map((a) => a.name)).toEqual(['east', 'west', 'south']);
    const noon = 18; // 2024-05-01 18:00-19:00 UTC, near solar noon at -105 degrees
    expect(r.arrays[0]!.dc[noon - 3]! > r.arrays[1]!.dc[noon - 3]!).toBe(true); // morning: east first
    expect(r.arrays[1]!.dc[noon + 3]! > r.arrays[0]!.dc[noon + 3]!).toBe(true);
    // Six modules of the south array give six times one module's power.
    const one = modelChain(pvwattsSystem, weather);
    expect(
      maxRelative(
        r.arrays[2]!.dc,
        one.arrays[0]!.dc.map((p) => p * 6),
      ),
    ).toBeLessThan(1e-15);
    for (let i = 0; i < r.ac.length; i++) {
      expect(r.ac[i]).toBe(r.inverters[0]![i]! + r.inverters[1]![i]!);
      expect(r.dc[i]).toBeCloseTo(r.arrays[0]!.dc[i]! + r.arrays[1]!.dc[i]! + r.arrays[2]!.dc[i]!, 9);
    }
    // The two-input PVWatts inverter takes the sum of its arrays' DC.
    expect(r.inverters[0]![noon]).toBeGreaterThan(0);
  });

  it('row shading takes the shaded fraction of the front beam; backtracking avoids it', () => {
    const tracker = (backtrack: boolean): ChainSystem => ({
      ...pvwattsSystem,
      arrays: [
        { ...pvwattsArray, mount: { tracker: { gcr: 0.5, backtrack } }, shading: { collectorWidth: 2, pitch: 4 } },
      ],
    });
    const open = modelChain(
      { ...pvwattsSystem, arrays: [{ ...pvwattsArray, mount: { tracker: { gcr: 0.5, backtrack: false } } }] },
      weather,
    );
    const shaded = modelChain(tracker(false), weather);
    const f = shaded.arrays[0]!.shadedFraction!;
    let rows = 0;
    for (let i = 0; i < f.length; i++) {
      expect(f[i]).toBeGreaterThanOrEqual(0);
      expect(f[i]).toBeLessThanOrEqual(1);
      expect(shaded.arrays[0]!.poaDirect[i]).toBeCloseTo(open.arrays[0]!.poaDirect[i]! * (1 - f[i]!), 9);
      if (f[i]! > 0 && open.arrays[0]!.poaDirect[i]! > 0) rows++;
    }
    expect(rows).toBeGreaterThan(10);
    const backtracked = modelChain(tracker(true), weather).arrays[0]!.shadedFraction!;
    expect(Math.max(...backtracked)).toBeLessThan(1e-9);
  });

  it('deliberate difference from pvlib: an undefined sky value (Perez at DHI = DNI = 0, sun up) is no light, not NaN', () => {
    // pvlib's Perez divides by DHI and gives NaN power for such an hour (its ModelChain then
    // fills NaN with 0 for PVWatts only); the chain counts the missing sky as 0 W/m2, as
    // simulatePv always has, so every inverter model sees darkness rather than a gap.
    const t = Float64Array.of(Date.UTC(2024, 5, 21, 13) / 1000);
    const zero = Float64Array.of(0);
    const r = modelChain(pvwattsSystem, { periodEnd: t, ghi: zero, dni: zero, dhi: zero }, { transposition: 'perez' });
    expect(r.solarZenith[0]).toBeLessThan(90);
    expect(r.arrays[0]!.effectiveIrradiance[0]).toBe(0);
    expect(r.ac[0]).toBe(0);
  });

  it('runs the single-diode models on the lit rows alone: the doubles of the whole columns, 0 in the dark', () => {
    const cec = {
      alphaSc: 0.004539,
      aRef: 2.6373,
      iLRef: 5.114,
      iORef: 8.196e-10,
      rShRef: 381.68,
      rS: 1.065,
      adjust: 8.7,
    };
    // NaN wind (so a NaN cell temperature) on a night row and a lit one; NaN GHI on another.
    const windSpeed = weather.windSpeed.slice();
    const ghi = weather.ghi.slice();
    windSpeed[2] = Number.NaN;
    windSpeed[40] = Number.NaN;
    ghi[41] = Number.NaN;
    const system: ChainSystem = {
      latitude: LAT,
      longitude: LON,
      arrays: [
        { mount: { tilt: 30, azimuth: 180 }, module: cec, temperature: { u0: 25, u1: 6.84 }, modulesPerString: 2 },
      ],
      inverters: [{ parameters: { ...ABLEREX_ADR } }],
    };
    const r = modelChain(system, { ...weather, ghi, windSpeed }, { aoi: 'physical' });
    const a = r.arrays[0]!;
    expect(a.effectiveIrradiance[2]).toBe(0);
    expect(a.effectiveIrradiance[40]!).toBeGreaterThan(100);
    // The same steps over every row: calcparams and the maximum power point of the whole columns,
    // pvlib's ModelChain's fill of the no-light NaN with 0.
    const p = calcparamsCec({ effectiveIrradiance: a.effectiveIrradiance, tempCell: a.tempCell }, cec);
    const mpp = maxPowerPoint(p, { method: 'newton' });
    let dark = 0;
    for (let i = 0; i < periodEnd.length; i++) {
      const e = a.effectiveIrradiance[i]!;
      const filled = Number.isNaN(mpp.pMp[i]!) && !Number.isNaN(e);
      const power = mpp.pMp[i]! * 2; // two modules a string
      const dc = filled ? 0 : power > 0 ? power : Number.isNaN(power) ? Number.NaN : 0;
      expect(Object.is(a.dc[i], dc) || (Number.isNaN(a.dc[i]!) && Number.isNaN(dc))).toBe(true);
      expect(a.vMp![i]).toBe(filled ? 0 : mpp.vMp[i]! * 2);
      if (e === 0) {
        dark++;
        expect([a.dc[i], a.vMp![i]]).toEqual([0, 0]);
      }
    }
    expect(dark).toBeGreaterThan(100);
    expect(Number.isNaN(a.tempCell[40]!)).toBe(true);
    expect(a.dc[40]).toBe(0); // NaN temperature in the light: NaN filled with 0, as pvlib
    expect(Number.isNaN(a.dc[41]!)).toBe(true);

    // The SAPM likewise: its lit rows and the dark rows of a NaN temperature run, the others are 0.
    const sapmSystem: ChainSystem = { ...system, arrays: [{ ...sapmArray, modulesPerString: 2 }] };
    const s = modelChain(sapmSystem, { ...weather, ghi, windSpeed }, { aoi: 'physical' }).arrays[0]!;
    const whole = sapm({ effectiveIrradiance: s.effectiveIrradiance, tempCell: s.tempCell }, CS5P_220M);
    for (let i = 0; i < periodEnd.length; i++) {
      const power = whole.pMp[i]! * 2;
      const dc = power > 0 ? power : Number.isNaN(power) ? Number.NaN : 0;
      expect(Object.is(s.dc[i], dc) || (Number.isNaN(s.dc[i]!) && Number.isNaN(dc))).toBe(true);
      expect(s.vMp![i]).toBe(whole.vMp[i]! * 2);
    }
    expect(Number.isNaN(s.dc[2]!)).toBe(true); // dark, NaN temperature: the SAPM's NaN
  });

  it('an export limit caps the system; NaN weather gives NaN', () => {
    const ghi = weather.ghi.slice();
    ghi[20] = Number.NaN;
    const r = modelChain({ ...pvwattsSystem, exportLimit: 2000 }, { ...weather, ghi });
    expect(Math.max(...r.ac.filter((p) => !Number.isNaN(p)))).toBe(2000);
    expect(Number.isNaN(r.ac[20]!)).toBe(true);
  });
});
