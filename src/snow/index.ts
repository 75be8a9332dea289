// Public exports of src/snow (re-exports only): snow on PV rows and the energy it costs
// (pvlib.snow). The synthetic weather's snowfall and snow depth are src/weather's.
export {
  type SnowCoverageInput,
  type SnowCoverageOptions,
  type SnowDcLossOptions,
  type SnowfallInput,
  type SnowThresholdOptions,
  snowCoverageNrel,
  snowDcLossNrel,
  snowFullyCoveredNrel,
} from './nrel.js';
export { type SnowLossTownsendInput, type SnowLossTownsendOptions, snowLossTownsend } from './townsend.js';
