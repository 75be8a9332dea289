/**
 * The product context of a server, the same on the main thread and in the workers of the compute
 * pool: the weather source (the synthetic model, with the user's weather files over it), the facts
 * of a place and its terrain horizon from the data directory, and the typical years of the files.
 * Problems with the user's files (a stored weather file that cannot be read back, a DEM tile that
 * cannot be decoded) are told to `report`: the files are skipped, never failing a request.
 */
import { composeSources, realDataSource } from 'solarkit';
import type { Clock } from 'solarkit/internal';
import { type WeatherFileStore, weatherSourceWithStore } from 'solarkit/node';
import { placeFacts, placeHorizon } from '../place.js';
import { type PlaceFacts, type ProductContext, createProductContext } from '../products/context.js';
import type { WeatherSource } from '../products/source.js';
import type { HorizonProfile } from 'solarkit';

/** A problem with one of the user's files, found while answering a request. */
export interface FileProblem {
  kind: 'weather-file' | 'dem-tile';
  /** the file (a name in the weather directory, or a tile's path) */
  file: string;
  reason: string;
}

/** What a server's products are built from; the sources default to the data directory's. */
export interface ServerProductsOptions {
  clock: Clock;
  /** The user's stored weather files, if the server has a weather directory. */
  weatherStore?: WeatherFileStore;
  /** An embedding server's own weather source (the files, when given, are composed over it). */
  weatherSource?: WeatherSource;
  place?: (latitude: number, longitude: number) => PlaceFacts;
  horizon?: (latitude: number, longitude: number) => Promise<HorizonProfile>;
  /** Told of each problem with a user file (see FileProblem). */
  report?: (problem: FileProblem) => void;
}

/** The weather source and the product context of a server. */
export function createServerProducts(o: ServerProductsOptions): {
  weatherSource: WeatherSource;
  products: ProductContext;
} {
  const store = o.weatherStore;
  const weatherSource =
    o.weatherSource === undefined
      ? weatherSourceWithStore(store)
      : store === undefined
        ? o.weatherSource
        : composeSources(
            realDataSource(() => store.series()),
            o.weatherSource,
          );
  const report = o.report;
  const horizon =
    o.horizon ??
    ((latitude: number, longitude: number) =>
      placeHorizon(
        latitude,
        longitude,
        report === undefined ? undefined : (file, error) => report({ kind: 'dem-tile', file, reason: error.message }),
      ));
  return {
    weatherSource,
    products: createProductContext({
      clock: o.clock,
      weatherSource,
      place: o.place ?? placeFacts,
      horizon,
      ...(store ? { typicalSeries: () => store.series() } : {}),
    }),
  };
}
