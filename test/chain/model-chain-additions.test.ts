/**
 * modelChain's steps beyond pvlib ModelChain's vocabulary (solarkit's additions): the cell
 * temperature models 'faiman_rad', 'sapm_cell_from_module', 'generic_linear' and Prilliman's
 * transient, the spectral factors of Caballero, PVSPEC, JRC and Polo, and Marion's snow loss. Each
 * choice gives the columns of the model it names, called alone on the chain's own inputs, and a
 * missing input throws before computing, naming the step, the model and the parameter.
 */
import { describe, expect, it } from 'vitest';
import { altitudeToPressure } from '../../src/atmosphere/index.js';
import { type ChainArray, type ChainSystem, chainModels, modelChain } from '../../src/chain/index.js';
import { genericLinear } from '../../src/power/generic-linear.js';
import { prilliman } from '../../src/power/prilliman.js';
import { faimanRad, sapmCellFromModule, sapmCellTemperature } from '../../src/power/temperature.js';
import { snowCoverageNrel, snowDcLossNrel } from '../../src/snow/index.js';
import {
  spectralFactorCaballero,
  spectralFactorJrc,
  spectralFactorPolo,
  spectralFactorPvspec,
} from '../../src/spectrum/index.js';
import { defaultWeatherSource } from '../../src/weather/index.js';

const LAT = 40.1;
const LON = -105.2;
const periodEnd = Float64Array.from({ length: 72 }, (_, i) => Date.UTC(2024, 1, 1) / 1000 + 3600 * (i + 1));
const w = defaultWeatherSource().actuals({
  latitude: LAT,
  longitude: LON,
  periodEnd,
  periodSeconds: 3600,
  parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'],
}) as Record<string, Float64Array>;
const weather = { periodEnd, ghi: w.ghi!, dni: w.dni!, dhi: w.dhi!, airTemp: w.airTemp!, windSpeed: w.windSpeed! };
const n = periodEnd.length;
const ramp = (a: number, b: number) => Float64Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

const array = (temperature: object, module: object = {}): ChainArray => ({
  mount: { tilt: 30, azimuth: 180 },
  module: { pdc0: 5000, gammaPdc: -0.0037, ...module },
  temperature,
  albedo: 0.2,
});
const system = (a: ChainArray): ChainSystem => ({
  latitude: LAT,
  longitude: LON,
  elevation: 1600,
  arrays: [a],
  inverters: [{ parameters: { pdc0: 5000 } }],
});

