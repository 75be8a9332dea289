/**
 * Premium wind power product: the power of a stored wind site, `wind_power` in MW per period,
 * historic, live and forecast, from the site's configuration (spec 2.2) through the wind farm
 * chain of src/power (`windFarmPower`: hub-height speed from the 10 m and 100 m winds, air-density
 * normalisation after IEC 61400-12-1, a cubic power curve between cut-in and rated speed, farm
 * losses, capacity and grid export limit). Each period uses the configuration in force when it
 * ended (see advanced-pv.ts).
 */
import { type WindFarmOptions, windFarmPower } from 'solarkit';
import type { ProductContext } from './context.js';
import { type SiteSeriesRequest, bySiteVersion, siteTable, siteWeather } from './advanced-pv.js';
import type { SeriesTable } from './table.js';

/** A stored wind site configuration (spec 2.2 field names; validated by the server). */
export interface WindSiteRecord {
  name: string;
  latitude: number;
  longitude: number;
  /** MW */
  capacity: number;
  rotor_diameter?: number;
  /** MW per turbine; absent: capacity / number_of_turbines */
  rated_power?: number;
  hub_height?: number;
  number_of_turbines?: number;
  cut_in_wind_speed?: number;
  cut_out_wind_speed?: number;
  rated_wind_speed?: number;
  allow_negative_power?: boolean;
  /** MW; absent = no limit */
  grid_export_limit?: number;
  [field: string]: unknown;
}

/** Output parameters of wind power (the weather source has no P10/P90 of wind). */
export const WIND_OUTPUTS: readonly string[] = ['wind_power'];

/** Weather read for a wind site. */
const WEATHER = ['windSpeed', 'windSpeed100m', 'airTemp', 'pressure'] as const;

/**
 * The wind farm chain's options for a site configuration. The rotor diameter does not enter the
 * chain: the power curve is set by rated power and the characteristic speeds, which already
 * reflect the rotor (its swept area fixes the rated wind speed for a given rated power).
 */
export function windFarmOptions(config: WindSiteRecord): WindFarmOptions {
  const turbines = config.number_of_turbines ?? 1;
  return {
    ratedPower: config.rated_power ?? config.capacity / turbines,
    numberOfTurbines: turbines,
    capacity: config.capacity,
    hubHeight: config.hub_height ?? 80,
    cutInWindSpeed: config.cut_in_wind_speed ?? 3,
    ratedWindSpeed: config.rated_wind_speed ?? 12,
    cutOutWindSpeed: config.cut_out_wind_speed ?? 25,
    allowNegativePower: config.allow_negative_power === true,
    ...(config.grid_export_limit !== undefined ? { gridExportLimit: config.grid_export_limit } : {}),
  };
}

/** Computes a wind site's power series, MW. */
export async function windPower(request: SiteSeriesRequest<WindSiteRecord>, ctx: ProductContext): Promise<SeriesTable> {
  const columns = await bySiteVersion(request, async (config, periodEnd) => {
    const w = await siteWeather(ctx, request.kind, request.now, request.window, config, periodEnd, WEATHER);
    const power = windFarmPower(
      {
        windSpeed: w.windSpeed!,
        windSpeed100m: w.windSpeed100m!,
        airTemp: w.airTemp!,
        pressure: w.pressure!,
      },
      windFarmOptions(config),
    );
    return { wind_power: power };
  });
  return siteTable(request, columns);
}
