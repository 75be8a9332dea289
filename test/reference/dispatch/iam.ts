/**
 * Reference handlers for the cases of iam.json (scripts/pvlib/iam.py): pvlib.iam's martin_ruiz,
 * martin_ruiz_diffuse, physical (with n_ar), schlick, schlick_diffuse, interp, marion_diffuse,
 * marion_integrate, convert and fit. Every parameter is read from the case by pvlib's name, with
 * pvlib's defaults where it has them.
 */
import { iamAshrae, iamMartinRuiz, iamPhysical, iamSapm, iamSchlick } from '../../../src/irradiance/iam.js';
import {
  type IamFunction,
  type IamMarionModel,
  type IamMarionRegion,
  iamMarionDiffuse,
  iamMarionIntegrate,
  iamMartinRuizDiffuse,
  iamSchlickDiffuse,
} from '../../../src/irradiance/iam-diffuse.js';
import { type IamFitModel, type IamFitParameters, iamConvert, iamFit } from '../../../src/irradiance/iam-fit.js';
import { type IamInterpMethod, iamInterp } from '../../../src/irradiance/iam-interp.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ComputedColumns, type ReferenceCase, TOLERANCE } from '../schema.js';

const isIam = (stem: string, name: string, prefix: string): boolean => stem === 'iam' && name.startsWith(prefix);
const opt = <T>(c: ReferenceCase, name: string): T | undefined => param<T | undefined>(c, name, undefined);

/** pvlib's model names to the core's. */
const MODEL: Record<string, IamFitModel> = { ashrae: 'ashrae', martin_ruiz: 'martinRuiz', physical: 'physical' };

/** pvlib's parameter dict of a model to the core's names. */
function coreParams(model: string, p: Record<string, number>): IamFitParameters {
  if (model === 'ashrae') return { b: p.b! };
  if (model === 'martin_ruiz') return { aR: p.a_r! };
  return { n: p.n!, K: p.K!, L: p.L! };
}

/** The core's parameters as pvlib's one-row columns. */
function paramColumns(p: IamFitParameters): ComputedColumns {
  if ('b' in p) return { b: [p.b] };
  if ('aR' in p) return { a_r: [p.aR] };
  return { n: [p.n], K: [p.K], L: [p.L] };
}

function physicalOptions(c: ReferenceCase) {
  const nAr = opt<number>(c, 'n_ar');
  return {
    n: param(c, 'n', 1.526),
    K: param(c, 'K', 4),
    L: param(c, 'L', 0.002),
    ...(nAr !== undefined ? { nAr } : {}),
  };
}

function marionModel(c: ReferenceCase): IamMarionModel {
  const model = param<string>(c, 'model', '');
  switch (model) {
    case 'physical':
      return { model, parameters: physicalOptions(c) };
    case 'ashrae':
      return { model, parameters: { b: param(c, 'b', 0.05) } };
    case 'martin_ruiz':
      return { model: 'martinRuiz', parameters: { aR: param(c, 'a_r', 0.16) } };
    case 'schlick':
      return { model };
    case 'sapm': {
      const b = (k: string) => param(c, k, Number.NaN);
      return {
        model,
        parameters: { b0: b('B0'), b1: b('B1'), b2: b('B2'), b3: b('B3'), b4: b('B4'), b5: b('B5') },
      };
    }
    default:
      throw new Error(`unknown IAM model '${model}'`);
  }
}

function iamFunction(m: IamMarionModel): IamFunction {
  switch (m.model) {
    case 'physical':
      return (a, o) => iamPhysical(a, m.parameters ?? {}, o);
    case 'ashrae':
      return (a, o) => iamAshrae(a, m.parameters ?? {}, o);
    case 'martinRuiz':
      return (a, o) => iamMartinRuiz(a, m.parameters ?? {}, o);
    case 'sapm':
      return (a, o) => iamSapm(a, m.parameters, o);
    case 'schlick':
      return (a, o) => iamSchlick(a, {}, o);
    case 'interp':
      return (a, o) => iamInterp(a, m.parameters, o);
  }
}

/**
 * Convert and fit: pvlib's Powell (scipy) and the core's take the same steps, so the parameters
 * agree to the rounding of the objective; a search that a last-bit difference sends one way or the
 * other near a flat minimum would show here.
 */
