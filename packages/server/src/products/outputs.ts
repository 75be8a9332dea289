/**
 * Output parameters of the API's products: unit, rounding and a one-line description of each
 * (contract.md section 4), and which endpoint kinds accept them (spec 4.2). The descriptions and
 * units are what the OpenAPI document and /docs show for each value field of a response.
 */

export interface OutputInfo {
  unit: string;
  /** What the value is, in one line (the OpenAPI document's description of the field). */
  description: string;
  /** Decimal places in a response (format version 3). */
  decimals: number;
  /** Decimal places in the legacy format when different (air temperatures: whole degrees). */
  legacyDecimals?: number;
  /** A text label rather than a number (weather_type). */
  label?: boolean;
}

const irr = (description: string): OutputInfo => ({
  unit: 'W/m2',
  decimals: 0,
  description: `${description}, mean over the period.`,
});
const temp = (description: string): OutputInfo => ({ unit: 'degrees C', decimals: 1, legacyDecimals: 0, description });
const pct = (description: string): OutputInfo => ({ unit: '%', decimals: 1, description });
const PLANE = 'on the plane of tilt, azimuth and array_type';

/** Every output parameter of historic and live radiation and weather, in the spec's order. */
export const RADIATION_OUTPUTS: Record<string, OutputInfo> = {
  air_temp: temp('Air temperature at 2 m above ground.'),
  albedo: { unit: 'fraction', decimals: 2, description: 'Ground reflectance, 0 to 1 (snow raises it).' },
  azimuth: {
    unit: 'degrees',
    decimals: 0,
    description: 'Solar azimuth, -180 to 180: 0 north, -90 east, 90 west (the API convention).',
  },
  clearsky_dhi: irr('Diffuse horizontal irradiance the sky would give without clouds'),
  clearsky_dni: irr('Direct normal irradiance the sky would give without clouds'),
  clearsky_ghi: irr('Global horizontal irradiance the sky would give without clouds'),
  clearsky_gti: irr(`Global tilted irradiance ${PLANE} without clouds`),
  cloud_opacity: pct('How much the clouds attenuate the sun, 0 (none) to 100 (opaque).'),
  dewpoint_temp: { unit: 'degrees C', decimals: 1, description: 'Dew-point temperature at 2 m above ground.' },
  dhi: irr('Diffuse horizontal irradiance'),
  dni: irr('Direct normal irradiance'),
  ghi: irr('Global horizontal irradiance'),
  gti: irr(`Global tilted irradiance ${PLANE}`),
  precipitable_water: {
    unit: 'kg/m2',
    decimals: 1,
    description: 'Water vapour in the column of air above the place (1 kg/m2 = 1 mm).',
  },
  precipitation_rate: { unit: 'mm/h', decimals: 1, description: 'Rain and melted snow falling, mean over the period.' },
  relative_humidity: pct('Relative humidity at 2 m above ground, 0 to 100.'),
  surface_pressure: { unit: 'hPa', decimals: 1, description: 'Air pressure at the ground (not reduced to sea level).' },
  snow_soiling_rooftop: pct('Share of a rooftop array covered by snow (energy lost to it), 0 to 100.'),
  snow_soiling_ground: pct('Share of a ground-mounted array covered by snow (energy lost to it), 0 to 100.'),
  wind_direction_100m: {
    unit: 'degrees',
    decimals: 0,
    description: 'Direction the wind at 100 m comes from, 0 to 360 clockwise from north.',
  },
  wind_direction_10m: {
    unit: 'degrees',
    decimals: 0,
    description: 'Direction the wind at 10 m comes from, 0 to 360 clockwise from north.',
  },
  wind_speed_100m: { unit: 'm/s', decimals: 1, description: 'Wind speed at 100 m above ground.' },
  wind_speed_10m: { unit: 'm/s', decimals: 1, description: 'Wind speed at 10 m above ground.' },
  zenith: { unit: 'degrees', decimals: 0, description: 'Solar zenith angle, 0 (overhead) to 180; above 90 at night.' },
  snow_depth: { unit: 'cm', decimals: 1, description: 'Depth of snow on the ground.' },
  snow_water_equivalent: { unit: 'cm', decimals: 1, description: 'Water the snow on the ground would give if melted.' },
  snowfall_rate: { unit: 'cm/h', decimals: 1, description: 'Snow falling, cm of fresh snow per hour.' },
  wind_gust: { unit: 'm/s', decimals: 1, description: 'Strongest gust at 10 m in the period.' },
  cape: { unit: 'J/kg', decimals: 0, description: 'Convective available potential energy (thunderstorm potential).' },
  weather_type: {
    unit: '',
    decimals: 0,
    label: true,
    description: 'A label of the weather, one of 19 (CLEAR is a cloudless night, SUNNY a cloudless day, ...).',
  },
  min_air_temp: temp('Lowest air temperature at 2 m in the period.'),
  max_air_temp: temp('Highest air temperature at 2 m in the period.'),
  pm10: { unit: 'ug/m3', decimals: 1, description: 'Particulate matter up to 10 micrometres, micrograms per m3.' },
  'pm2.5': { unit: 'ug/m3', decimals: 1, description: 'Particulate matter up to 2.5 micrometres, micrograms per m3.' },
};

