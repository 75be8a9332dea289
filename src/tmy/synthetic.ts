import type { WeatherPlace } from '../weather/climate.js';
import { type HistoryYears, syntheticHistory } from '../weather/history.js';
import { type TmyOptions, type TmySelection, selectTypicalYear } from './select.js';
import { checkWeatherPlace, checkYears } from '../weather/source.js';
import { checkObject } from '../util/validate.js';

/** Options of {@link syntheticTypicalYear}: the selection's and the data years (default 2007-2025). */
export interface SyntheticTypicalYearOptions extends TmyOptions, HistoryYears {}

/**
 * TMY selection on the synthetic weather of a place: the hourly history of 2007-2025 (or
 * `options.firstYear`..`options.lastYear`, syntheticHistory) through selectTypicalYear. Pass the
 * result to typicalYearWeather with the synthetic source to get the year's series at any period.
 * @example
 * const selection = syntheticTypicalYear({ latitude: 52.37, longitude: 4.9 }, { firstYear: 2015, lastYear: 2024 });
 * selection.months.length; // => 12
 */
export function syntheticTypicalYear(place: WeatherPlace, options: SyntheticTypicalYearOptions = {}): TmySelection {
  checkWeatherPlace('syntheticTypicalYear', place);
  checkObject('syntheticTypicalYear', 'options', options);
  const { firstYear = 2007, lastYear = 2025, ...tmy } = options;
  checkYears('syntheticTypicalYear', firstYear, lastYear);
  const history = syntheticHistory(place, { firstYear, lastYear });
  return selectTypicalYear(history, tmy);
}
