/**
 * Reference handlers for the cases of clearsky.json (and any other file of the same schema whose
 * cases name the same functions): pvlib.clearsky.bird, pvlib.clearsky.detect_clearsky and
 * pvlib.irradiance.clearsky_index. A case is recognised by `params.function`, else by the prefix of
 * its name, and by the columns it carries; every parameter is read from the case, with pvlib's
 * defaults where it is absent.
 */
import { clearskyBird, clearskyIndex, detectClearsky } from '../../../src/atmosphere/index.js';
import { hasInputs, inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

/** Whether a case is of a pvlib function: its `function` param, else the prefix of its name. */
function isFunction(name: string, refCase: ReferenceCase, fn: string): boolean {
  const declared = param<string | undefined>(refCase, 'function', undefined);
  return declared !== undefined ? declared === fn : name.startsWith(fn);
}

/** A column input, else the scalar param, else pvlib's default. */
function inputOrParam(refCase: ReferenceCase, name: string, fallback: number): Float64Array | number {
  return name in refCase.inputs ? inputColumn(refCase, name) : param(refCase, name, fallback);
}

/** pvlib.clearsky.bird. */
const birdHandler: CaseHandler = {
  variant: 'bird',
  matches: (_stem, name, refCase) =>
    isFunction(name, refCase, 'bird') && hasInputs(refCase, 'zenith', 'airmass_relative'),
  run: (refCase) => {
    const r = clearskyBird({
      zenith: inputColumn(refCase, 'zenith'),
      airmassRelative: inputColumn(refCase, 'airmass_relative'),
      aod380: inputOrParam(refCase, 'aod380', Number.NaN),
      aod500: inputOrParam(refCase, 'aod500', Number.NaN),
      precipitableWater: inputOrParam(refCase, 'precipitable_water', Number.NaN),
      ozone: inputOrParam(refCase, 'ozone', 0.3),
      pressure: inputOrParam(refCase, 'pressure', 101325),
      dniExtra: inputOrParam(refCase, 'dni_extra', 1364),
      asymmetry: inputOrParam(refCase, 'asymmetry', 0.85),
      albedo: inputOrParam(refCase, 'albedo', 0.2),
    });
    return { ghi: r.ghi, dni: r.dni, dhi: r.dhi, direct_horizontal: r.directHorizontal };
  },
  defaultTolerance: TOLERANCE.value,
};

const FLAGS = [
  'mean_diff_flag',
  'max_diff_flag',
  'line_length_flag',
  'slope_nstd_flag',
  'slope_max_flag',
  'mean_nan_flag',
  'windows',
] as const;
const EXACT = { abs: 0 };

/** pvlib.clearsky.detect_clearsky (with return_components: the flags must agree exactly). */
const detectHandler: CaseHandler = {
  variant: 'detect-clearsky',
  matches: (_stem, name, refCase) =>
    isFunction(name, refCase, 'detect_clearsky') && hasInputs(refCase, 'measured', 'clearsky', 'unix_s'),
  run: (refCase) => {
    const r = detectClearsky(
      {
        measured: inputColumn(refCase, 'measured'),
        clearsky: inputColumn(refCase, 'clearsky'),
        unixSeconds: inputColumn(refCase, 'unix_s'),
      },
      {
        inferLimits: param(refCase, 'infer_limits', false),
        windowLength: param(refCase, 'window_length', 10),
        meanDiff: param(refCase, 'mean_diff', 75),
        maxDiff: param(refCase, 'max_diff', 75),
        lowerLineLength: param(refCase, 'lower_line_length', -5),
        upperLineLength: param(refCase, 'upper_line_length', 10),
        varDiff: param(refCase, 'var_diff', 0.005),
        slopeDev: param(refCase, 'slope_dev', 8),
        maxIterations: param(refCase, 'max_iterations', 20),
        returnComponents: true,
      },
    );
    const c = r.components!;
    const n = r.clearSamples.length;
    return {
      clear_samples: r.clearSamples,
      alpha: new Float64Array(n).fill(r.alpha),
      mean_diff_flag: c.meanDiffFlag,
      max_diff_flag: c.maxDiffFlag,
      line_length_flag: c.lineLengthFlag,
      slope_nstd_flag: c.slopeNstdFlag,
      slope_max_flag: c.slopeMaxFlag,
      mean_nan_flag: c.meanNanFlag,
      windows: c.windows,
      mean_diff: c.meanDiff,
      max_diff: c.maxDiff,
      line_length: c.lineLength,
      slope_nstd: c.slopeNstd,
      slope_max: c.slopeMax,
    };
  },
  tolerances: { clear_samples: EXACT, ...Object.fromEntries(FLAGS.map((f) => [f, EXACT])) },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.clearsky_index. */
const indexHandler: CaseHandler = {
  variant: 'clearsky-index',
  matches: (_stem, name, refCase) =>
    isFunction(name, refCase, 'clearsky_index') && hasInputs(refCase, 'ghi', 'ghi_clear'),
  run: (refCase) => ({
    clearsky_index: clearskyIndex(
      { ghi: inputColumn(refCase, 'ghi'), ghiClear: inputColumn(refCase, 'ghi_clear') },
      { maxClearskyIndex: param(refCase, 'max_clearsky_index', 2) },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [birdHandler, detectHandler, indexHandler];
