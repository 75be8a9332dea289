/**
 * PVsyst "meteo data in a text file" CSV (contract.md section 3): a header block naming the
 * site, then `Year,Month,Day,Hour,Minute,GHI,DHI,DNI,Tamb,WindVel` in local standard time, one
 * row per period labelled by the START of the period (PVsyst's convention for hourly and
 * sub-hourly text imports).
 */
import type { SeriesTable } from '../products/table.js';
import { formatNumber } from './values.js';

/** Columns the PVsyst body needs from the product, in the order the body lists them. */
export const PVSYST_PARAMETERS = ['ghi', 'dhi', 'dni', 'air_temp', 'wind_speed_10m'] as const;

export function seriesToPvsyst(table: SeriesTable, siteName = 'solarkit'): string {
  const byName = new Map(table.columns.map((c) => [c.name, c.values]));
  const col = (name: string): Float64Array => {
    const v = byName.get(name);
    if (!(v instanceof Float64Array)) throw new Error(`pvsyst format needs the '${name}' column`);
    return v;
  };
  const ghi = col('ghi'), dhi = col('dhi'), dni = col('dni'), tamb = col('air_temp'), wind = col('wind_speed_10m');
  const tzHours = table.offsetMinutes / 60;
  const lines = [
    `#Site,${siteName}`,
    `#Latitude,${table.latitude}`,
    `#Longitude,${table.longitude}`,
    `#Altitude,${formatNumber(table.elevation ?? 0, 0)}`,
    `#Time Zone,${tzHours}`,
    `#Time step,${table.periodSeconds / 60} min; period start, local standard time`,
    '#Units,W/m2,W/m2,W/m2,deg C,m/s',
    'Year,Month,Day,Hour,Minute,GHI,DHI,DNI,Tamb,WindVel',
  ];
  const n = table.periodEnd.length;
  for (let i = 0; i < n; i++) {
    const d = new Date((table.periodEnd[i]! - table.periodSeconds + table.offsetMinutes * 60) * 1000);
    lines.push([
      d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(),
      formatNumber(ghi[i]!, 0), formatNumber(dhi[i]!, 0), formatNumber(dni[i]!, 0),
      formatNumber(tamb[i]!, 1), formatNumber(wind[i]!, 1),
    ].join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
