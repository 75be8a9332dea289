/**
 * Advanced PV power product (spec 4.9, contract.md sections 3 and 4): the AC power of a stored
 * utility-scale PV site, `pv_power_advanced` in MW per period, historic, live and forecast,
 * computed from the site's configuration through the site PV chain of src/power.
 *
 * A site's configuration can change over time; the caller passes every version with the instant
 * it became valid. Each period is computed with the version in force when the period ended (the
 * newest version made before period_end; the first version for periods before the site existed),
 * so a changed grid_export_limit takes effect at the next prediction update (spec part 3) while
 * periods that ended earlier keep their answers.
 */
import {
  DURATION,
  END,
  START,
  TIME_ZONE,
  apiAzimuthToPvlib,
  apiTrackerAxisToPvlib,
  defaultAzimuth,
  defaultTilt,
  hoursDef,
  periodDef,
  type Window,
} from './common.js';
import { type PvSiteConfig as SiteChainConfig, sitePvPower } from 'solarkit';
import type { ProductContext } from './context.js';
import type { FieldError, ParamDef, ParamValues } from './params.js';
import { windowOf } from './radiation.js';
import type { SeriesKind } from './request.js';
import type { NumericWeatherColumnName, WeatherColumnName, WeatherColumns } from './source.js';
import type { SeriesColumn, SeriesTable } from './table.js';

/** A stored PV site configuration (spec 2.1 field names; validated by the server). */
export interface PvSiteRecord {
  name: string;
  latitude: number;
  longitude: number;
  /** AC capacity, MW */
  capacity: number;
  /** DC capacity, MW */
  capacity_dc?: number;
  /** ISO 8601 */
  install_date?: string;
  tracking_type?: 'fixed' | 'horizontal_single_axis';
  azimuth?: number;
  tilt?: number;
  bifacial_system?: boolean;
  bifaciality_factor?: number;
  derating_age_system?: number;
  derating_other_system?: number;
  derating_temp_module?: number;
  dust_soiling_average?: number[];
  /** MW; absent = no limit */
  grid_export_limit?: number;
  ground_coverage_ratio?: number;
  inverter_peak_efficiency?: number;
  module_type?: string;
  pvrow_height?: number;
  pvrow_width?: number;
  site_ground_albedo?: number;
  terrain_azimuth?: number;
  terrain_slope?: number;
  tracker_axis_azimuth?: number;
  tracker_back_tracking?: boolean;
  tracker_max_rotation_angle?: number;
  tracker_smart_tracking?: boolean;
  [field: string]: unknown;
}

/** One version of a site's configuration, in force for periods ending after `validFrom` (Unix s). */
export interface ConfigVersion<C> {
  validFrom: number;
  config: C;
}

/** A request for a site's power series. */
export interface SiteSeriesRequest<C> {
  kind: Exclude<SeriesKind, 'tmy'>;
  window: Window;
  /** The request's now: the issue time of a forecast. */
  now: number;
  outputParameters: string[];
  /** Every configuration version, oldest first (at least one). */
  history: readonly ConfigVersion<C>[];
}

/** The `resource_id` query parameter of the site power endpoints. */
export const SITE_RESOURCE_ID: ParamDef = {
  name: 'resource_id',
  type: 'string',
  required: true,
  description: "The site: one of the caller's sites or a shared test site.",
  example: 'ba75-e17a-7374-95ed',
};

/** Output parameters of advanced PV power by endpoint kind. */
export const ADVANCED_PV_OUTPUTS: Record<'historic' | 'live' | 'forecast', readonly string[]> = {
  historic: ['pv_power_advanced'],
  live: ['pv_power_advanced'],
  forecast: ['pv_power_advanced', 'pv_power_advanced10', 'pv_power_advanced90'],
};

/**
 * Query parameters of a site-based power endpoint (format is added by the server). `capacity`
 * and other site fields the Python SDK sends are ignored as unknown parameters.
 */
export function sitePowerParams(
  kind: 'historic' | 'live' | 'forecast',
  outputs: readonly string[],
  unit: string,
): ParamDef[] {
  const outputDef: ParamDef = {
    name: 'output_parameters',
    type: 'enum[]',
    enum: outputs,
    default: [outputs[0]!],
    description: `Value fields: ${outputs.join(', ')} (${unit}). Default ${outputs[0]}.`,
  };
  const common = [SITE_RESOURCE_ID, outputDef];
  switch (kind) {
    case 'historic':
      return [...common, START, END, DURATION, periodDef('PT30M'), TIME_ZONE];
    case 'live':
      return [...common, hoursDef(168, 24), periodDef('PT30M')];
    case 'forecast':
      return [...common, hoursDef(336, 48), periodDef('PT30M')];
  }
}

/** The window and outputs of a site power request; pushes errors (historic window rules). */
export function validateSitePower(
  kind: 'historic' | 'live' | 'forecast',
  values: ParamValues,
  now: number,
  errors: FieldError[],
): { window: Window; outputParameters: string[] } | undefined {
  const window = windowOf(kind, values, now, errors);
  if (!window || errors.length > 0) return undefined;
  return { window, outputParameters: values.output_parameters as string[] };
}

