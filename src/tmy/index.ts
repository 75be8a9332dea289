// Public exports of src/tmy (re-exports only): typical-year selection and the typical year's
// weather. Internals (SMOOTHED_COLUMNS, tmyDaysInMonth) are reached through their modules.
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
export { type TypicalYearOptions, type TypicalYearSeries, TMY_YEAR, typicalYearWeather } from './series.js';
export { type SyntheticTypicalYearOptions, syntheticTypicalYear } from './synthetic.js';
export { type TypicalYearRequest, type TypicalYearResult, typicalYearFor } from './typical.js';
