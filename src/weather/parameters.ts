/**
 * The weather labels of the synthetic source (the API's weather_type, contract.md section 4)
 * and their rules.
 */

/** The 19 weather labels (the API's weather_type, contract.md section 4). CLEAR is a cloudless night. */
export const WEATHER_TYPES = [
  'CLEAR',
  'SUNNY',
  'MOSTLY SUNNY',
  'PARTLY CLOUDY',
  'MOSTLY CLOUDY',
  'OVERCAST',
  'FOG',
  'HAZE',
  'DRIZZLE',
  'LIGHT RAIN',
  'RAIN',
  'HEAVY RAIN',
  'THUNDERSTORM',
  'SLEET',
  'LIGHT SNOW',
  'SNOW',
  'HEAVY SNOW',
  'WINDY',
  'DAMAGING WIND',
] as const;

/** One of the 19 weather_type labels of {@link WEATHER_TYPES}. */
export type WeatherType = (typeof WEATHER_TYPES)[number];

/** One period's values of the weather columns (WeatherColumns' names) that {@link weatherType} classifies. */
export interface WeatherTypeInput {
  /** cloud opacity, % */
  cloudOpacity: number;
  /** degrees; > 90 is night */
  solarZenith: number;
  /** mm/h of water */
  precipitationRate: number;
  /** cm/h of snow */
  snowfallRate: number;
  /** air temperature, degrees C */
  airTemp: number;
  /** dew point temperature, degrees C */
  dewPoint: number;
  /** relative humidity, % */
  relativeHumidity: number;
  /** mean wind speed at 10 m, m/s */
  windSpeed: number;
  /** wind gust at 10 m, m/s */
  windGust: number;
  /** J/kg */
  cape: number;
  /** PM2.5 particulate matter concentration, micrograms/m3 */
  pm25: number;
  /** PM10 particulate matter concentration, micrograms/m3 */
  pm10: number;
}

/**
 * The weather_type label of a period by fixed rules, first match wins:
 * 1. gust >= 25 m/s: DAMAGING WIND;
 * 2. precipitation >= 0.1 mm/h: THUNDERSTORM when CAPE >= 800 J/kg and >= 2.5 mm/h; snow when
 *    snow is at least 90 % of it (LIGHT SNOW < 1, SNOW < 4, HEAVY SNOW >= 4 mm/h of water);
 *    SLEET when mixed; rain by the American Meteorological Society's intensities (DRIZZLE < 0.5,
 *    LIGHT RAIN < 2.5, RAIN < 7.6, HEAVY RAIN >= 7.6 mm/h);
 * 3. mean wind >= 12 m/s: WINDY;
 * 4. relative humidity >= 97 % with wind < 3 m/s: FOG;
 * 5. PM2.5 >= 55 or PM10 >= 150 micrograms/m3 with relative humidity < 90 %: HAZE;
 * 6. by cloud opacity: < 10 % SUNNY (CLEAR at night), < 30 % MOSTLY SUNNY (PARTLY CLOUDY at
 *    night), < 60 % PARTLY CLOUDY, < 85 % MOSTLY CLOUDY, else OVERCAST.
 */
export function weatherType(x: WeatherTypeInput): WeatherType {
  if (x.windGust >= 25) return 'DAMAGING WIND';
  if (x.precipitationRate >= 0.1) {
    const p = x.precipitationRate;
    const snowWater = x.snowfallRate; // cm/h of snow at 10:1 equals mm/h of water
    if (x.cape >= 800 && p >= 2.5) return 'THUNDERSTORM';
    if (snowWater >= 0.9 * p) return p < 1 ? 'LIGHT SNOW' : p < 4 ? 'SNOW' : 'HEAVY SNOW';
    if (snowWater > 0.1 * p) return 'SLEET';
    return p < 0.5 ? 'DRIZZLE' : p < 2.5 ? 'LIGHT RAIN' : p < 7.6 ? 'RAIN' : 'HEAVY RAIN';
  }
  if (x.windSpeed >= 12) return 'WINDY';
  if (x.relativeHumidity >= 97 && x.windSpeed < 3) return 'FOG';
  if ((x.pm25 >= 55 || x.pm10 >= 150) && x.relativeHumidity < 90) return 'HAZE';
  const o = x.cloudOpacity;
  const night = !(x.solarZenith < 90);
  if (o < 10) return night ? 'CLEAR' : 'SUNNY';
  if (o < 30) return night ? 'PARTLY CLOUDY' : 'MOSTLY SUNNY';
  if (o < 60) return 'PARTLY CLOUDY';
  if (o < 85) return 'MOSTLY CLOUDY';
  return 'OVERCAST';
}
