// Public exports of src/pv (re-exports only): PV modules and inverters.
export type {
  AdrInverterParameters,
  CecModuleParameters,
  DesotoModuleParameters,
  PvsystModuleParameters,
  SandiaInverterParameters,
  SapmModuleParameters,
} from './parameters.js';
export { EquipmentFileError, type EquipmentFileLocation } from './library/errors.js';
export {
  type SamCell,
  type SamEntryInfo,
  type SamLibrary,
  type SamLibraryEntry,
  type SamLibraryKind,
  type SamLibraryOptions,
  type SamLibraryParameters,
  parseSamLibrary,
  samProductKey,
} from './library/sam.js';
export {
  type DcVoltageLevel,
  type FitSandiaInverterInputs,
  type FitSandiaInverterOptions,
  fitSandiaInverter,
} from './fit-sandia-inverter.js';
export {
  type OndSandiaInverter,
  type PanondObject,
  type PanondOptions,
  type PanondValue,
  type PvsystPanModule,
  ondToSandiaInverter,
  panToPvsystModule,
  parsePanond,
} from './library/panond.js';
export {
  type SapmColumns,
  type SapmEffectiveIrradianceInput,
  type SapmEffectiveIrradianceModule,
  type SapmInput,
  type SapmModule,
  type SapmResult,
  type SapmSpectralModule,
  sapm,
  sapmColumns,
  sapmEffectiveIrradiance,
  sapmSpectralLoss,
} from './sapm.js';
export {
  type AdrInverter,
  type InverterInput,
  type InverterMultiInput,
  adrInverter,
  pvwattsInverterMulti,
  sandiaInverter,
  sandiaInverterMulti,
} from './inverter.js';
export {
  type CombineLossFactorsInput,
  type CombineLossFactorsOptions,
  type DcOhmicLossesInput,
  type DcOhmicResistanceInput,
  type IvPointColumns,
  type LossSeries,
  type ScaleOptions,
  combineLossFactors,
  dcOhmicLosses,
  dcOhmicResistance,
  scaleVoltageCurrentPower,
} from './dc.js';
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
