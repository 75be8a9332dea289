/**
 * Reference handlers for shading.json (and any file of the schema whose stem starts with
 * "shading"): pvlib.shading's functions and pvlib.bifacial.power_mismatch_deline. A case names
 * its pvlib function in params.function (or by its name's prefix); every argument is read by
 * pvlib's name, scalars from params or inputs alike, with pvlib's defaults where it has them, so
 * cases made elsewhere run as they are. Each function has one output: it is compared under
 * whatever name the case gives its expected column.
 */
import { powerMismatchDeline } from '../../../src/bifacial/index.js';
import {
  directMartinez,
  groundAngle,
  maskingAngle,
  maskingAnglePassias,
  projectedSolarZenithAngle,
  shadedFraction1d,
  skyDiffusePassias,
} from '../../../src/shading/index.js';
import { caseArg, param, pvlibFunctionOf, requiredArg, scalarArg } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE, type Tolerance } from '../schema.js';

/** Longest first, so a case name's prefix finds masking_angle_passias before masking_angle. */
const FUNCTIONS = [
  'projected_solar_zenith_angle',
  'shaded_fraction1d',
  'masking_angle_passias',
  'masking_angle',
  'ground_angle',
  'sky_diffuse_passias',
  'direct_martinez',
  'power_mismatch_deline',
] as const;
type Fn = (typeof FUNCTIONS)[number];

const RUN: Record<Fn, (c: ReferenceCase) => Float64Array> = {
  projected_solar_zenith_angle: (c) =>
    projectedSolarZenithAngle(
      { solarZenith: requiredArg(c, 'solar_zenith'), solarAzimuth: requiredArg(c, 'solar_azimuth') },
      { axisTilt: scalarArg(c, 'axis_tilt'), axisAzimuth: scalarArg(c, 'axis_azimuth') },
    ),
  shaded_fraction1d: (c) => {
    const shading = caseArg(c, 'shading_row_rotation');
    return shadedFraction1d(
      {
        solarZenith: requiredArg(c, 'solar_zenith'),
        solarAzimuth: requiredArg(c, 'solar_azimuth'),
        shadedRowRotation: requiredArg(c, 'shaded_row_rotation'),
        ...(shading === undefined ? {} : { shadingRowRotation: shading }),
      },
      {
        axisAzimuth: scalarArg(c, 'axis_azimuth'),
        collectorWidth: scalarArg(c, 'collector_width'),
        pitch: scalarArg(c, 'pitch'),
        axisTilt: scalarArg(c, 'axis_tilt', 0),
        surfaceToAxisOffset: scalarArg(c, 'surface_to_axis_offset', 0),
        crossAxisSlope: scalarArg(c, 'cross_axis_slope', 0),
      },
    );
  },
  masking_angle: (c) =>
    maskingAngle(
      { surfaceTilt: requiredArg(c, 'surface_tilt'), slantHeight: requiredArg(c, 'slant_height') },
      { gcr: scalarArg(c, 'gcr') },
    ),
  ground_angle: (c) =>
    groundAngle(
      { surfaceTilt: requiredArg(c, 'surface_tilt'), slantHeight: requiredArg(c, 'slant_height') },
      { gcr: scalarArg(c, 'gcr') },
    ),
  masking_angle_passias: (c) =>
    maskingAnglePassias({ surfaceTilt: requiredArg(c, 'surface_tilt') }, { gcr: scalarArg(c, 'gcr') }),
  sky_diffuse_passias: (c) => skyDiffusePassias(requiredArg(c, 'masking_angle')),
  direct_martinez: (c) =>
    directMartinez(
      {
        poaGlobal: requiredArg(c, 'poa_global'),
        poaDirect: requiredArg(c, 'poa_direct'),
        shadedFraction: requiredArg(c, 'shaded_fraction'),
        shadedBlocks: requiredArg(c, 'shaded_blocks'),
      },
      { totalBlocks: scalarArg(c, 'total_blocks') },
    ),
  power_mismatch_deline: (c) => {
    const coefficients = param<number[] | undefined>(c, 'coefficients', undefined);
    const fillFactor = param<number | undefined>(c, 'fill_factor', undefined);
    return powerMismatchDeline(requiredArg(c, 'rmad'), {
      ...(coefficients === undefined ? {} : { coefficients }),
      // pvlib scales only for a truthy fill factor (0 and None alike mean none).
      ...(fillFactor ? { fillFactor } : {}),
      fillFactorReference: param(c, 'fill_factor_reference', 0.79),
    });
  },
};

/** Angles to 1e-6 degree; fractions and losses to 1e-6 relative (or absolute near 0). */
const TOLERANCES: Record<Fn, Tolerance> = {
  projected_solar_zenith_angle: TOLERANCE.angle,
  shaded_fraction1d: TOLERANCE.value,
  masking_angle: TOLERANCE.angle,
  ground_angle: TOLERANCE.angle,
  masking_angle_passias: TOLERANCE.angle,
  sky_diffuse_passias: TOLERANCE.value,
  direct_martinez: TOLERANCE.value,
  power_mismatch_deline: TOLERANCE.value,
};

const isShadingFile = (stem: string): boolean => stem.startsWith('shading');

export const handlers: CaseHandler[] = FUNCTIONS.map((fn) => ({
  variant: fn,
  matches: (stem, name, refCase) => isShadingFile(stem) && pvlibFunctionOf(name, refCase, FUNCTIONS) === fn,
  run: (c) => {
    const result = RUN[fn](c);
    const columns: Record<string, Float64Array> = {};
    for (const name of Object.keys(c.expected)) columns[name] = result;
    return columns;
  },
  defaultTolerance: TOLERANCES[fn],
  ...(fn === 'masking_angle_passias'
    ? {
        deviation:
          'masking_angle_passias: NaN for a NaN tilt (pvlib replaces every non-finite result by 0, the tilt-0 ' +
          'limit, NaN included); the cases say so with params nan_tilt',
      }
    : {}),
}));
