/**
 * Reference handlers for snow.json (and any file of the schema whose stem starts with "snow"):
 * pvlib.snow's functions. A case names its pvlib function in params.function (or by its name's
 * prefix); every argument is read by pvlib's name, a series from inputs or a scalar from params
 * or inputs alike, with pvlib's defaults, and the period ends from `unix_s`. Each function has one
 * output, compared under whatever name the case gives its expected column (booleans as 1 and 0).
 */
import { snowCoverageNrel, snowDcLossNrel, snowFullyCoveredNrel, snowLossTownsend } from '../../../src/snow/index.js';
import { caseArg, inputColumn, pvlibFunctionOf, requiredArg, scalarArg } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE } from '../schema.js';

const FUNCTIONS = ['fully_covered_nrel', 'coverage_nrel', 'dc_loss_nrel', 'loss_townsend'] as const;
type Fn = (typeof FUNCTIONS)[number];

/** The snowfall of an NREL case: pvlib's snowfall (cm per period), and the snow depth when given. */
function snowfallOf(c: ReferenceCase) {
  const depth = caseArg(c, 'snow_depth');
  return {
    unixSeconds: inputColumn(c, 'unix_s'),
    snowfall: requiredArg(c, 'snowfall'),
    ...(depth === undefined ? {} : { snowDepth: depth }),
  };
}

function thresholds(c: ReferenceCase) {
  return {
    thresholdSnowfall: scalarArg(c, 'threshold_snowfall', 1),
    thresholdDepth: scalarArg(c, 'threshold_depth', 1),
  };
}

const RUN: Record<Fn, (c: ReferenceCase) => ArrayLike<number>> = {
  fully_covered_nrel: (c) => snowFullyCoveredNrel(snowfallOf(c), thresholds(c)),
  coverage_nrel: (c) =>
    snowCoverageNrel(
      {
        ...snowfallOf(c),
        poaIrradiance: requiredArg(c, 'poa_irradiance'),
        airTemp: requiredArg(c, 'temp_air'),
        surfaceTilt: requiredArg(c, 'surface_tilt'),
      },
      {
        ...thresholds(c),
        initialCoverage: scalarArg(c, 'initial_coverage', 0),
        canSlideCoefficient: scalarArg(c, 'can_slide_coefficient', -80),
        slideAmountCoefficient: scalarArg(c, 'slide_amount_coefficient', 0.197),
      },
    ),
  dc_loss_nrel: (c) => snowDcLossNrel(requiredArg(c, 'snow_coverage'), { numStrings: scalarArg(c, 'num_strings') }),
  loss_townsend: (c) =>
    snowLossTownsend(
      {
        snowTotal: requiredArg(c, 'snow_total'),
        snowEvents: requiredArg(c, 'snow_events'),
        relativeHumidity: requiredArg(c, 'relative_humidity'),
        airTemp: requiredArg(c, 'temp_air'),
        poaGlobal: requiredArg(c, 'poa_global'),
      },
      {
        surfaceTilt: scalarArg(c, 'surface_tilt'),
        slantHeight: scalarArg(c, 'slant_height'),
        lowerEdgeHeight: scalarArg(c, 'lower_edge_height'),
        stringFactor: scalarArg(c, 'string_factor', 1),
        angleOfRepose: scalarArg(c, 'angle_of_repose', 40),
        frontSideFraction: caseArg(c, 'front_side_fraction') ?? 1,
      },
    ),
};

const isSnowFile = (stem: string): boolean => stem.startsWith('snow');

export const handlers: CaseHandler[] = FUNCTIONS.map((fn) => ({
  variant: fn,
  matches: (stem, name, refCase) => isSnowFile(stem) && pvlibFunctionOf(name, refCase, FUNCTIONS) === fn,
  run: (c) => {
    const result = RUN[fn](c);
    const columns: Record<string, ArrayLike<number>> = {};
    for (const name of Object.keys(c.expected)) columns[name] = result;
    return columns;
  },
  defaultTolerance: TOLERANCE.value,
}));
