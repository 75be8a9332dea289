// Public exports of src/pv (re-exports only): PV modules and inverters.
export type {
  AdrInverterParameters,
  CecModuleParameters,
  DesotoModuleParameters,
  PvsystModuleParameters,
  SandiaInverterParameters,
  SapmModuleParameters,
} from './parameters.js';
