// Public exports of src/power (re-exports only). The chains' shared steps (chain-common.ts:
// periodOf, sunAtPeriodMiddle, chainIrradiance) and pvSystemChain are plumbing, reachable from
// their modules.
export {
  type CellTemperatureInput,
  type FaimanRadInput,
  type FaimanRadOptions,
  PVSYST_TEMPERATURE_PARAMETERS,
  type PvsystMounting,
  SAPM_TEMPERATURE_PARAMETERS,
  type SapmCellFromModuleInput,
  type SapmCellFromModuleOptions,
  type SapmCellTemperatureOptions,
  type SapmModuleOptions,
  type SapmMounting,
  type SapmTemperatureParameters,
  faimanCellTemperature,
  faimanRad,
  pvsystCellTemperature,
  sapmCellFromModule,
  sapmCellTemperature,
  sapmModule,
} from './temperature.js';
export { type PrillimanInput, type PrillimanOptions, prilliman } from './prilliman.js';
export {
  type GenericLinearModels,
  type GenericLinearModule,
  type GenericLinearParameters,
  type GenericLinearSource,
  type GenericLinearTarget,
  genericLinear,
  genericLinearFrom,
  genericLinearTo,
} from './generic-linear.js';
export { type RossInput, type RossParameters, rossCellTemperature } from './ross.js';
export { type NoctSamInput, type NoctSamOptions, noctSamCellTemperature } from './noct-sam.js';
export { type FuentesInput, type FuentesOptions, fuentesCellTemperature } from './fuentes.js';
export { type PvwattsLosses, pvwattsDc, pvwattsInverter, pvwattsLosses } from './pvwatts.js';
export {
  DEFAULT_FARM_LOSS,
  DEFAULT_PARASITIC_FRACTION,
  DEFAULT_SHEAR_EXPONENT,
  IEC_REFERENCE_AIR_DENSITY,
  type HubAirDensityInput,
  type HubHeightWindSpeedInput,
  type HubHeightWindSpeedOptions,
  type TurbineSpec,
  type WindFarmInput,
  type WindFarmOptions,
  hubAirDensity,
  hubHeightWindSpeed,
  turbinePower,
  windFarmPower,
} from './wind.js';
export {
  MODULE_TECHNOLOGIES,
  type ModuleTechnology,
  PVWATTS_PEAK_OVER_NOMINAL,
  moduleTechnology,
} from './conventions.js';
export type { PvWeatherInput } from './chain-common.js';
export {
  ROOFTOP_AGEING_PER_YEAR,
  ROOFTOP_DEFAULT_ALBEDO,
  ROOFTOP_DEFAULT_LOSS_FACTOR,
  ROOFTOP_GAMMA_PDC,
  ROOFTOP_INVERTER_EFFICIENCY,
  type RooftopOptions,
  type RooftopResult,
  rooftopPvPower,
} from './rooftop.js';
export { type PvSiteConfig, type SitePvResult, sitePvPower } from './site.js';
export {
  type PvEnergy,
  type PvSimulation,
  type PvSimulationColumns,
  type PvSourceWeather,
  type PvSystem,
  type PvTracker,
  type PvWeather,
  type PvWeatherColumns,
  type SimulatePvOptions,
  simulatePv,
} from './simulate.js';
export {
  type FleetAggregate,
  type FleetGrid,
  type FleetSite,
  type FleetSiteOptions,
  type FleetSiteProblem,
  type FleetSiteResult,
  fleetGrid,
  type FleetSitesFileProblem,
  fleetSiteProblems,
  readFleetSitesCsv,
  simulateFleetSite,
  type SyntheticFleetWeatherOptions,
  syntheticFleetWeather,
  weatherPlaceOf,
} from './fleet.js';