/** The probabilistic outputs only the forecast accepts. */
export const FORECAST_ONLY_OUTPUTS: Record<string, OutputInfo> = {
  cloud_opacity10: pct('cloud_opacity, 10th percentile of the forecast.'),
  cloud_opacity90: pct('cloud_opacity, 90th percentile of the forecast.'),
  dhi10: irr('DHI, 10th percentile of the forecast'),
  dhi90: irr('DHI, 90th percentile of the forecast'),
  dni10: irr('DNI, 10th percentile of the forecast'),
  dni90: irr('DNI, 90th percentile of the forecast'),
  ghi10: irr('GHI, 10th percentile of the forecast'),
  ghi90: irr('GHI, 90th percentile of the forecast'),
  gti10: irr('GTI, 10th percentile of the forecast'),
  gti90: irr('GTI, 90th percentile of the forecast'),
};

export const RADIATION_OUTPUT_NAMES = Object.keys(RADIATION_OUTPUTS);
export const FORECAST_OUTPUT_NAMES = [...RADIATION_OUTPUT_NAMES, ...Object.keys(FORECAST_ONLY_OUTPUTS)];

/** Information about any radiation output parameter (historic, live, forecast). */
export function outputInfo(name: string): OutputInfo {
  return RADIATION_OUTPUTS[name] ?? FORECAST_ONLY_OUTPUTS[name] ?? { unit: '', decimals: 3, description: '' };
}

/** Rooftop outputs: the power (and its forecast bounds), in kW. */
export const ROOFTOP_OUTPUTS: Record<string, OutputInfo> = {
  pv_power_rooftop: { unit: 'kW', decimals: 4, description: 'AC power of the rooftop system, mean over the period.' },
};
export const ROOFTOP_FORECAST_OUTPUTS: Record<string, OutputInfo> = {
  ...ROOFTOP_OUTPUTS,
  pv_power_rooftop10: { unit: 'kW', decimals: 4, description: 'pv_power_rooftop, 10th percentile of the forecast.' },
  pv_power_rooftop90: { unit: 'kW', decimals: 4, description: 'pv_power_rooftop, 90th percentile of the forecast.' },
};

/** Soiling outputs: the loss fraction of each model. */
export const SOILING_OUTPUTS: Record<string, OutputInfo> = {
  hsu_loss_fraction: {
    unit: 'fraction',
    decimals: 6,
    description: 'Share of the energy lost to dust on the modules (HSU model), 0 to 1, at the period end.',
  },
  kimber_loss_fraction: {
    unit: 'fraction',
    decimals: 6,
    description: 'Share of the energy lost to dust on the modules (Kimber model), 0 to 1, at the period end.',
  },
};

/** Outputs of the power of stored sites: advanced PV (with its forecast bounds) and wind, in MW. */
export const SITE_POWER_OUTPUTS: Record<string, OutputInfo> = {
  pv_power_advanced: { unit: 'MW', decimals: 4, description: 'AC power the PV site exports, mean over the period.' },
  pv_power_advanced10: { unit: 'MW', decimals: 4, description: 'pv_power_advanced, 10th percentile of the forecast.' },
  pv_power_advanced90: { unit: 'MW', decimals: 4, description: 'pv_power_advanced, 90th percentile of the forecast.' },
  wind_power: { unit: 'MW', decimals: 4, description: 'Power the wind farm exports, mean over the period.' },
};

/** A value field of a response as the documentation shows it. */
export interface OutputDoc {
  name: string;
  /** The unit; `text` for a label (weather_type). */
  unit: string;
  description: string;
}

/**
 * The documentation of output parameters by name, from the tables above.
 *
 * @example outputDocs(['ghi'])[0]!.unit // => 'W/m2'
 */
export function outputDocs(names: readonly string[]): OutputDoc[] {
  return names.map((name) => {
    const info =
      RADIATION_OUTPUTS[name] ??
      FORECAST_ONLY_OUTPUTS[name] ??
      ROOFTOP_FORECAST_OUTPUTS[name] ??
      SOILING_OUTPUTS[name] ??
      SITE_POWER_OUTPUTS[name];
    if (info === undefined) throw new Error(`${name} is not an output parameter`);
    return { name, unit: info.label ? 'text' : info.unit, description: info.description };
  });
}
