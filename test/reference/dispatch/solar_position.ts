/**
 * Reference handlers for the cases of solar_position.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 *
 * Cases named `spa_*` (in any file) carry per-row unix_s, latitude, longitude and optionally
 * elevation_m, pressure_hpa (or pressure_pa), temperature_c and delta_t_s; any of these may
 * instead be a scalar param of the same name, and atmos_refract a param. Rows may belong to
 * different places, so rows are grouped by (latitude, longitude, elevation) and each group is one
 * call (either form accepts any order of times). Without delta T the core's estimate is used.
 */
import {
  type SolarPosition,
  type SolarPositionInput,
  type SolarPositionOptions,
  solarPositionFast,
  solarPositionSpa,
} from '../../../src/solar/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ComputedColumns, type ReferenceCase } from '../schema.js';

type SolarFunction = (input: SolarPositionInput, options?: SolarPositionOptions) => SolarPosition;

const COLUMNS: [string, keyof SolarPosition][] = [
  ['zenith', 'zenith'],
  ['apparent_zenith', 'apparentZenith'],
  ['azimuth', 'azimuth'],
  ['elevation', 'elevation'],
  ['apparent_elevation', 'apparentElevation'],
  ['equation_of_time_min', 'equationOfTime'],
];

/** An input column, or a scalar param of the same name broadcast, or undefined. */
function optionalColumn(refCase: ReferenceCase, name: string, n: number): Float64Array | undefined {
  if (name in refCase.inputs) return inputColumn(refCase, name);
  const value = param<number | undefined>(refCase, name, undefined);
  return typeof value === 'number' ? new Float64Array(n).fill(value) : undefined;
}

function runGrouped(refCase: ReferenceCase, fn: SolarFunction): ComputedColumns {
  const t = inputColumn(refCase, 'unix_s');
  const n = t.length;
  const lat = inputColumn(refCase, 'latitude');
  const lon = inputColumn(refCase, 'longitude');
  const elev = optionalColumn(refCase, 'elevation_m', n);
  const pressurePa = optionalColumn(refCase, 'pressure_pa', n);
  const pressureHpa = pressurePa ? undefined : optionalColumn(refCase, 'pressure_hpa', n);
  const temperature = optionalColumn(refCase, 'temperature_c', n);
  const deltaT = optionalColumn(refCase, 'delta_t_s', n);
  const atmosRefract = param<number | undefined>(refCase, 'atmos_refract', undefined);

  const groups = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const key = `${lat[i]}|${lon[i]}|${elev ? elev[i] : 0}`;
    let rows = groups.get(key);
    if (!rows) groups.set(key, (rows = []));
    rows.push(i);
  }
  const result: Record<string, Float64Array> = {};
  for (const [name] of COLUMNS) if (name in refCase.expected) result[name] = new Float64Array(n);

  const pick = (col: Float64Array, rows: number[], scale = 1): Float64Array =>
    Float64Array.from(rows, (r) => col[r]! * scale);
  for (const rows of groups.values()) {
    const first = rows[0]!;
    const input: SolarPositionInput = {
      unixSeconds: pick(t, rows),
      latitude: lat[first]!,
      longitude: lon[first]!,
      elevation: elev ? elev[first]! : 0,
    };
    const options: SolarPositionOptions = {};
    if (pressureHpa) input.pressure = pick(pressureHpa, rows, 100);
    if (pressurePa) input.pressure = pick(pressurePa, rows);
    if (temperature) input.temperature = pick(temperature, rows);
    if (deltaT) options.deltaT = pick(deltaT, rows);
    if (atmosRefract !== undefined) options.atmosRefract = atmosRefract;
    const pos = fn(input, options);
    for (const [name, key] of COLUMNS) {
      const dest = result[name];
      if (!dest) continue;
      const src = pos[key];
      for (let k = 0; k < rows.length; k++) dest[rows[k]!] = src[k]!;
    }
  }
  return result;
}

const isSpaCase = (_fileStem: string, caseName: string, refCase: ReferenceCase): boolean =>
  caseName.startsWith('spa_') &&
  'unix_s' in refCase.inputs &&
  'latitude' in refCase.inputs &&
  'longitude' in refCase.inputs;

/** pvlib.solarposition.spa_python: the full SPA at every row. */
const spaHandler: CaseHandler = {
  variant: 'spa',
  matches: isSpaCase,
  run: (refCase) => runGrouped(refCase, solarPositionSpa),
  tolerances: { azimuth: TOLERANCE.azimuth, equation_of_time_min: { abs: 1e-6 } },
  defaultTolerance: TOLERANCE.angle,
};

/** The same cases through the interpolated form, held to the fast tolerance (1e-3 degree). */
const spaFastHandler: CaseHandler = {
  variant: 'spa-fast',
  matches: isSpaCase,
  run: (refCase) => runGrouped(refCase, solarPositionFast),
  tolerances: { azimuth: TOLERANCE.fastAzimuth, equation_of_time_min: { abs: 1e-3 } },
  defaultTolerance: TOLERANCE.fastAngle,
};

/**
 * pvlib.solarposition.get_solarposition with its own defaults (cases named `get_solarposition*`:
 * unix_s per row, latitude and longitude params, altitude param only when the caller gave one),
 * through the core's `defaults: 'pvlib'` option: delta T 67 s, pressure from the altitude.
 */
const getSolarpositionHandler: CaseHandler = {
  variant: 'spa-pvlib-defaults',
  matches: (_stem, caseName, refCase) => caseName.startsWith('get_solarposition') && 'unix_s' in refCase.inputs,
  run: (refCase) => {
    const altitude = param<number | undefined>(refCase, 'altitude', undefined);
    const pos = solarPositionSpa(
      {
        unixSeconds: inputColumn(refCase, 'unix_s'),
        latitude: param(refCase, 'latitude', Number.NaN),
        longitude: param(refCase, 'longitude', Number.NaN),
        ...(altitude === undefined ? {} : { elevation: altitude }),
      },
      { defaults: 'pvlib' },
    );
    const result: Record<string, Float64Array> = {};
    for (const [name, key] of COLUMNS) if (name in refCase.expected) result[name] = pos[key];
    return result;
  },
  tolerances: { azimuth: TOLERANCE.azimuth },
  defaultTolerance: TOLERANCE.angle,
};

export const handlers: CaseHandler[] = [spaHandler, spaFastHandler, getSolarpositionHandler];