describe('modelChain cell temperature: solarkit additions', () => {
  it("'faiman_rad' is faimanRad of the front POA with the weather's irDown", () => {
    const irDown = ramp(250, 320);
    const t = { u0: 16, u1: 5, skyView: 0.9 };
    const r = modelChain(system(array(t)), { ...weather, irDown }, { temperature: 'faiman_rad' });
    expect(r.models.temperature).toBe('faiman_rad');
    const a = r.arrays[0]!;
    const want = faimanRad(
      { poaGlobal: a.poaGlobal, airTemp: weather.airTemp, windSpeed: weather.windSpeed, irDown },
      t,
    );
    expect(Array.from(a.tempCell)).toEqual(Array.from(want));
  });
  it("'faiman_rad' without weather.irDown throws naming it", () => {
    expect(() => modelChain(system(array({ u0: 25, u1: 6.84 })), weather, { temperature: 'faiman_rad' })).toThrow(
      /step 'temperature' \(model 'faiman_rad'\) needs weather\.irDown/,
    );
  });
  it("'sapm_cell_from_module' takes the weather's module temperature, else SAPM's (then equal to 'sapm')", () => {
    const moduleTemperature = ramp(-5, 30);
    const t = { mounting: 'open_rack_glass_polymer' };
    const measured = modelChain(
      system(array(t)),
      { ...weather, moduleTemperature },
      { temperature: 'sapm_cell_from_module' },
    );
    const a = measured.arrays[0]!;
    expect(Array.from(a.tempCell)).toEqual(
      Array.from(sapmCellFromModule({ moduleTemperature, poaGlobal: a.poaGlobal }, { deltaT: 3 })),
    );
    const modelled = modelChain(system(array(t)), weather, { temperature: 'sapm_cell_from_module' });
    const sapm = sapmCellTemperature(
      { poaGlobal: modelled.arrays[0]!.poaGlobal, airTemp: weather.airTemp, windSpeed: weather.windSpeed },
      { mounting: 'open_rack_glass_polymer' },
    );
    for (let i = 0; i < n; i++) expect(modelled.arrays[0]!.tempCell[i]).toBeCloseTo(sapm[i]!, 10);
  });
  it("'sapm_cell_from_module' needs deltaT, and a and b without a measured module temperature", () => {
    expect(() => chainModels(system(array({ a: -3.5, b: -0.07 })), { temperature: 'sapm_cell_from_module' })).toThrow(
      /step 'temperature' \(model 'sapm_cell_from_module'\) needs system\.arrays\[0\]\.temperature\.deltaT/,
    );
    expect(() => modelChain(system(array({ deltaT: 3 })), weather, { temperature: 'sapm_cell_from_module' })).toThrow(
      /needs weather\.moduleTemperature \(degrees C\) or system\.arrays\[0\]\.temperature\.a and \.b/,
    );
  });
  it("'generic_linear' is inferred from its four parameters and is genericLinear of the front POA", () => {
    const t = { uConst: 29, duWind: 0, moduleEfficiency: 0.2, absorptance: 0.9 };
    expect(chainModels(system(array(t))).temperature).toBe('generic_linear');
    const r = modelChain(system(array(t)), weather);
    const a = r.arrays[0]!;
    const want = genericLinear({ poaGlobal: a.poaGlobal, airTemp: weather.airTemp, windSpeed: weather.windSpeed }, t);
    expect(Array.from(a.tempCell)).toEqual(Array.from(want));
    expect(() => chainModels(system(array({ uConst: 29 })), { temperature: 'generic_linear' })).toThrow(
      /needs system\.arrays\[0\]\.temperature\.duWind, system\.arrays\[0\]\.temperature\.moduleEfficiency/,
    );
  });
  it("transient 'prilliman' smooths the steady-state temperature of one-minute data", () => {
    const t1 = Float64Array.from({ length: 120 }, (_, i) => Date.UTC(2024, 5, 1, 17) / 1000 + 60 * (i + 1));
    const ghi = Float64Array.from({ length: 120 }, (_, i) => (i < 60 ? 200 : 900));
    const minute = { periodEnd: t1, ghi, airTemp: 25, windSpeed: 2 };
    const steady = modelChain(system(array({ mounting: 'open_rack_glass_polymer' })), minute);
    const smooth = modelChain(system(array({ mounting: 'open_rack_glass_polymer', unitMass: 12 })), minute, {
      transient: 'prilliman',
    });
    expect(smooth.models.transient).toBe('prilliman');
    const want = prilliman({ unixSeconds: t1, tempCell: steady.arrays[0]!.tempCell, windSpeed: 2 }, { unitMass: 12 });
    expect(Array.from(smooth.arrays[0]!.tempCell)).toEqual(Array.from(want));
    // After the step the smoothed cell lags: cooler than the steady state, so more DC.
    expect(smooth.arrays[0]!.tempCell[62]!).toBeLessThan(steady.arrays[0]!.tempCell[62]!);
    expect(smooth.dc[62]!).toBeGreaterThan(steady.dc[62]!);
  });
});

