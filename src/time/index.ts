// Public exports of src/time (re-exports only).
export { TimeParseError } from './errors.js';
export { parseDateTime } from './datetime.js';
export { type IsoDuration, addDuration, durationSeconds, formatPeriod, parseDuration, parsePeriod } from './duration.js';
export { type RepeatingInterval, expandRepeatingInterval, parseRepeatingInterval, parseWashDates } from './repeating.js';
export {
  type Disambiguation,
  type LocalDateTime,
  type ResolvedTimeZone,
  type TimeZoneInput,
  localTimeToUnix,
  parseTimeZone,
  resolveTimeZone,
  standardOffsetMinutes,
  zoneOffsetMinutes,
  zoneOffsetSegments,
} from './zone.js';
export { forecastGrid, liveGrid, periodGrid } from './grid.js';
export { type TimestampStyle, formatTimestamp, formatTimestamps } from './format.js';
export { type Clock, clockFrom, fixedClock, systemClock } from './clock.js';
