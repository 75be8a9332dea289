/**
 * Output parameters of the radiation and weather products: unit and rounding of each
 * (contract.md section 4), and which endpoint kinds accept them (spec 4.2).
 */

export interface OutputInfo {
  unit: string;
  /** Decimal places in a response (format version 3). */
  decimals: number;
  /** Decimal places in the legacy format when different (air temperatures: whole degrees). */
  legacyDecimals?: number;
  /** A text label rather than a number (weather_type). */
  label?: boolean;
}

const IRR: OutputInfo = { unit: 'W/m2', decimals: 0 };
const TEMP: OutputInfo = { unit: 'degrees C', decimals: 1, legacyDecimals: 0 };
const PCT: OutputInfo = { unit: '%', decimals: 1 };

/** Every output parameter of historic and live radiation and weather, in the spec's order. */
export const RADIATION_OUTPUTS: Record<string, OutputInfo> = {
  air_temp: TEMP,
  albedo: { unit: 'fraction', decimals: 2 },
  azimuth: { unit: 'degrees', decimals: 0 },
  clearsky_dhi: IRR,
  clearsky_dni: IRR,
  clearsky_ghi: IRR,
  clearsky_gti: IRR,
  cloud_opacity: PCT,
  dewpoint_temp: { unit: 'degrees C', decimals: 1 },
  dhi: IRR,
  dni: IRR,
  ghi: IRR,
  gti: IRR,
  precipitable_water: { unit: 'kg/m2', decimals: 1 },
  precipitation_rate: { unit: 'mm/h', decimals: 1 },
  relative_humidity: PCT,
  surface_pressure: { unit: 'hPa', decimals: 1 },
  snow_soiling_rooftop: PCT,
  snow_soiling_ground: PCT,
  wind_direction_100m: { unit: 'degrees', decimals: 0 },
  wind_direction_10m: { unit: 'degrees', decimals: 0 },
  wind_speed_100m: { unit: 'm/s', decimals: 1 },
  wind_speed_10m: { unit: 'm/s', decimals: 1 },
  zenith: { unit: 'degrees', decimals: 0 },
  snow_depth: { unit: 'cm', decimals: 1 },
  snow_water_equivalent: { unit: 'cm', decimals: 1 },
  snowfall_rate: { unit: 'cm/h', decimals: 1 },
  wind_gust: { unit: 'm/s', decimals: 1 },
  cape: { unit: 'J/kg', decimals: 0 },
  weather_type: { unit: '', decimals: 0, label: true },
  min_air_temp: TEMP,
  max_air_temp: TEMP,
  pm10: { unit: 'ug/m3', decimals: 1 },
  'pm2.5': { unit: 'ug/m3', decimals: 1 },
};

/** The probabilistic outputs only the forecast accepts. */
export const FORECAST_ONLY_OUTPUTS: Record<string, OutputInfo> = {
  cloud_opacity10: PCT,
  cloud_opacity90: PCT,
  dhi10: IRR,
  dhi90: IRR,
  dni10: IRR,
  dni90: IRR,
  ghi10: IRR,
  ghi90: IRR,
  gti10: IRR,
  gti90: IRR,
};

export const RADIATION_OUTPUT_NAMES = Object.keys(RADIATION_OUTPUTS);
export const FORECAST_OUTPUT_NAMES = [...RADIATION_OUTPUT_NAMES, ...Object.keys(FORECAST_ONLY_OUTPUTS)];

/** Information about any radiation output parameter (historic, live, forecast). */
export function outputInfo(name: string): OutputInfo {
  return RADIATION_OUTPUTS[name] ?? FORECAST_ONLY_OUTPUTS[name] ?? { unit: '', decimals: 3 };
}

/** Rooftop outputs: the power (and its forecast bounds), in kW. */
export const ROOFTOP_OUTPUTS: Record<string, OutputInfo> = {
  pv_power_rooftop: { unit: 'kW', decimals: 4 },
};
export const ROOFTOP_FORECAST_OUTPUTS: Record<string, OutputInfo> = {
  ...ROOFTOP_OUTPUTS,
  pv_power_rooftop10: { unit: 'kW', decimals: 4 },
  pv_power_rooftop90: { unit: 'kW', decimals: 4 },
};