/**
 * Index of the configuration version in force for a period ending at `periodEnd`: the newest
 * whose validFrom is before it, else the first.
 */
export function versionIndexAt(history: readonly ConfigVersion<unknown>[], periodEnd: number): number {
  let chosen = 0;
  for (let v = 1; v < history.length; v++) {
    if (history[v]!.validFrom < periodEnd) chosen = v;
    else break;
  }
  return chosen;
}

/**
 * Computes one value column per output over a window split by configuration version: for each
 * version, the periods it governs are gathered, `compute` runs once on them, and the values are
 * scattered back in window order.
 */
export async function bySiteVersion<C>(
  request: SiteSeriesRequest<C>,
  compute: (config: C, periodEnd: Float64Array, outputs: readonly string[]) => Promise<Record<string, Float64Array>>,
): Promise<Record<string, Float64Array>> {
  const times = request.window.periodEnd;
  const n = times.length;
  const versionOf = new Int32Array(n);
  const counts = new Int32Array(request.history.length);
  for (let i = 0; i < n; i++) {
    const v = versionIndexAt(request.history, times[i]!);
    versionOf[i] = v;
    counts[v]!++;
  }
  const out: Record<string, Float64Array> = {};
  for (const name of request.outputParameters) out[name] = new Float64Array(n).fill(NaN);
  for (let v = 0; v < request.history.length; v++) {
    if (counts[v] === 0) continue;
    const rows = new Int32Array(counts[v]!);
    const sub = new Float64Array(counts[v]!);
    for (let i = 0, k = 0; i < n; i++) {
      if (versionOf[i] === v) {
        rows[k] = i;
        sub[k++] = times[i]!;
      }
    }
    const part = await compute(request.history[v]!.config, sub, request.outputParameters);
    for (const name of request.outputParameters) {
      const src = part[name]!;
      const dst = out[name]!;
      for (let k = 0; k < rows.length; k++) dst[rows[k]!] = src[k]!;
    }
  }
  return out;
}

/** Weather a site needs, read for its place over some period ends. */
export async function siteWeather(
  ctx: ProductContext,
  kind: 'historic' | 'live' | 'forecast',
  now: number,
  window: Window,
  place: { latitude: number; longitude: number },
  periodEnd: Float64Array,
  parameters: readonly WeatherColumnName[],
): Promise<WeatherColumns> {
  const sub: Window = { periodEnd, periodSeconds: window.periodSeconds, offsetMinutes: window.offsetMinutes };
  return ctx.weatherColumns(
    {
      kind,
      window: sub,
      now,
      latitude: place.latitude,
      longitude: place.longitude,
      tilt: defaultTilt(place.latitude),
      azimuth: defaultAzimuth(place.latitude),
      arrayType: 'fixed',
      terrainShading: false,
    },
    parameters,
  );
}

/** A power column of a response, MW. */
export function powerColumn(name: string, values: Float64Array): SeriesColumn {
  return { name, values, decimals: 4, unit: 'MW' };
}

/** The table of a site power response. */
export function siteTable(
  request: SiteSeriesRequest<{ latitude: number; longitude: number }>,
  columns: Record<string, Float64Array>,
): SeriesTable {
  const latest = request.history[request.history.length - 1]!.config;
  return {
    key: request.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
    columns: request.outputParameters.map((name) => powerColumn(name, columns[name]!)),
    periodEnd: request.window.periodEnd,
    periodSeconds: request.window.periodSeconds,
    offsetMinutes: request.window.offsetMinutes,
    latitude: latest.latitude,
    longitude: latest.longitude,
  };
}

/** Weather read for a PV site, and the forecast's P10/P90 irradiance. */
const PV_WEATHER = ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] as const;
const PV_WEATHER_10 = ['ghi10', 'dni10', 'dhi10'] as const;
const PV_WEATHER_90 = ['ghi90', 'dni90', 'dhi90'] as const;

/**
 * Computes a PV site's AC power series, MW: for each configuration version, the site chain over
 * the weather of the periods it governs; P10/P90 of a forecast run the same chain on the P10/P90
 * irradiance. The chain is not monotonic in irradiance everywhere (Perez's circumsolar share
 * grows with DNI, which takes sky diffuse from a plane facing away from a low sun), so P10 is
 * capped at P50 and P90 raised to it: P10 <= P50 <= P90 holds (contract section 8).
 */