describe('modelChain spectral factors: solarkit additions', () => {
  const pw = ramp(0.5, 2);
  const aod500 = ramp(0.05, 0.2);
  const clearskyIndex = ramp(0.4, 1);
  const mono = array({ mounting: 'open_rack_glass_polymer' }, { moduleType: 'multisi' });
  const cases = [
    ['caballero', { precipitableWater: pw, aod500 }],
    ['pvspec', { clearskyIndex }],
    ['jrc', { clearskyIndex }],
    ['polo', { precipitableWater: pw, aod500 }],
  ] as const;
  for (const [model, extra] of cases) {
    it(`'${model}' multiplies the effective irradiance by its factor`, () => {
      // A module type each model's table has.
      const type = model === 'polo' ? 'cdte' : 'multisi';
      const mod = array({ mounting: 'open_rack_glass_polymer' }, { moduleType: type });
      const plain = modelChain(system(mod), weather);
      const r = modelChain(system(mod), { ...weather, ...extra }, { spectral: model });
      expect(r.models.spectral).toBe(model);
      const a = r.arrays[0]!;
      const ama = r.airmassAbsolute!;
      const o = { moduleType: type } as any;
      const want =
        model === 'caballero'
          ? spectralFactorCaballero({ precipitableWater: pw, airmassAbsolute: ama, aod500 }, o)
          : model === 'pvspec'
            ? spectralFactorPvspec({ airmassAbsolute: ama, clearskyIndex }, o)
            : model === 'jrc'
              ? spectralFactorJrc({ airmass: r.airmassRelative!, clearskyIndex }, o)
              : spectralFactorPolo(
                  {
                    precipitableWater: pw,
                    airmassAbsolute: ama,
                    aod500,
                    aoi: a.aoi,
                    pressure: altitudeToPressure(1600)[0]!,
                    albedo: 0.2,
                  },
                  o,
                );
      const factor = a.spectralModifier as Float64Array;
      let day = 0;
      for (let i = 0; i < n; i++) {
        if (!(plain.arrays[0]!.effectiveIrradiance[i]! > 0)) continue;
        day++;
        // NaN where the model's inputs leave its range (pvlib's NaN too).
        expect(Number.isNaN(factor[i]!)).toBe(Number.isNaN(want[i]!));
        if (Number.isNaN(factor[i]!)) continue;
        expect(factor[i]).toBe(want[i]);
        expect(a.effectiveIrradiance[i]).toBeCloseTo(plain.arrays[0]!.effectiveIrradiance[i]! * factor[i]!, 9);
      }
      expect(day).toBeGreaterThan(10);
      expect(Array.from(factor).filter((f) => f === f && f !== 1).length).toBeGreaterThan(10);
    });
  }
  it('each throws naming the missing weather column or module parameter', () => {
    expect(() => modelChain(system(mono), { ...weather, precipitableWater: pw }, { spectral: 'caballero' })).toThrow(
      /step 'spectral' \(model 'caballero'\) needs weather\.aod500/,
    );
    expect(() => modelChain(system(mono), weather, { spectral: 'polo' })).toThrow(
      /step 'spectral' \(model 'polo'\) needs weather\.precipitableWater/,
    );
    expect(() => modelChain(system(mono), weather, { spectral: 'pvspec' })).toThrow(
      /step 'spectral' \(model 'pvspec'\) needs weather\.clearskyIndex/,
    );
    expect(() => modelChain(system(mono), weather, { spectral: 'jrc' })).toThrow(
      /step 'spectral' \(model 'jrc'\) needs weather\.clearskyIndex/,
    );
    expect(() => chainModels(system(array({ mounting: 'open_rack_glass_polymer' })), { spectral: 'jrc' })).toThrow(
      /step 'spectral' \(model 'jrc'\) needs system\.arrays\[0\]\.module\.moduleType/,
    );
  });
});

describe('modelChain snow: Marion et al. 2013 (solarkit addition)', () => {
  const snowfall = Float64Array.from({ length: n }, (_, i) => (i >= 2 && i < 6 ? 2.5 : 0));
  const snowDepth = Float64Array.from({ length: n }, (_, i) => (i >= 2 && i < 48 ? 20 : 0));
  const snowy: ChainArray = { ...array({ mounting: 'open_rack_glass_polymer' }), snow: { numStrings: 1 } };
  it('the DC power loses the covered cell strings', () => {
    const plain = modelChain(system(array({ mounting: 'open_rack_glass_polymer' })), weather);
    const r = modelChain(system(snowy), { ...weather, snowfall, snowDepth });
    expect(r.models.snow).toBe('nrel');
    const a = r.arrays[0]!;
    const coverage = snowCoverageNrel({
      unixSeconds: periodEnd,
      snowfall,
      snowDepth,
      poaIrradiance: a.poaGlobal,
      airTemp: weather.airTemp,
      surfaceTilt: 30,
    });
    const loss = snowDcLossNrel(coverage, { numStrings: 1 });
    expect(Array.from(a.snowCoverage!)).toEqual(Array.from(coverage));
    expect(Array.from(a.snowLoss!)).toEqual(Array.from(loss));
    let lost = 0;
    for (let i = 0; i < n; i++) {
      expect(a.dc[i]).toBeCloseTo(plain.arrays[0]!.dc[i]! * (1 - loss[i]!), 6);
      if (loss[i]! > 0 && plain.arrays[0]!.dc[i]! > 0) lost++;
    }
    expect(lost).toBeGreaterThan(0);
  });
  it('an array with snow and weather without snowfall throws naming it', () => {
    expect(() => modelChain(system(snowy), weather)).toThrow(
      /step 'snow' \(model 'nrel'\) needs weather\.snowfall \(cm per period\) or weather\.snowfallRate/,
    );
  });
});
