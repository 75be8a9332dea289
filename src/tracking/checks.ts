/**
 * The argument checks of the tracking functions, once per call (see util/validate.ts).
 */
import type { Column } from '../util/columns.js';
import {
  checkFinite,
  checkObject,
  checkPositiveFraction,
  checkRange,
  checkSeries,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

/** The tracker options the checks read (single-axis.ts's SingleAxisOptions, declared here so that checks.ts imports nothing of single-axis.ts). */
interface TrackerOptionsLike {
  axisTilt?: number;
  axisAzimuth?: number;
  maxAngle?: number | readonly [number, number];
  gcr?: number;
  crossAxisTilt?: number;
  diffuseStow?: { dni: Column; dniThreshold?: number };
}

/** A tracker's geometry and control (`name` prefixes the fields in messages). */
export function checkSingleAxisOptions(fn: string, name: string, o: TrackerOptionsLike): void {
  checkObject(fn, name, o);
  if (o.axisTilt !== undefined) checkRange(fn, `${name}.axisTilt`, o.axisTilt, -90, 90, 'degrees');
  if (o.axisAzimuth !== undefined) checkFinite(fn, `${name}.axisAzimuth`, o.axisAzimuth, 'degrees east of north');
  const m = o.maxAngle;
  if (typeof m === 'number') checkRange(fn, `${name}.maxAngle`, m, 0, 180, 'degrees');
  else if (m !== undefined) {
    if (!Array.isArray(m) || m.length !== 2) typeFailure(fn, `${name}.maxAngle`, 'a number or [min, max] (degrees)', m);
    checkRange(fn, `${name}.maxAngle[0]`, m[0], -180, 180, 'degrees');
    checkRange(fn, `${name}.maxAngle[1]`, m[1], -180, 180, 'degrees');
    if (!(m[0] <= m[1])) rangeFailure(fn, `${name}.maxAngle`, '[min, max] with min <= max', `[${m[0]}, ${m[1]}]`);
  }
  if (o.gcr !== undefined) checkPositiveFraction(fn, `${name}.gcr`, o.gcr, 'row width over pitch');
  if (o.crossAxisTilt !== undefined) checkRange(fn, `${name}.crossAxisTilt`, o.crossAxisTilt, -90, 90, 'degrees');
  if (o.diffuseStow !== undefined) {
    checkObject(fn, `${name}.diffuseStow`, o.diffuseStow);
    if (o.diffuseStow.dniThreshold !== undefined)
      checkFinite(fn, `${name}.diffuseStow.dniThreshold`, o.diffuseStow.dniThreshold, 'W/m2');
  }
}

/** singleAxis: the sun columns, the stow DNI, and the options. */
export function checkSingleAxis(
  input: { apparentZenith: Column; solarAzimuth: Column },
  options: TrackerOptionsLike,
): void {
  const fn = 'singleAxis';
  checkObject(fn, 'input', input);
  checkSingleAxisOptions(fn, 'options', options);
  checkSeries(fn, [
    ['apparentZenith', input.apparentZenith, 'degrees'],
    ['solarAzimuth', input.solarAzimuth, 'degrees east of north'],
    ['options.diffuseStow.dni', options.diffuseStow?.dni, 'W/m2', true],
  ]);
}

/** The angles of a slope and an axis (degrees), `axisTilt` only when `withAxisTilt`. */
export function checkSlope(
  fn: string,
  input: { slopeAzimuth: number; slopeTilt: number; axisAzimuth: number; axisTilt?: number },
  withAxisTilt = false,
): void {
  checkObject(fn, 'input', input);
  checkFinite(fn, 'input.slopeAzimuth', input.slopeAzimuth, 'degrees east of north');
  checkRange(fn, 'input.slopeTilt', input.slopeTilt, -90, 90, 'degrees');
  checkFinite(fn, 'input.axisAzimuth', input.axisAzimuth, 'degrees east of north');
  if (withAxisTilt) checkRange(fn, 'input.axisTilt', input.axisTilt, -90, 90, 'degrees');
}
