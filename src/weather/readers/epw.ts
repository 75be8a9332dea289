import { type CalendarReadOptions, dateRows, increasingInTime } from './calendar.js';
import { type WeatherSeries, numberOr, splitCsv, textLines } from './types.js';
import { checkString } from '../../util/validate.js';

/**
 * Reads an EnergyPlus weather file (EPW; U.S. DOE, "Auxiliary Programs", EnergyPlus
 * documentation, ch. 2.9): 8 header lines (LOCATION gives latitude, longitude, time zone,
 * elevation), then hourly rows dated in local standard time, hour ending (hour 1..24; the minute
 * field is ignored, as pvlib does).
 *
 * Times: a typical year (months of several years in calendar order: TMY, IWEC, ...) is re-dated
 * into one year, by default 2059 (`coerceYear`, as pvlib's `read_epw(coerce_year=...)`), with the
 * file's own period ends in `sourcePeriodEnd`; an actual-year file keeps its times. pvlib labels
 * each row by the start of its hour (hour - 1), so its index is `periodEnd` - 3600 s.
 * @param text the file's content
 * @param options coerceYear
 * @returns hourly series: ghi, dni, dhi (W/m2), airTemp, dewPoint (C), relativeHumidity (%),
 *   pressure (Pa), windSpeed (m/s), windDirection (deg), albedo, precipitableWater (cm),
 *   snowDepth (cm), precipitationRate (mm/h)
 */
export function readEpw(text: string, options: CalendarReadOptions = {}): WeatherSeries {
  checkString('readEpw', 'text', text, 'the text of a weather file');
  const lines = textLines(text);
  const loc = splitCsv(lines[0] ?? '');
  if (loc[0]?.trim().toUpperCase() !== 'LOCATION') throw new RangeError('EPW: the first line must be LOCATION');
  const latitude = Number(loc[6]);
  const longitude = Number(loc[7]);
  const timeZone = Number(loc[8]);
  const elevation = Number(loc[9]);
  let first = 0;
  while (first < lines.length && !/^\d{4},/.test(lines[first]!)) first++;
  const rows = lines.slice(first);
  const n = rows.length;
  const labels = {
    year: new Float64Array(n),
    month: new Float64Array(n),
    day: new Float64Array(n),
    hour: new Float64Array(n),
    minute: new Float64Array(n),
  };
  const column = (): Float64Array => new Float64Array(n);
  const cols = {
    airTemp: column(),
    dewPoint: column(),
    relativeHumidity: column(),
    pressure: column(),
    ghi: column(),
    dni: column(),
    dhi: column(),
    windDirection: column(),
    windSpeed: column(),
    precipitableWater: column(),
    snowDepth: column(),
    albedo: column(),
    precipitationRate: column(),
  };
  if (!Number.isFinite(timeZone))
    throw new RangeError(
      `EPW: the LOCATION line's time zone (ninth field, hours east of UTC) is not a number: '${loc[8] ?? ''}'`,
    );
  for (let i = 0; i < n; i++) {
    const f = splitCsv(rows[i]!);
    labels.year[i] = Number(f[0]);
    labels.month[i] = Number(f[1]);
    labels.day[i] = Number(f[2]);
    labels.hour[i] = Number(f[3]);
    cols.airTemp[i] = numberOr(f[6], [99.9]);
    cols.dewPoint[i] = numberOr(f[7], [99.9]);
    cols.relativeHumidity[i] = numberOr(f[8], [999]);
    cols.pressure[i] = numberOr(f[9], [999999]); // Pa
    cols.ghi[i] = numberOr(f[13], [9999]);
    cols.dni[i] = numberOr(f[14], [9999]);
    cols.dhi[i] = numberOr(f[15], [9999]);
    cols.windDirection[i] = numberOr(f[20], [999]);
    cols.windSpeed[i] = numberOr(f[21], [999]);
    cols.precipitableWater[i] = numberOr(f[28], [999]) / 10; // mm -> cm
    cols.snowDepth[i] = numberOr(f[30], [999]);
    cols.albedo[i] = numberOr(f[32], [999]);
    const depth = numberOr(f[33], [999]);
    const hours = numberOr(f[34], [99]);
    cols.precipitationRate[i] = hours > 0 ? depth / hours : depth;
  }
  const dated = dateRows(labels, { offsetHours: timeZone, periodSeconds: 3600, labelToEnd: 0 }, options, 'EPW');
  return increasingInTime(
    { format: 'epw', latitude, longitude, elevation, timeZone, periodSeconds: 3600, columns: cols, ...dated },
    'EPW',
  );
}
