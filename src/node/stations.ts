/**
 * Node side of the station normals: reads the data directory's table of climate normals at
 * 1,011 places (climate/cities_monthly_sunshine_temperature.csv: monthly sunshine hours and mean
 * daily low and high temperatures; provenance and the MIT notice of the Institute for Future
 * Intelligence in the folder's README, which ships with the data) once per process, and tells the
 * core (src/weather/stations.ts) how the gridded downscaling sees each station (land share,
 * continentality, surroundings), computed on demand from the global land mask.
 */
import { readFileSync } from 'node:fs';
import { continentalityFromLand } from '../weather/climate.js';
import { landNeighbourPoints, type LandShareAround, type NormalsSite } from '../weather/normals.js';
import { type ClimateStations, relativeSunshine } from '../weather/stations.js';
import { dataFilePath } from './data-dir.js';
import { landFraction, meanElevation } from './elevation.js';

/** The station table, relative to the data directory. */
export const STATION_FILE = 'climate/cities_monthly_sunshine_temperature.csv';

/**
 * Share of land within 1 degree of the four points 1.5 degrees north, east, south and west of a
 * place (landNeighbourPoints of src/weather/normals.ts), from the global grid's land mask.
 */
export function landShareAroundPlace(latitude: number, longitude: number): LandShareAround {
  const points = landNeighbourPoints(latitude, longitude);
  const share = (p: { latitude: number; longitude: number }): number =>
    landFraction(p.latitude, p.longitude, { radiusDegrees: 1 });
  return { north: share(points.north), east: share(points.east), south: share(points.south), west: share(points.west) };
}

/**
 * A place as the gridded downscaling sees it: its land share and mean surface within 1 degree,
 * the land around it and (unless given) its continentality, from the global grid's land mask.
 */
export function normalsSite(
  latitude: number,
  longitude: number,
  elevation: number,
  continentality = continentalityFromLand(latitude, longitude, landFraction),
): NormalsSite {
  return {
    latitude,
    longitude,
    elevation,
    continentality,
    landShare: landFraction(latitude, longitude, { radiusDegrees: 1 }),
    surroundingElevation: meanElevation(latitude, longitude, { radiusDegrees: 1 }),
    landShareAround: landShareAroundPlace(latitude, longitude),
  };
}

/** Parses the station table (41 comma-separated fields a row, no header; see the folder's README). */
export function parseStationTable(text: string): Omit<ClimateStations, 'siteOf'> & { name: string[] } {
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => l.split(',').map((f) => f.trim()));
  const n = rows.length;
  const out = {
    name: new Array<string>(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    elevation: new Float64Array(n),
    low: new Float64Array(n * 12),
    high: new Float64Array(n * 12),
    relativeSunshine: new Float64Array(n * 12),
  };
  rows.forEach((f, i) => {
    if (f.length !== 41) throw new RangeError(`${STATION_FILE}: row ${i + 1} has ${f.length} fields, expected 41`);
    out.name[i] = f[1] ? `${f[0]}, ${f[1]}` : f[0]!;
    out.longitude[i] = Number(f[2]);
    out.latitude[i] = Number(f[3]);
    out.elevation[i] = Number(f[4]);
    for (let m = 0; m < 12; m++) {
      out.low[i * 12 + m] = Number(f[5 + 2 * m]);
      out.high[i * 12 + m] = Number(f[6 + 2 * m]);
    }
    out.relativeSunshine.set(
      relativeSunshine(
        out.latitude[i]!,
        f.slice(29, 41).map((x) => Number(x)),
      ),
      i * 12,
    );
  });
  return out;
}

let stations: ClimateStations | undefined;

/**
 * The station normals, read from the data directory on the first call and kept for the life of
 * the process.
 * @throws MissingDataError when the data directory does not hold the table
 */
export function climateStations(): ClimateStations {
  if (stations === undefined) {
    const table = parseStationTable(readFileSync(dataFilePath(STATION_FILE), 'utf8'));
    const sites = new Array<NormalsSite | undefined>(table.latitude.length);
    stations = {
      ...table,
      siteOf: (i) =>
        (sites[i] ??= normalsSite(table.latitude[i]!, table.longitude[i]!, Math.max(0, table.elevation[i]!))),
    };
  }
  return stations;
}
