/**
 * Reference handlers for snow.json (and any file of the schema whose stem starts with "snow"):
 * pvlib.snow's functions. A case names its pvlib function in params.function (or by its name's
 * prefix); every argument is read by pvlib's name, a series from inputs or a scalar from params
 * or inputs alike, with pvlib's defaults, and the period ends from `unix_s`. Each function has one
 * output, compared under whatever name the case gives its expected column (booleans as 1 and 0).
 */
import { snowCoverageNrel, snowDcLossNrel, snowFullyCoveredNrel, snowLossTownsend } from '../../../src/snow/index.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE } from '../schema.js';

const FUNCTIONS = ['fully_covered_nrel', 'coverage_nrel', 'dc_loss_nrel', 'loss_townsend'] as const;
type Fn = (typeof FUNCTIONS)[number];

function functionOf(caseName: string, refCase: ReferenceCase): string | undefined {
  const named = refCase.params.function;
  if (typeof named === 'string') return named;
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

/** A scalar argument (a param, or a one-value input column), or the fallback. */
function scalar(c: ReferenceCase, name: string, fallback?: number): number {
  const v = arg(c, name) ?? fallback;
  if (v === undefined) throw new Error(`argument '${name}' is missing`);
  if (typeof v === 'number') return v;
  if (v.length === 1) return v[0]!;
  throw new Error(`argument '${name}' must be one value here (solarkit takes it as an option)`);
}

/** The snowfall of an NREL case: pvlib's snowfall (cm per period), and the snow depth when given. */
function snowfallOf(c: ReferenceCase) {
  const depth = arg(c, 'snow_depth');
  return {
    unixSeconds: inputColumn(c, 'unix_s'),
    snowfall: required(c, 'snowfall'),
    ...(depth === undefined ? {} : { snowDepth: depth }),
  };
}

function thresholds(c: ReferenceCase) {
  return {
    thresholdSnowfall: scalar(c, 'threshold_snowfall', 1),
    thresholdDepth: scalar(c, 'threshold_depth', 1),
  };
}

const RUN: Record<Fn, (c: ReferenceCase) => ArrayLike<number>> = {
  fully_covered_nrel: (c) => snowFullyCoveredNrel(snowfallOf(c), thresholds(c)),
  coverage_nrel: (c) =>
    snowCoverageNrel(
      {
        ...snowfallOf(c),
        poaIrradiance: required(c, 'poa_irradiance'),
        airTemp: required(c, 'temp_air'),
        surfaceTilt: required(c, 'surface_tilt'),
      },
      {
        ...thresholds(c),
        initialCoverage: scalar(c, 'initial_coverage', 0),
        canSlideCoefficient: scalar(c, 'can_slide_coefficient', -80),
        slideAmountCoefficient: scalar(c, 'slide_amount_coefficient', 0.197),
      },
    ),
  dc_loss_nrel: (c) => snowDcLossNrel(required(c, 'snow_coverage'), { numStrings: scalar(c, 'num_strings') }),
  loss_townsend: (c) =>
    snowLossTownsend(
      {
        snowTotal: required(c, 'snow_total'),
        snowEvents: required(c, 'snow_events'),
        relativeHumidity: required(c, 'relative_humidity'),
        airTemp: required(c, 'temp_air'),
        poaGlobal: required(c, 'poa_global'),
      },
      {
        surfaceTilt: scalar(c, 'surface_tilt'),
        slantHeight: scalar(c, 'slant_height'),
        lowerEdgeHeight: scalar(c, 'lower_edge_height'),
        stringFactor: scalar(c, 'string_factor', 1),
        angleOfRepose: scalar(c, 'angle_of_repose', 40),
        frontSideFraction: arg(c, 'front_side_fraction') ?? 1,
      },
    ),
};

const isSnowFile = (stem: string): boolean => stem.startsWith('snow');

export const handlers: CaseHandler[] = FUNCTIONS.map((fn) => ({
  variant: fn,
  matches: (stem, name, refCase) => isSnowFile(stem) && functionOf(name, refCase) === fn,
  run: (c) => {
    const result = RUN[fn](c);
    const columns: Record<string, ArrayLike<number>> = {};
    for (const name of Object.keys(c.expected)) columns[name] = result;
    return columns;
  },
  defaultTolerance: TOLERANCE.value,
}));
