/**
 * The argument checks of the soiling functions, once per call (see util/validate.ts).
 */
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkConstantStep,
  checkFinite,
  checkIncreasing,
  checkNonNegativeColumn,
  checkObject,
  checkRange,
  checkSeries,
  checkTimes,
  isFloat64Array,
  typeFailure,
} from '../util/validate.js';

/** Times (Unix seconds), rainfall (mm per period), and the optional wash times and period. */
function checkSeriesAndWashes(
  fn: string,
  input: { unixSeconds: Float64Array; rainfall: Float64Array; pm2_5?: Column; pm10?: Column },
  options: {
    manualWashTimes?: Float64Array;
    periodSeconds?: number;
    rainAccumPeriod?: number;
    cleaningThreshold?: number;
  },
  pm: boolean,
): void {
  checkObject(fn, 'input', input);
  checkObject(fn, 'options', options);
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  if (!isFloat64Array(input.rainfall)) typeFailure(fn, 'rainfall', 'a Float64Array of mm per period', input.rainfall);
  checkSeries(fn, [
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['rainfall', input.rainfall, 'mm per period'],
    ...(pm
      ? ([
          ['pm2_5', input.pm2_5, 'g/m3'],
          ['pm10', input.pm10, 'g/m3'],
        ] as const)
      : []),
  ]);
  // The models carry a state from row to row: the rows must come in time order (Kimber's build-up
  // also takes its step from the first two times, so its step must be constant).
  if (pm) checkIncreasing(fn, 'unixSeconds', input.unixSeconds);
  else checkConstantStep(fn, 'unixSeconds', input.unixSeconds);
  checkNonNegativeColumn(fn, 'rainfall', input.rainfall, 'mm per period');
  if (pm) {
    checkGramsPerCubicMetre(fn, 'pm2_5', input.pm2_5!);
    checkGramsPerCubicMetre(fn, 'pm10', input.pm10!);
  }
  if (options.manualWashTimes !== undefined) checkTimes(fn, 'options.manualWashTimes', options.manualWashTimes);
  if (options.periodSeconds !== undefined)
    checkAtLeast(fn, 'options.periodSeconds', options.periodSeconds, 0, 's', true);
  if (options.cleaningThreshold !== undefined)
    checkAtLeast(fn, 'options.cleaningThreshold', options.cleaningThreshold, 0, 'mm');
}

/**
 * Above this, g/m3, a particulate concentration is no air one breathes (10,000 ug/m3; a dust storm
 * reaches a few thousand): such a column is in ug/m3, the unit weather services and the API serve.
 */
const MAX_PM_GRAMS = 0.01;

/** A PM concentration column in g/m3 (as pvlib's hsu), not ug/m3: one pass for its largest value. */
function checkGramsPerCubicMetre(fn: string, name: string, value: Column): void {
  let hi = Number.NEGATIVE_INFINITY;
  if (typeof value === 'number') hi = value;
  else for (let i = 0; i < value.length; i++) if (value[i]! > hi) hi = value[i]!;
  if (hi > MAX_PM_GRAMS)
    throw new RangeError(
      `${fn}: ${name} looks like ug/m3 (largest value ${hi}); g/m3 expected, as pvlib's hsu (divide by 1e6)`,
    );
}

/** hsuSoiling and hsuRampUpMass. */
export function checkHsu(
  fn: string,
  input: { unixSeconds: Float64Array; rainfall: Float64Array; pm2_5: Column; pm10: Column },
  options: {
    cleaningThreshold: number;
    surfaceTilt: number;
    depoVelocPm2_5?: number;
    depoVelocPm10?: number;
    rainAccumPeriod?: number;
    initialMass?: number;
    manualWashTimes?: Float64Array;
    periodSeconds?: number;
  },
): void {
  checkSeriesAndWashes(fn, input, options, true);
  checkAtLeast(fn, 'options.cleaningThreshold', options.cleaningThreshold, 0, 'mm');
  checkRange(fn, 'options.surfaceTilt', options.surfaceTilt, 0, 180, 'degrees');
  if (options.depoVelocPm2_5 !== undefined)
    checkAtLeast(fn, 'options.depoVelocPm2_5', options.depoVelocPm2_5, 0, 'm/s');
  if (options.depoVelocPm10 !== undefined) checkAtLeast(fn, 'options.depoVelocPm10', options.depoVelocPm10, 0, 'm/s');
  if (options.rainAccumPeriod !== undefined)
    checkAtLeast(fn, 'options.rainAccumPeriod', options.rainAccumPeriod, 0, 's', true);
  if (options.initialMass !== undefined) checkAtLeast(fn, 'options.initialMass', options.initialMass, 0, 'g/m2');
}

/** kimberSoiling. */
export function checkKimber(
  input: { unixSeconds: Float64Array; rainfall: Float64Array },
  options: {
    cleaningThreshold?: number;
    soilingLossRate?: number;
    gracePeriod?: number;
    maxSoiling?: number;
    initialSoiling?: number;
    rainAccumPeriod?: number;
    manualWashTimes?: Float64Array;
    periodSeconds?: number;
  },
): void {
  const fn = 'kimberSoiling';
  checkSeriesAndWashes(fn, input, options, false);
  if (options.soilingLossRate !== undefined)
    checkRange(fn, 'options.soilingLossRate', options.soilingLossRate, 0, 1, 'fraction per day');
  if (options.gracePeriod !== undefined) checkAtLeast(fn, 'options.gracePeriod', options.gracePeriod, 0, 'days');
  if (options.maxSoiling !== undefined) checkRange(fn, 'options.maxSoiling', options.maxSoiling, 0, 1, 'fraction');
  if (options.initialSoiling !== undefined)
    checkRange(fn, 'options.initialSoiling', options.initialSoiling, 0, 1, 'fraction');
  if (options.rainAccumPeriod !== undefined)
    checkAtLeast(fn, 'options.rainAccumPeriod', options.rainAccumPeriod, 0, 'hours', true);
}

/** rollingRainSum. */
export function checkRainWindow(t: Float64Array, rain: Float64Array, windowSeconds: number): void {
  const fn = 'rollingRainSum';
  checkTimes(fn, 'unixSeconds', t);
  if (!isFloat64Array(rain)) typeFailure(fn, 'rainfall', 'a Float64Array of mm per period', rain);
  checkSeries(fn, [
    ['unixSeconds', t, 'Unix seconds'],
    ['rainfall', rain, 'mm per period'],
  ]);
  checkFinite(fn, 'options.windowSeconds', windowSeconds, 's');
  checkAtLeast(fn, 'options.windowSeconds', windowSeconds, 0, 's', true);
}
