import { describe, expect, it } from 'vitest';
import { WEATHER_TYPES, type WeatherTypeInput, weatherType } from '../../src/weather/index.js';
import { continentalityFromLand, placeClimate } from '../../src/weather/climate.js';
import { snowAnchorDay } from '../../src/weather/snow.js';

const calm: WeatherTypeInput = {
  cloudOpacity: 0,
  solarZenith: 40,
  precipitationRate: 0,
  snowfallRate: 0,
  airTemp: 15,
  dewPoint: 5,
  relativeHumidity: 50,
  windSpeed: 3,
  windGust: 6,
  cape: 0,
  pm25: 5,
  pm10: 10,
};

describe('weather_type rules', () => {
  it('has the 19 labels of the contract', () => {
    expect(WEATHER_TYPES).toHaveLength(19);
    expect(new Set(WEATHER_TYPES).size).toBe(19);
  });
  it('grades cloud by opacity, CLEAR only at night', () => {
    expect(weatherType(calm)).toBe('SUNNY');
    expect(weatherType({ ...calm, solarZenith: 120 })).toBe('CLEAR');
    expect(weatherType({ ...calm, cloudOpacity: 20 })).toBe('MOSTLY SUNNY');
    expect(weatherType({ ...calm, cloudOpacity: 45 })).toBe('PARTLY CLOUDY');
    expect(weatherType({ ...calm, cloudOpacity: 70 })).toBe('MOSTLY CLOUDY');
    expect(weatherType({ ...calm, cloudOpacity: 95 })).toBe('OVERCAST');
  });
  it('grades rain by intensity, snow by share, storms by CAPE', () => {
    const wet = { ...calm, cloudOpacity: 95 };
    expect(weatherType({ ...wet, precipitationRate: 0.3 })).toBe('DRIZZLE');
    expect(weatherType({ ...wet, precipitationRate: 1.5 })).toBe('LIGHT RAIN');
    expect(weatherType({ ...wet, precipitationRate: 5 })).toBe('RAIN');
    expect(weatherType({ ...wet, precipitationRate: 10 })).toBe('HEAVY RAIN');
    expect(weatherType({ ...wet, precipitationRate: 10, cape: 1500 })).toBe('THUNDERSTORM');
    expect(weatherType({ ...wet, precipitationRate: 0.5, snowfallRate: 0.5 })).toBe('LIGHT SNOW');
    expect(weatherType({ ...wet, precipitationRate: 2, snowfallRate: 2 })).toBe('SNOW');
    expect(weatherType({ ...wet, precipitationRate: 5, snowfallRate: 5 })).toBe('HEAVY SNOW');
    expect(weatherType({ ...wet, precipitationRate: 2, snowfallRate: 1 })).toBe('SLEET');
  });
  it('puts damaging gusts first, then wind, fog and haze before cloud', () => {
    expect(weatherType({ ...calm, windGust: 30, precipitationRate: 5 })).toBe('DAMAGING WIND');
    expect(weatherType({ ...calm, windSpeed: 14, windGust: 20 })).toBe('WINDY');
    expect(weatherType({ ...calm, relativeHumidity: 99, windSpeed: 1 })).toBe('FOG');
    expect(weatherType({ ...calm, pm25: 80 })).toBe('HAZE');
  });
});

describe('climate rules', () => {
  it('derives continentality from the land around and upwind', () => {
    expect(continentalityFromLand(45, 10, () => 1)).toBe(1);
    expect(continentalityFromLand(45, 10, () => 0)).toBe(0);
    // Westerlies: land to the west counts more than land to the east.
    const westLand = (_: number, lon: number) => (lon < 10 ? 1 : 0);
    const eastLand = (_: number, lon: number) => (lon > 10 ? 1 : 0);
    expect(continentalityFromLand(45, 10, westLand)).toBeGreaterThan(continentalityFromLand(45, 10, eastLand));
    // Trade winds: the reverse.
    expect(continentalityFromLand(15, 10, eastLand)).toBeGreaterThan(continentalityFromLand(15, 10, westLand));
  });
  it('is cloudier in the storm tracks than under the subtropical highs, and mirrors the seasons across the equator', () => {
    const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
    const sub = placeClimate({ latitude: 25, longitude: 0, continentality: 0.8 });
    const storm = placeClimate({ latitude: 58, longitude: 0, continentality: 0.1 });
    expect(mean(storm.cloudiness)).toBeGreaterThan(mean(sub.cloudiness) + 0.2);
    const north = placeClimate({ latitude: 45, longitude: 0, continentality: 0.6 });
    const south = placeClimate({ latitude: -45, longitude: 0, continentality: 0.6 });
    const jan = 15,
      jul = 196;
    expect(north.temperature[jul]!).toBeGreaterThan(north.temperature[jan]!);
    expect(south.temperature[jan]!).toBeGreaterThan(south.temperature[jul]!);
  });
  it('anchors the snow budget once a year, the same for every day of a season', () => {
    const a = snowAnchorDay(Math.floor(Date.UTC(2021, 0, 15) / 86400000), 50);
    // Every 365.2422 days from 2000-08-01: July 31 or August 1 by the leap-year phase.
    expect(['07-31', '08-01']).toContain(new Date(a * 86400000).toISOString().slice(5, 10));
    for (let d = a; d < a + 365; d += 7) expect(snowAnchorDay(d, 50)).toBe(a);
    expect(snowAnchorDay(a - 1, 50)).toBeLessThan(a);
  });
});
