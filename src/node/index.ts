// Node-only adapters (file system, the data directory): readers that feed the core.
// Exported to users as the `solarkit/node` entry of the core package. Re-exports only, by name;
// the plumbing (corePackageRoot, fleetThreadChooser, the data files' paths) stays in its module.
// (src/internal.ts is core and may not import src/node, so what the server needs of src/node is
// here.)
export {
  DATA_DIR_VARIABLE,
  DATA_FILES,
  type Environment,
  MissingDataError,
  dataDirectories,
  dataFilePath,
  dataInventory,
  hasDataFile,
} from './data-dir.js';
export {
  type WindowAroundOptions,
  type DemGridInput,
  type DemGridOptions,
  type TerrainHorizonOptions,
  type TileErrorHandler,
  demGridAround,
  geoTiffGridFromBuffer,
  globalElevation,
  globalElevationGrid,
  globalHorizon,
  isLand,
  landFraction,
  meanElevation,
  readGeoTiffGrid,
  readHgtGrid,
  siteElevation,
  srtmTileName,
  terrainHorizon,
  terrainHorizonCache,
} from './elevation.js';
export { climateGrids } from './climate-grids.js';
export { type ReadReferenceSpectraOptions, type ReferenceSpectra, readReferenceSpectra } from './spectra.js';
export {
  type ReadSamLibraryOptions,
  type SamLibraryKindOf,
  type SamLibraryName,
  readOndFile,
  readPanFile,
  readSamLibrary,
} from './equipment.js';
export {
  type InvalidWeatherFile,
  MAX_WEATHER_FILE_BYTES,
  type PlaceInfo,
  type PlaceNormalsInput,
  type StoredWeatherInfo,
  type WeatherFileStore,
  type WeatherStoreOptions,
  landShareAround,
  loadWeatherFile,
  openWeatherStore,
  placeInfo,
  placeNormals,
  readWeatherText,
  weatherSourceWithStore,
} from './weather-files.js';
export {
  type FleetAbortSignal,
  type FleetJob,
  type FleetOutcome,
  type FleetPeriod,
  type FleetProgress,
  type FleetWeatherSpec,
  type SimulateFleetOptions,
  DEFAULT_MAX_WEATHER_DISTANCE_KM,
  defaultFleetThreads,
  fleetPeriodEnds,
  simulateFleet,
} from './fleet.js';
