/**
 * Reference handlers for the cases of model_helpers.json (made by scripts/pvlib/model_helpers.py):
 * the public helpers of the core that no other fixture checks on their own. Cases are recognised by
 * the prefix of their name and the columns they carry; every parameter is read from the case with
 * pvlib's default. The simplified Solis and air-mass cases of that file run through the handlers of
 * irradiance.ts.
 */
import {
  aoiProjection,
  beamComponent,
  clearnessIndex,
  clearnessIndexZenithIndependent,
  groundDiffuse,
  haydaviesSkyDiffuse,
  iamAshrae,
  iamPhysical,
  isotropicSkyDiffuse,
  type PerezCoefficientSet,
  perezSkyDiffuse,
} from '../../../src/irradiance/index.js';
import { axisTiltOnSlope, crossAxisTilt, trackerSurfaceOrientation } from '../../../src/tracking/index.js';
import { hasInputs, inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';
import { angles } from './irradiance.js';

/** pvlib.irradiance.clearness_index. */
const clearnessIndexHandler: CaseHandler = {
  variant: 'clearness_index',
  matches: (_stem, name, refCase) =>
    name.startsWith('clearness_index') &&
    'clearness_index' in refCase.expected &&
    hasInputs(refCase, 'ghi', 'solar_zenith'),
  run: (refCase) => ({
    clearness_index: clearnessIndex(
      {
        ghi: inputColumn(refCase, 'ghi'),
        zenith: inputColumn(refCase, 'solar_zenith'),
        dniExtra: inputColumn(refCase, 'dni_extra'),
      },
      {
        minCosZenith: param(refCase, 'min_cos_zenith', 0.065),
        maxClearnessIndex: param(refCase, 'max_clearness_index', 2),
      },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.clearness_index_zenith_independent. */
const zenithIndependentHandler: CaseHandler = {
  variant: 'clearness_index_zenith_independent',
  matches: (_stem, name, refCase) =>
    name.startsWith('clearness_index_zenith_independent') && hasInputs(refCase, 'clearness_index', 'airmass_absolute'),
  run: (refCase) => ({
    clearness_index_zenith_independent: clearnessIndexZenithIndependent(
      { clearnessIndex: inputColumn(refCase, 'clearness_index'), airmass: inputColumn(refCase, 'airmass_absolute') },
      { maxClearnessIndex: param(refCase, 'max_clearness_index', 2) },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.aoi_projection. */
const aoiProjectionHandler: CaseHandler = {
  variant: 'aoi_projection',
  matches: (_stem, name, refCase) => name.startsWith('aoi_projection') && 'aoi_projection' in refCase.expected,
  run: (refCase) => ({ aoi_projection: aoiProjection(angles(refCase)) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.beam_component. */
const beamComponentHandler: CaseHandler = {
  variant: 'beam_component',
  matches: (_stem, name, refCase) => name.startsWith('beam_component') && hasInputs(refCase, 'dni'),
  run: (refCase) => ({ beam_component: beamComponent({ ...angles(refCase), dni: inputColumn(refCase, 'dni') }) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.get_ground_diffuse (albedo 0.25 when the case gives none, as pvlib). */
const groundDiffuseHandler: CaseHandler = {
  variant: 'get_ground_diffuse',
  matches: (_stem, name, refCase) => name.startsWith('ground_diffuse') && hasInputs(refCase, 'surface_tilt', 'ghi'),
  run: (refCase) => ({
    poa_ground_diffuse: groundDiffuse({
      surfaceTilt: inputColumn(refCase, 'surface_tilt'),
      ghi: inputColumn(refCase, 'ghi'),
      albedo: 'albedo' in refCase.inputs ? inputColumn(refCase, 'albedo') : param(refCase, 'albedo', 0.25),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.isotropic. */
const isotropicHandler: CaseHandler = {
  variant: 'isotropic',
  matches: (_stem, name, refCase) =>
    name.startsWith('sky_diffuse_isotropic') && hasInputs(refCase, 'surface_tilt', 'dhi'),
  run: (refCase) => ({
    poa_sky_diffuse: isotropicSkyDiffuse({
      surfaceTilt: inputColumn(refCase, 'surface_tilt'),
      dhi: inputColumn(refCase, 'dhi'),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

function skyInput(refCase: ReferenceCase) {
  return {
    ...angles(refCase),
    dni: inputColumn(refCase, 'dni'),
    dhi: inputColumn(refCase, 'dhi'),
    dniExtra: inputColumn(refCase, 'dni_extra'),
  };
}

/** pvlib.irradiance.haydavies with return_components. */
const haydaviesHandler: CaseHandler = {
  variant: 'haydavies',
  matches: (_stem, name, refCase) => name.startsWith('sky_diffuse_haydavies') && hasInputs(refCase, 'dni', 'dhi'),
  run: (refCase) => {
    const r = haydaviesSkyDiffuse(skyInput(refCase));
    return { poa_sky_diffuse: r.poaSkyDiffuse, poa_isotropic: r.poaIsotropic, poa_circumsolar: r.poaCircumsolar };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.perez with return_components (model allsitescomposite1990 unless the case names another). */
const perezHandler: CaseHandler = {
  variant: 'perez',
  matches: (_stem, name, refCase) => name.startsWith('sky_diffuse_perez') && hasInputs(refCase, 'dni', 'dhi'),
  run: (refCase) => {
    const r = perezSkyDiffuse(
      { ...skyInput(refCase), airmass: inputColumn(refCase, 'airmass_relative') },
      { coefficients: param<PerezCoefficientSet>(refCase, 'model', 'allsitescomposite1990') },
    );
    return {
      poa_sky_diffuse: r.poaSkyDiffuse,
      poa_isotropic: r.poaIsotropic,
      poa_circumsolar: r.poaCircumsolar,
      poa_horizon: r.poaHorizon,
    };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.iam.ashrae. */
const ashraeHandler: CaseHandler = {
  variant: 'iam_ashrae',
  matches: (_stem, name, refCase) => name.startsWith('iam_ashrae') && hasInputs(refCase, 'aoi'),
  run: (refCase) => ({ iam: iamAshrae(inputColumn(refCase, 'aoi'), { b: param(refCase, 'b', 0.05) }) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.iam.physical. */
const physicalHandler: CaseHandler = {
  variant: 'iam_physical',
  matches: (_stem, name, refCase) => name.startsWith('iam_physical') && hasInputs(refCase, 'aoi'),
  run: (refCase) => ({
    iam: iamPhysical(inputColumn(refCase, 'aoi'), {
      n: param(refCase, 'n', 1.526),
      K: param(refCase, 'K', 4),
      L: param(refCase, 'L', 0.002),
      // pvlib's anti-reflective coating (iam.json's cases carry it); absent: no coating.
      ...(refCase.params?.n_ar !== undefined && refCase.params.n_ar !== null ? { nAr: param(refCase, 'n_ar', 0) } : {}),
    }),
  }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.tracking.calc_axis_tilt, one scalar call per row. */
const axisTiltHandler: CaseHandler = {
  variant: 'calc_axis_tilt',
  matches: (_stem, name, refCase) =>
    name.startsWith('calc_axis_tilt') && hasInputs(refCase, 'slope_azimuth', 'slope_tilt', 'axis_azimuth'),
  run: (refCase) => {
    const slopeAzimuth = inputColumn(refCase, 'slope_azimuth');
    const slopeTilt = inputColumn(refCase, 'slope_tilt');
    const axisAzimuth = inputColumn(refCase, 'axis_azimuth');
    const out = new Float64Array(slopeAzimuth.length);
    for (let i = 0; i < out.length; i++) {
      out[i] = axisTiltOnSlope({
        slopeAzimuth: slopeAzimuth[i]!,
        slopeTilt: slopeTilt[i]!,
        axisAzimuth: axisAzimuth[i]!,
      });
    }
    return { axis_tilt: out };
  },
  defaultTolerance: TOLERANCE.angle,
};

/** pvlib.tracking.calc_cross_axis_tilt, one scalar call per row. */
const crossAxisTiltHandler: CaseHandler = {
  variant: 'calc_cross_axis_tilt',
  matches: (_stem, name, refCase) =>
    name.startsWith('calc_cross_axis_tilt') &&
    hasInputs(refCase, 'slope_azimuth', 'slope_tilt', 'axis_azimuth', 'axis_tilt'),
  run: (refCase) => {
    const slopeAzimuth = inputColumn(refCase, 'slope_azimuth');
    const slopeTilt = inputColumn(refCase, 'slope_tilt');
    const axisAzimuth = inputColumn(refCase, 'axis_azimuth');
    const axisTilt = inputColumn(refCase, 'axis_tilt');
    const out = new Float64Array(slopeAzimuth.length);
    for (let i = 0; i < out.length; i++) {
      out[i] = crossAxisTilt({
        slopeAzimuth: slopeAzimuth[i]!,
        slopeTilt: slopeTilt[i]!,
        axisAzimuth: axisAzimuth[i]!,
        axisTilt: axisTilt[i]!,
      });
    }
    return { cross_axis_tilt: out };
  },
  defaultTolerance: TOLERANCE.angle,
};

/** pvlib.tracking.calc_surface_orientation (axis_tilt 0, axis_azimuth 0 by default, as pvlib). */
const surfaceOrientationHandler: CaseHandler = {
  variant: 'calc_surface_orientation',
  matches: (_stem, name, refCase) => name.startsWith('calc_surface_orientation') && hasInputs(refCase, 'tracker_theta'),
  run: (refCase) => {
    const r = trackerSurfaceOrientation(
      { trackerTheta: inputColumn(refCase, 'tracker_theta') },
      { axisTilt: param(refCase, 'axis_tilt', 0), axisAzimuth: param(refCase, 'axis_azimuth', 0) },
    );
    return { surface_tilt: r.surfaceTilt, surface_azimuth: r.surfaceAzimuth };
  },
  tolerances: { surface_azimuth: TOLERANCE.azimuth },
  defaultTolerance: TOLERANCE.angle,
};

export const handlers: CaseHandler[] = [
  clearnessIndexHandler,
  zenithIndependentHandler,
  aoiProjectionHandler,
  beamComponentHandler,
  groundDiffuseHandler,
  isotropicHandler,
  haydaviesHandler,
  perezHandler,
  ashraeHandler,
  physicalHandler,
  axisTiltHandler,
  crossAxisTiltHandler,
  surfaceOrientationHandler,
];
