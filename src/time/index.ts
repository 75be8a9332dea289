// Public exports of src/time (re-exports only). The API's spellings (periods, wash dates), the
// live and forecast grids, the clocks and the zone segments are the server's plumbing: they stay in
// their modules (and src/internal.ts).
export { TimeParseError } from './errors.js';
export { type ParseDateTimeOptions, parseDateTime } from './datetime.js';
export { type IsoDuration, addDuration, durationSeconds, parseDuration } from './duration.js';
export { type RepeatingInterval, expandRepeatingInterval, parseRepeatingInterval } from './repeating.js';
export {
  type Disambiguation,
  type LocalDateTime,
  type ResolvedTimeZone,
  type TimeZoneInput,
  type ZoneOptions,
  localTimeToUnix,
  parseTimeZone,
  resolveTimeZone,
  standardOffsetMinutes,
  zoneOffsetMinutes,
} from './zone.js';
export { type PeriodGridInput, periodGrid } from './grid.js';
export { type TimestampStyle, formatTimestamp, formatTimestamps } from './format.js';
export { type SortByTimeOptions, sortByTime } from './sort.js';
