// Public exports of src/soiling (re-exports only). erf.ts (the error function and its inverse)
// and rain-window.ts (the trailing rain sum) are the models' plumbing, reachable from their modules.
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
