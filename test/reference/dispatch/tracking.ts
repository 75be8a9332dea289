/**
 * Reference handlers for the cases of tracking.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 */
import { type SingleAxisOptions, singleAxis } from '../../../src/tracking/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

/** The tracker geometry of a case, from pvlib.tracking.singleaxis's parameter names and defaults. */
export function trackerOptions(refCase: ReferenceCase): SingleAxisOptions {
  const maxAngle = param<number | [number, number]>(refCase, 'max_angle', 90);
  return {
    axisTilt: param(refCase, 'axis_tilt', 0),
    axisAzimuth: param(refCase, 'axis_azimuth', 0),
    maxAngle: Array.isArray(maxAngle) ? [maxAngle[0]!, maxAngle[1]!] : maxAngle,
    backtrack: param(refCase, 'backtrack', true),
    gcr: param(refCase, 'gcr', 2 / 7),
    crossAxisTilt: param(refCase, 'cross_axis_tilt', 0),
  };
}

/** pvlib.tracking.singleaxis: any case of a "tracking" file that has the sun position inputs. */
const singleAxisHandler: CaseHandler = {
  variant: 'singleaxis',
  matches: (fileStem, _caseName, refCase) =>
    fileStem.startsWith('tracking') && 'apparent_zenith' in refCase.inputs && 'solar_azimuth' in refCase.inputs,
  run: (refCase) => {
    const r = singleAxis(
      { apparentZenith: inputColumn(refCase, 'apparent_zenith'), solarAzimuth: inputColumn(refCase, 'solar_azimuth') },
      trackerOptions(refCase),
    );
    return {
      tracker_theta: r.trackerTheta,
      aoi: r.aoi,
      surface_tilt: r.surfaceTilt,
      surface_azimuth: r.surfaceAzimuth,
    };
  },
  tolerances: { surface_azimuth: TOLERANCE.azimuth },
  defaultTolerance: TOLERANCE.angle,
};

export const handlers: CaseHandler[] = [singleAxisHandler];
