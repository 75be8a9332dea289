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

/** A numeric column the PVsyst body needs; throws when the product did not compute it. */
function needed(table: SeriesTable, name: string): Float64Array {
  const v = table.columns.find((c) => c.name === name)?.values;
  if (!(v instanceof Float64Array)) throw new Error(`pvsyst format needs the '${name}' column`);
  return v;
}

/** The header block and the column line, each line ended by CRLF. */
export function pvsystHead(table: SeriesTable, siteName = 'solarkit'): string {
  for (const name of PVSYST_PARAMETERS) needed(table, name);
  return [
    `#Site,${siteName}`,
    `#Latitude,${table.latitude}`,
    `#Longitude,${table.longitude}`,
    `#Altitude,${formatNumber(table.elevation ?? 0, 0)}`,
    `#Time Zone,${table.offsetMinutes / 60}`,
    `#Time step,${table.periodSeconds / 60} min; period start, local standard time`,
    '#Units,W/m2,W/m2,W/m2,deg C,m/s',
    'Year,Month,Day,Hour,Minute,GHI,DHI,DNI,Tamb,WindVel',
  ]
    .map((line) => line + '\r\n')
    .join('');
}

/** The rows of a table (or of a slice of one), each ended by CRLF. */
export function pvsystRows(table: SeriesTable): string {
  const [ghi, dhi, dni, tamb, wind] = PVSYST_PARAMETERS.map((name) => needed(table, name)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const n = table.periodEnd.length;
  const lines: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const d = new Date((table.periodEnd[i]! - table.periodSeconds + table.offsetMinutes * 60) * 1000);
    lines[i] =
      [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        formatNumber(ghi[i]!, 0),
        formatNumber(dhi[i]!, 0),
        formatNumber(dni[i]!, 0),
        formatNumber(tamb[i]!, 1),
        formatNumber(wind[i]!, 1),
      ].join(',') + '\r\n';
  }
  return lines.join('');
}

/** The whole PVsyst body of a table. */
export function seriesToPvsyst(table: SeriesTable, siteName = 'solarkit'): string {
  return pvsystHead(table, siteName) + pvsystRows(table);
}
