import { type TmySelection, selectTypicalYear, typicalYearWeather } from '../../src/tmy/index.js';
import { ACTUAL_COLUMNS, FORECAST_COLUMNS, syntheticHistory, syntheticSource } from '../../src/weather/index.js';
import { placeInfo } from '../../src/node/weather-files.js';
import type { WeatherPlace } from '../../src/weather/climate.js';
import type { BenchSuite } from '../harness.js';

const place = { latitude: 45, longitude: 8, elevation: 250, continentality: 0.65 };
const start = Date.UTC(2024, 0, 1) / 1000;
const n31 = 31 * 288;
const ends5 = new Float64Array(n31);
for (let i = 0; i < n31; i++) ends5[i] = start + (i + 1) * 300;
const ends30 = new Float64Array(31 * 48);
for (let i = 0; i < ends30.length; i++) ends30[i] = start + (i + 1) * 1800;
const source = syntheticSource();
let selection: TmySelection | undefined;
/** Berlin with the measured climate as the server sees it (station and calibration-year anchors). */
let measured: WeatherPlace | undefined;

export const suite: BenchSuite = {
  name: 'weather',
  kernels: [
    {
      name: 'synthetic weather state + irradiance, 5-min samples (ghi, dni, dhi, air_temp, 31 days)',
      points: n31,
      run: () =>
        source.actuals({
          ...place,
          periodEnd: ends5,
          periodSeconds: 300,
          parameters: ['ghi', 'dni', 'dhi', 'airTemp'],
        }),
    },
  ],
  products: [
    {
      name: 'weather: 31 days at PT5M, all 34 output parameters',
      run: () => source.actuals({ ...place, periodEnd: ends5, periodSeconds: 300, parameters: ACTUAL_COLUMNS }),
    },
    {
      name: 'weather: 31 days at PT30M, all parameters (12 x 5-min samples per hour)',
      run: () => source.actuals({ ...place, periodEnd: ends30, periodSeconds: 1800, parameters: ACTUAL_COLUMNS }),
    },
    {
      name: 'weather: 14-day forecast at PT30M with P10/P90, all parameters',
      run: () =>
        source.forecast({
          ...place,
          periodEnd: ends30.subarray(0, 14 * 48),
          periodSeconds: 1800,
          parameters: FORECAST_COLUMNS,
          issuedAt: start,
        }),
    },
    {
      name: 'tmy: 2007-2025 hourly synthetic history + TMY selection (target < 150 ms)',
      // Two untimed runs first: the harness times only 5 iterations, and the first ones would
      // measure the JIT compiling these long kernels.
      setup: () => {
        for (let i = 0; i < 2; i++) selectTypicalYear(syntheticHistory(place, { firstYear: 2007, lastYear: 2025 }));
      },
      run: () => selectTypicalYear(syntheticHistory(place, { firstYear: 2007, lastYear: 2025 })),
    },
    {
      name: 'tmy: 2007-2025 hourly synthetic history + TMY selection, measured climate at Berlin (anchored on its real year)',
      setup: () => {
        measured = { latitude: 52.47, longitude: 13.4, ...placeInfo(52.47, 13.4) };
        for (let i = 0; i < 2; i++) selectTypicalYear(syntheticHistory(measured, { firstYear: 2007, lastYear: 2025 }));
      },
      run: () => selectTypicalYear(syntheticHistory(measured!, { firstYear: 2007, lastYear: 2025 })),
    },
    {
      name: 'tmy: typical-year series at PT60M from its selection (ghi, gti, air_temp; 12 x 5-min samples per hour)',
      setup: () => {
        selection = selectTypicalYear(syntheticHistory(place, { firstYear: 2007, lastYear: 2025 }));
      },
      run: () =>
        typicalYearWeather({ ...place, periodSeconds: 3600, parameters: ['ghi', 'gti', 'airTemp'] }, selection!, {
          source,
        }),
    },
    {
      name: 'tmy: typical-year series at PT60M, rooftop inputs (ghi, dni, dhi, air_temp, wind_speed_10m; lean state)',
      setup: () => {
        selection = selectTypicalYear(syntheticHistory(place, { firstYear: 2007, lastYear: 2025 }));
      },
      run: () =>
        typicalYearWeather(
          { ...place, periodSeconds: 3600, parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] },
          selection!,
          { source },
        ),
    },
    {
      name: 'tmy: 2007-2025 hourly synthetic history alone',
      run: () => syntheticHistory(place, { firstYear: 2007, lastYear: 2025 }),
    },
  ],
};
