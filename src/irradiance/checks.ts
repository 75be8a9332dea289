/**
 * The argument checks of the irradiance functions, once per call (see util/validate.ts). Kept
 * apart from the kernels so that each kernel gains one line.
 */
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkObject,
  checkOneOf,
  checkPressurePa,
  checkRange,
  checkSeries,
  checkTimes,
  typeFailure,
} from '../util/validate.js';

/** Options shared by the decompositions: the cos z floor and the zenith cut-off. */
interface ZenithLimits {
  minCosZenith?: number;
  maxZenith?: number;
}

function checkZenithLimits(fn: string, options: ZenithLimits): void {
  checkObject(fn, 'options', options);
  if (options.minCosZenith !== undefined) checkRange(fn, 'options.minCosZenith', options.minCosZenith, 0, 1, 'cosine');
  if (options.maxZenith !== undefined) checkRange(fn, 'options.maxZenith', options.maxZenith, 0, 180, 'degrees');
}

/** clearnessIndex: GHI, true zenith and extraterrestrial irradiance columns; option limits. */
export function checkClearnessIndex(
  input: { ghi: Column; zenith: Column; dniExtra: Column },
  options: { minCosZenith?: number; maxClearnessIndex?: number },
): void {
  const fn = 'clearnessIndex';
  checkObject(fn, 'input', input);
  checkZenithLimits(fn, options);
  if (options.maxClearnessIndex !== undefined)
    checkAtLeast(fn, 'options.maxClearnessIndex', options.maxClearnessIndex, 0, '', true);
  checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['dniExtra', input.dniExtra, 'W/m2'],
  ]);
}

/** erbs: GHI and zenith, and the times or the extraterrestrial irradiance (one of them). */
export function checkErbs(
  input: { ghi: Column; zenith: Column; unixSeconds?: Float64Array; dniExtra?: Column },
  options: ZenithLimits,
): void {
  const fn = 'erbs';
  checkObject(fn, 'input', input);
  checkZenithLimits(fn, options);
  if (input.unixSeconds === undefined && input.dniExtra === undefined) {
    typeFailure(
      fn,
      'input.unixSeconds or input.dniExtra',
      'given (times in Unix seconds, or the extraterrestrial irradiance in W/m2)',
      undefined,
    );
  }
  if (input.unixSeconds !== undefined) checkTimes(fn, 'unixSeconds', input.unixSeconds);
  checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['unixSeconds', input.unixSeconds, 'Unix seconds', true],
    ['dniExtra', input.dniExtra, 'W/m2', true],
  ]);
}

/** disc and dirint: GHI, zenith, times, pressure (Pa or null) and the dew point of dirint. */
export function checkDisc(
  fn: 'disc' | 'dirint' | 'dirindex',
  input: { ghi: Column; zenith: Column; unixSeconds: Float64Array; pressure?: Column | null; tempDew?: Column },
  options: ZenithLimits & { maxAirmass?: number; useDeltaKtPrime?: boolean },
): void {
  checkObject(fn, 'input', input);
  checkZenithLimits(fn, options);
  if (options.maxAirmass !== undefined) checkAtLeast(fn, 'options.maxAirmass', options.maxAirmass, 1, 'air mass');
  checkTimes(fn, 'unixSeconds', input.unixSeconds);
  const pressure = input.pressure === null ? undefined : input.pressure;
  checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['unixSeconds', input.unixSeconds, 'Unix seconds'],
    ['pressure', pressure, 'Pa', true],
    ['tempDew', input.tempDew, 'degrees C', true],
  ]);
  if (pressure !== undefined) checkPressurePa(fn, 'pressure', pressure);
}

/** The sky diffuse and total irradiance models. */
export function checkModel(fn: string, model: unknown): void {
  checkOneOf(fn, 'model', model, ['isotropic', 'klucher', 'haydavies', 'reindl', 'king', 'perez', 'perez-driesse']);
}

/** The sun, plane and irradiance columns every sky diffuse model reads, by name and unit. */
export function skyColumns(input: {
  surfaceTilt: Column;
  surfaceAzimuth: Column;
  solarZenith: Column;
  solarAzimuth: Column;
  dhi: Column;
  dni: Column;
}): Record<string, [Column | undefined, string, boolean?]> {
  return {
    surfaceTilt: [input.surfaceTilt, 'degrees'],
    surfaceAzimuth: [input.surfaceAzimuth, 'degrees east of north'],
    solarZenith: [input.solarZenith, 'degrees'],
    solarAzimuth: [input.solarAzimuth, 'degrees east of north'],
    dhi: [input.dhi, 'W/m2'],
    dni: [input.dni, 'W/m2'],
  };
}

/** Columns of the transposition functions, by name and unit (undefined ones are optional). */
export function checkTransposition(
  fn: string,
  columns: Record<string, [Column | undefined, string, boolean?]>,
): number {
  return checkSeries(
    fn,
    Object.entries(columns).map(([name, [value, unit, optional]]) => [name, value, unit, optional] as const),
  );
}

/**
 * The kt decompositions (erbsDriesse, orgillHollands, boland, louche): GHI and zenith columns, and
 * the times or the extraterrestrial irradiance (one of them); the zenith limits.
 */
export function checkKtDecomposition(
  fn: string,
  input: { ghi: Column; zenith: Column; unixSeconds?: Float64Array; dniExtra?: Column },
  options: ZenithLimits,
): number {
  checkObject(fn, 'input', input);
  checkZenithLimits(fn, options);
  if (input.unixSeconds === undefined && input.dniExtra === undefined) {
    typeFailure(
      fn,
      'input.unixSeconds or input.dniExtra',
      'given (times in Unix seconds, or the extraterrestrial irradiance in W/m2)',
      undefined,
    );
  }
  if (input.unixSeconds !== undefined) checkTimes(fn, 'unixSeconds', input.unixSeconds);
  return checkSeries(fn, [
    ['ghi', input.ghi, 'W/m2'],
    ['zenith', input.zenith, 'degrees'],
    ['unixSeconds', input.unixSeconds, 'Unix seconds', true],
    ['dniExtra', input.dniExtra, 'W/m2', true],
  ]);
}
