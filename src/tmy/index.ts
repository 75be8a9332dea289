// Public exports of src/tmy (re-exports only).
export {
  type TmyInput,
  type TmyOptions,
  type TmyMonth,
  type TmySelection,
  type TmyProbability,
  NSRDB_TMY_WEIGHTS,
  finkelsteinSchafer,
  selectTypicalYear,
} from './select.js';
export { type TypicalYearOptions, type TypicalYearSeries, TMY_YEAR, SMOOTHED_COLUMNS, typicalYearWeather, tmyDaysInMonth } from './series.js';
export { syntheticTypicalYear } from './synthetic.js';
export { type TypicalYearRequest, type TypicalYearResult, typicalYearFor } from './typical.js';
