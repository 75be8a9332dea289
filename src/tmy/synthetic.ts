import type { WeatherPlace } from '../weather/climate.js';
import { syntheticHistory } from '../weather/history.js';
import { type TmyOptions, type TmySelection, selectTypicalYear } from './select.js';
import { checkWeatherPlace, checkYears } from '../weather/source.js';

/**
 * TMY selection on the synthetic weather of a place: the hourly history of 2007-2025
 * (syntheticHistory) through selectTypicalYear. Pass the result to typicalYearWeather with the
 * synthetic source to get the year's series at any period.
 */
export function syntheticTypicalYear(place: WeatherPlace, options: TmyOptions = {}, firstYear = 2007, lastYear = 2025): TmySelection {
  checkWeatherPlace('syntheticTypicalYear', place);
  checkYears('syntheticTypicalYear', firstYear, lastYear);
  const history = syntheticHistory(place, firstYear, lastYear);
  return selectTypicalYear(history, options);
}
