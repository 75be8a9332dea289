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
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE, type Tolerance } from '../schema.js';

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

function functionOf(caseName: string, refCase: ReferenceCase): string | undefined {
  const named = refCase.params.function;
  if (typeof named === 'string') return named;
  // Longest first: masking_angle_passias before masking_angle.
  return FUNCTIONS.find((f) => caseName === f || caseName.startsWith(`${f}_`));
}

/** An argument given as an input column or a scalar param (undefined when neither). */
function arg(c: ReferenceCase, name: string): Float64Array | number | undefined {
  if (name in c.inputs) return inputColumn(c, name);
  return param<number | undefined>(c, name, undefined);
}

function required(c: ReferenceCase, name: string): Float64Array | number {
  const v = arg(c, name);
  if (v === undefined) throw new Error(`argument '${name}' is missing`);
  return v;
}

/** A scalar argument (a param, or a one-value input column). */
function scalar(c: ReferenceCase, name: string, fallback?: number): number {
  const v = arg(c, name) ?? fallback;
  if (v === undefined) throw new Error(`argument '${name}' is missing`);
  if (typeof v === 'number') return v;
  if (v.length === 1) return v[0]!;
  throw new Error(`argument '${name}' must be one value here (solarkit takes it as an option)`);
}

const RUN: Record<Fn, (c: ReferenceCase) => Float64Array> = {
  projected_solar_zenith_angle: (c) =>
    projectedSolarZenithAngle(
      { solarZenith: required(c, 'solar_zenith'), solarAzimuth: required(c, 'solar_azimuth') },
      { axisTilt: scalar(c, 'axis_tilt'), axisAzimuth: scalar(c, 'axis_azimuth') },
    ),
  shaded_fraction1d: (c) => {
    const shading = arg(c, 'shading_row_rotation');
    return shadedFraction1d(
      {
        solarZenith: required(c, 'solar_zenith'),
        solarAzimuth: required(c, 'solar_azimuth'),
        shadedRowRotation: required(c, 'shaded_row_rotation'),
        ...(shading === undefined ? {} : { shadingRowRotation: shading }),
      },
      {
        axisAzimuth: scalar(c, 'axis_azimuth'),
        collectorWidth: scalar(c, 'collector_width'),
        pitch: scalar(c, 'pitch'),
        axisTilt: scalar(c, 'axis_tilt', 0),
        surfaceToAxisOffset: scalar(c, 'surface_to_axis_offset', 0),
        crossAxisSlope: scalar(c, 'cross_axis_slope', 0),
      },
    );
  },
  masking_angle: (c) =>
    maskingAngle(
      { surfaceTilt: required(c, 'surface_tilt'), slantHeight: required(c, 'slant_height') },
      { gcr: scalar(c, 'gcr') },
    ),
  ground_angle: (c) =>
    groundAngle(
      { surfaceTilt: required(c, 'surface_tilt'), slantHeight: required(c, 'slant_height') },
      { gcr: scalar(c, 'gcr') },
    ),
  masking_angle_passias: (c) =>
    maskingAnglePassias({ surfaceTilt: required(c, 'surface_tilt') }, { gcr: scalar(c, 'gcr') }),
  sky_diffuse_passias: (c) => skyDiffusePassias(required(c, 'masking_angle')),
  direct_martinez: (c) =>
    directMartinez(
      {
        poaGlobal: required(c, 'poa_global'),
        poaDirect: required(c, 'poa_direct'),
        shadedFraction: required(c, 'shaded_fraction'),
        shadedBlocks: required(c, 'shaded_blocks'),
      },
      { totalBlocks: scalar(c, 'total_blocks') },
    ),
  power_mismatch_deline: (c) => {
    const coefficients = param<number[] | undefined>(c, 'coefficients', undefined);
    const fillFactor = param<number | undefined>(c, 'fill_factor', undefined);
    return powerMismatchDeline(required(c, 'rmad'), {
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
  matches: (stem, name, refCase) => isShadingFile(stem) && functionOf(name, refCase) === fn,
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
