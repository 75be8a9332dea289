/**
 * Reference handlers for the cases of plane_of_array.json (and any other file of the same schema
 * whose cases carry a `mount` param): `planeOfArray` of src/irradiance against
 * pvlib.irradiance.get_total_irradiance on a fixed plane or on pvlib.tracking.singleaxis's
 * orientation, with the same zenith, azimuth, albedo and air mass inputs.
 */
import { planeOfArray, type PlaneMount, type SkyDiffuseModel } from '../../../src/irradiance/index.js';
import { inputColumn, optionalInput, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';
import { trackerOptions } from './tracking.js';

function mountOf(refCase: ReferenceCase): PlaneMount {
  if (param<string>(refCase, 'mount', 'fixed') === 'tracker') return { tracker: trackerOptions(refCase) };
  return { tilt: param(refCase, 'surface_tilt', Number.NaN), azimuth: param(refCase, 'surface_azimuth', Number.NaN) };
}

/** The columns of a case: planeOfArray's outputs under the reference's names. */
function runPlaneOfArray(refCase: ReferenceCase): Record<string, ArrayLike<number>> {
  const dniExtra = optionalInput(refCase, 'dni_extra');
  const airmass = optionalInput(refCase, 'airmass');
  const trackingZenith = optionalInput(refCase, 'apparent_zenith');
  const r = planeOfArray(
    {
      solarZenith: inputColumn(refCase, 'solar_zenith'),
      solarAzimuth: inputColumn(refCase, 'solar_azimuth'),
      ...(trackingZenith !== undefined ? { trackingZenith } : {}),
      ghi: inputColumn(refCase, 'ghi'),
      dni: inputColumn(refCase, 'dni'),
      dhi: inputColumn(refCase, 'dhi'),
      ...(dniExtra !== undefined ? { dniExtra } : {}),
      ...(airmass !== undefined ? { airmass } : {}),
      albedo: inputColumn(refCase, 'albedo'),
    },
    { mount: mountOf(refCase), model: param<SkyDiffuseModel>(refCase, 'model', 'perez') },
  );
  const out: Record<string, ArrayLike<number>> = {
    poa_global: r.poaGlobal,
    poa_direct: r.poaDirect,
    poa_diffuse: r.poaDiffuse,
    poa_sky_diffuse: r.poaSkyDiffuse,
    poa_ground_diffuse: r.poaGroundDiffuse,
  };
  if (typeof r.surfaceTilt !== 'number') out.surface_tilt = r.surfaceTilt;
  if (typeof r.surfaceAzimuth !== 'number') out.surface_azimuth = r.surfaceAzimuth;
  if (r.trackerTheta !== undefined) out.tracker_theta = r.trackerTheta;
  return out;
}

const hasSky = (refCase: ReferenceCase): boolean =>
  ['solar_zenith', 'solar_azimuth', 'ghi', 'dni', 'dhi', 'albedo'].every((c) => c in refCase.inputs);

/** planeOfArray on a fixed plane: cases with `mount: 'fixed'` and the sky inputs. */
const fixedHandler: CaseHandler = {
  variant: 'plane-of-array-fixed',
  matches: (_fileStem, _caseName, refCase) => refCase.params.mount === 'fixed' && hasSky(refCase),
  run: runPlaneOfArray,
  defaultTolerance: TOLERANCE.value,
};

/** planeOfArray on a single-axis tracker: cases with `mount: 'tracker'`, the sky inputs and the tracked zenith. */
const trackerHandler: CaseHandler = {
  variant: 'plane-of-array-tracker',
  matches: (_fileStem, _caseName, refCase) => refCase.params.mount === 'tracker' && hasSky(refCase),
  run: runPlaneOfArray,
  tolerances: { surface_tilt: TOLERANCE.angle, surface_azimuth: TOLERANCE.azimuth, tracker_theta: TOLERANCE.angle },
  defaultTolerance: TOLERANCE.value,
  deviation:
    'trackers are laid flat (tilt 0, azimuth 180) while the tracked sun is below the horizon, where pvlib.tracking.singleaxis ' +
    "gives NaN: the night irradiance is 0 rather than NaN (the expected values of those rows are pvlib's on the flat plane; params night=flat)",
};

export const handlers: CaseHandler[] = [fixedHandler, trackerHandler];
