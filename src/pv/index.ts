// Public exports of src/pv (re-exports only): PV modules and inverters.
export type {
  AdrInverterParameters,
  CecModuleParameters,
  DesotoModuleParameters,
  PvsystModuleParameters,
  SandiaInverterParameters,
  SapmModuleParameters,
} from './parameters.js';
export type {
  Bishop88Input,
  Bishop88Options,
  Bishop88Result,
  BishopSolveOptions,
  BreakdownOptions,
  MaxPowerPoint,
  RecombinationColumns,
} from './bishop88.js';
export { bishop88, bishop88IFromV, bishop88Mpp, bishop88VFromI } from './bishop88.js';
export type { CalcparamsInput, ReferenceConditions, SingleDiodeParameters } from './calcparams.js';
export { calcparamsCec, calcparamsDesoto, calcparamsPvsyst } from './calcparams.js';
export type {
  BatzelisResult,
  IvCurve,
  IvCurveOptions,
  SingleDiodeInput,
  SingleDiodeMethod,
  SingleDiodeOptions,
  SingleDiodeResult,
} from './single-diode.js';
export { batzelis, estimateVoc, iFromV, ivCurve, maxPowerPoint, singleDiode, vFromI } from './single-diode.js';
