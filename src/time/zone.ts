import { TimeParseError } from './errors.js';

const NUMERIC_HOURS = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The API's `time_zone` as an offset in minutes east of UTC (api-spec 4.1, contract section 2):
 * `utc`; `longitudinal`, the offset longitude / 15 hours rounded to the nearest quarter hour;
 * or a number of hours from -13 to 13 in steps of 0.25.
 * @param text the parameter as sent
 * @param longitude degrees east, for `longitudinal`
 * @throws TimeParseError naming the accepted forms
 */
export function parseTimeZone(text: string, longitude: number): number {
  const t = text.trim().toLowerCase();
  if (t === 'utc') return 0;
  if (t === 'longitudinal') {
    const quarters = Math.round((longitude / 15) * 4);
    return quarters * 15 + 0; // + 0 turns -0 into 0
  }
  if (NUMERIC_HOURS.test(t)) {
    const hours = Number(t);
    if (hours < -13 || hours > 13) {
      throw new TimeParseError(`time_zone ${text} is outside -13 to 13 hours`);
    }
    if (!Number.isInteger(hours * 4)) {
      throw new TimeParseError(`time_zone ${text} is not a whole number of quarter hours`);
    }
    return hours * 60 + 0;
  }
  throw new TimeParseError(`'${text}' is not a time_zone: use utc, longitudinal or hours from -13 to 13 in steps of 0.25`);
}
