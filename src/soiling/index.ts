// Public exports of src/soiling (re-exports only).
export { erf, erfInv } from './erf.js';
export {
  HSU_MAX_LOSS,
  HSU_RAMP_UP_SECONDS,
  type HsuInput,
  type HsuOptions,
  type HsuResult,
  hsuMassFromLoss,
  hsuRampUpMass,
  hsuSoiling,
} from './hsu.js';
export { type KimberInput, type KimberOptions, kimberSoiling } from './kimber.js';
export { rollingRainSum } from './rainWindow.js';
