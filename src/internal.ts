// `solarkit/internal`: the core's plumbing that the solarkit-server package needs and a user does
// not (climate lookups, noise, loop helpers). No stability promise and not in the API report
// (etc/*.api.md): its names may change in any release. Users import from 'solarkit' and
// 'solarkit/node'. Re-exports only.

// util, time, solar, atmosphere, irradiance: the API's spellings of periods and wash dates, the
// live and forecast grids, and the clocks the server reads "now" from.
export { type Clock, clockFrom, fixedClock, systemClock } from './time/clock.js';
export { formatPeriod, parsePeriod } from './time/duration.js';
export { parseWashDates } from './time/repeating.js';
export { type RequestGridInput, forecastGrid, liveGrid } from './time/grid.js';

// weather: the synthetic climate's land-sea term (the server's place facts).
export { continentalityFromLand } from './weather/climate.js';