const FIT_TOLERANCE = { abs: 1e-9, rel: 1e-7 };

export const handlers: CaseHandler[] = [
  {
    variant: 'iam_martin_ruiz',
    matches: (s, n) => isIam(s, n, 'iam_martin_ruiz_') && !n.startsWith('iam_martin_ruiz_diffuse'),
    run: (c) => ({ iam: iamMartinRuiz(inputColumn(c, 'aoi'), { aR: param(c, 'a_r', 0.16) }) }),
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_schlick',
    matches: (s, n) => isIam(s, n, 'iam_schlick') && !n.startsWith('iam_schlick_diffuse'),
    run: (c) => ({ iam: iamSchlick(inputColumn(c, 'aoi')) }),
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_physical',
    matches: (s, n) => isIam(s, n, 'iam_physical'),
    run: (c) => ({ iam: iamPhysical(inputColumn(c, 'aoi'), physicalOptions(c)) }),
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_interp',
    matches: (s, n) => isIam(s, n, 'iam_interp'),
    run: (c) => ({
      iam: iamInterp(inputColumn(c, 'aoi'), {
        thetaRef: param<number[]>(c, 'theta_ref', []),
        iamRef: param<number[]>(c, 'iam_ref', []),
        method: param<IamInterpMethod>(c, 'method', 'linear'),
        normalize: param(c, 'normalize', true),
      }),
    }),
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_martin_ruiz_diffuse',
    matches: (s, n) => isIam(s, n, 'iam_martin_ruiz_diffuse'),
    run: (c) => {
      const c2 = opt<number>(c, 'c2');
      const r = iamMartinRuizDiffuse(inputColumn(c, 'surface_tilt'), {
        aR: param(c, 'a_r', 0.16),
        c1: param(c, 'c1', 0.4244),
        ...(c2 !== undefined ? { c2 } : {}),
      });
      return { iam_sky: r.iamSky, iam_ground: r.iamGround };
    },
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_schlick_diffuse',
    matches: (s, n) => isIam(s, n, 'iam_schlick_diffuse'),
    run: (c) => {
      const r = iamSchlickDiffuse(inputColumn(c, 'surface_tilt'));
      return { iam_sky: r.iamSky, iam_ground: r.iamGround };
    },
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_marion_diffuse',
    matches: (s, n) => isIam(s, n, 'iam_marion_diffuse'),
    run: (c) => iamMarionDiffuse(inputColumn(c, 'surface_tilt'), marionModel(c)) as unknown as ComputedColumns,
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_marion_integrate',
    matches: (s, n) => isIam(s, n, 'iam_marion_integrate'),
    run: (c) => {
      const num = opt<number>(c, 'num');
      return {
        iam: iamMarionIntegrate(inputColumn(c, 'surface_tilt'), {
          iam: iamFunction(marionModel(c)),
          region: param<IamMarionRegion>(c, 'region', 'sky'),
          ...(num !== undefined ? { num } : {}),
        }),
      };
    },
    defaultTolerance: TOLERANCE.value,
  },
  {
    variant: 'iam_convert',
    matches: (s, n) => isIam(s, n, 'iam_convert'),
    run: (c) => {
      const source = param(c, 'source_name', '');
      const xtol = opt<number>(c, 'xtol');
      return paramColumns(
        iamConvert(
          {
            sourceName: MODEL[source]!,
            sourceParams: coreParams(source, param<Record<string, number>>(c, 'source_params', {})),
          },
          {
            targetName: MODEL[param(c, 'target_name', '')]!,
            fixN: param(c, 'fix_n', true),
            ...(xtol !== undefined ? { xtol } : {}),
          },
        ),
      );
    },
    defaultTolerance: FIT_TOLERANCE,
  },
  {
    variant: 'iam_fit',
    matches: (s, n) => isIam(s, n, 'iam_fit'),
    run: (c) => {
      const xtol = opt<number>(c, 'xtol');
      return paramColumns(
        iamFit(
          { measuredAoi: inputColumn(c, 'measured_aoi'), measuredIam: inputColumn(c, 'measured_iam') },
          { modelName: MODEL[param(c, 'model_name', '')]!, ...(xtol !== undefined ? { xtol } : {}) },
        ),
      );
    },
    defaultTolerance: FIT_TOLERANCE,
  },
];