export async function advancedPvPower(
  request: SiteSeriesRequest<PvSiteRecord>,
  ctx: ProductContext,
): Promise<SeriesTable> {
  const columns = await bySiteVersion(request, async (config, periodEnd, outputs) => {
    const wantLow = outputs.includes('pv_power_advanced10');
    const wantHigh = outputs.includes('pv_power_advanced90');
    const parameters: WeatherColumnName[] = [
      ...PV_WEATHER,
      ...(wantLow ? PV_WEATHER_10 : []),
      ...(wantHigh ? PV_WEATHER_90 : []),
    ];
    const w = await siteWeather(ctx, request.kind, request.now, request.window, config, periodEnd, parameters);
    const num = (name: NumericWeatherColumnName): Float64Array => w[name]!;
    const { elevation } = ctx.place(config.latitude, config.longitude);
    const run = (ghi: NumericWeatherColumnName, dni: NumericWeatherColumnName, dhi: NumericWeatherColumnName) =>
      sitePvColumn(config, periodEnd, request.window.periodSeconds, elevation, {
        ghi: num(ghi),
        dni: num(dni),
        dhi: num(dhi),
        airTemp: num('airTemp'),
        windSpeed: num('windSpeed'),
      });
    const out: Record<string, Float64Array> = {};
    const median = run('ghi', 'dni', 'dhi');
    if (outputs.includes('pv_power_advanced')) out.pv_power_advanced = median;
    if (wantLow) {
      const low = run('ghi10', 'dni10', 'dhi10');
      for (let i = 0; i < low.length; i++) if (low[i]! > median[i]!) low[i] = median[i]!;
      out.pv_power_advanced10 = low;
    }
    if (wantHigh) {
      const high = run('ghi90', 'dni90', 'dhi90');
      for (let i = 0; i < high.length; i++) if (high[i]! < median[i]!) high[i] = median[i]!;
      out.pv_power_advanced90 = high;
    }
    return out;
  });
  return siteTable(request, columns);
}

/** Monthly values (January first) from n = 1, 2, 3, 4, 6 or 12 values each covering 12/n months. */
export function monthlyDustSoiling(values: readonly number[] | undefined): number[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const span = 12 / values.length;
  const out: number[] = new Array(12);
  for (let m = 0; m < 12; m++) out[m] = values[Math.floor(m / span)]!;
  return out;
}

/** The site PV chain's options for a stored configuration (spec 2.1 names to the chain's). */
export function sitePvOptions(config: PvSiteRecord, periodSeconds: number): SiteChainConfig {
  const installDate = config.install_date !== undefined ? Date.parse(config.install_date) / 1000 : NaN;
  const dust = monthlyDustSoiling(config.dust_soiling_average);
  const o: SiteChainConfig = {
    latitude: config.latitude,
    longitude: config.longitude,
    capacity: config.capacity,
    capacityDc: config.capacity_dc ?? config.capacity,
    periodSeconds,
  };
  if (Number.isFinite(installDate)) o.installDate = installDate;
  if (dust !== undefined) o.dustSoilingAverage = dust;
  const map: [keyof SiteChainConfig, unknown][] = [
    // Azimuths: the API's convention to the core's (degrees east of north).
    ['trackingType', config.tracking_type],
    ['tilt', config.tilt],
    ['azimuth', typeof config.azimuth === 'number' ? apiAzimuthToPvlib(config.azimuth) : config.azimuth],
    ['terrainSlope', config.terrain_slope],
    [
      'terrainAzimuth',
      typeof config.terrain_azimuth === 'number' ? apiAzimuthToPvlib(config.terrain_azimuth) : config.terrain_azimuth,
    ],
    [
      'trackerAxisAzimuth',
      typeof config.tracker_axis_azimuth === 'number'
        ? apiTrackerAxisToPvlib(config.tracker_axis_azimuth)
        : config.tracker_axis_azimuth,
    ],
    ['trackerMaxRotationAngle', config.tracker_max_rotation_angle],
    ['trackerBackTracking', config.tracker_back_tracking],
    ['trackerSmartTracking', config.tracker_smart_tracking],
    ['bifacialSystem', config.bifacial_system],
    ['bifacialityFactor', config.bifaciality_factor],
    ['pvrowHeight', config.pvrow_height],
    ['pvrowWidth', config.pvrow_width],
    ['groundCoverageRatio', config.ground_coverage_ratio],
    ['siteGroundAlbedo', config.site_ground_albedo],
    ['moduleType', config.module_type],
    ['deratingTempModule', config.derating_temp_module],
    ['deratingAgeSystem', config.derating_age_system],
    ['deratingOtherSystem', config.derating_other_system],
    ['inverterPeakEfficiency', config.inverter_peak_efficiency],
    ['gridExportLimit', config.grid_export_limit],
  ];
  for (const [k, v] of map) if (v !== undefined && v !== null) (o as unknown as Record<string, unknown>)[k] = v;
  return o;
}

/**
 * AC power of a site, MW, over some periods: the site chain of src/power at the place's
 * elevation (when the host knows it), with the site's own ground albedo (not the weather's, so
 * that a configured albedo is what the answer uses).
 */
function sitePvColumn(
  config: PvSiteRecord,
  periodEnd: Float64Array,
  periodSeconds: number,
  elevation: number | undefined,
  w: { ghi: Float64Array; dni: Float64Array; dhi: Float64Array; airTemp: Float64Array; windSpeed: Float64Array },
): Float64Array {
  const options = sitePvOptions(config, periodSeconds);
  if (elevation !== undefined) options.elevation = elevation;
  return sitePvPower({ unixSeconds: periodEnd, ...w }, options).power;
}
