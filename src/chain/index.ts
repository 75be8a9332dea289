// Public exports of src/chain (re-exports only): the model chain. Its resolved form and the run
// over it (resolve.ts: resolveChain; run.ts: runResolvedChain) are plumbing that simulatePv and
// sitePvPower share, reachable from their modules.
export {
  type ChainArray,
  type ChainInverter,
  type ChainModelNames,
  type ChainModels,
  type ChainSystem,
  type ChainTracker,
  chainModels,
} from './resolve.js';
export type { ChainArrayColumns } from './run.js';
export {
  type ChainArrayWeather,
  type ChainOptions,
  type ChainResult,
  type ChainWeather,
  modelChain,
} from './model-chain.js';
export type {
  AcName,
  AoiName,
  DcName,
  DecompositionName,
  SpectralName,
  TemperatureName,
  TransientName,
  TranspositionName,
} from './run.js';
