// `solarkit/internal`: the core's plumbing that the solarkit-server package needs and a user does
// not (climate lookups, noise, loop helpers). No stability promise and not in the API report
// (etc/*.api.md): its names may change in any release. Users import from 'solarkit' and
// 'solarkit/node'. Re-exports only.

// weather: the synthetic climate's land-sea term (the server's place facts).
export { continentalityFromLand } from './weather/climate.js';
