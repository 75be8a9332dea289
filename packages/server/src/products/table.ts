/**
 * The result of a time-series product: value columns in the order the caller asked for them,
 * the period-end times (Unix seconds, UTC) and the period length. A server front-end turns it
 * into JSON, CSV or HTML; the products never format text.
 */

/** One value column of a response. */
export interface SeriesColumn {
  /** Output parameter name as it appears in the response (e.g. `ghi`, `pv_power_rooftop`). */
  name: string;
  /** Numbers (NaN = no value) or labels (weather_type). */
  values: Float64Array | readonly string[];
  /** Decimal places in response format version 3. */
  decimals: number;
  /** Decimal places in the legacy format when they differ (air_temp: whole degrees). */
  legacyDecimals?: number;
  /** Unit, for documentation and the HTML page. */
  unit?: string;
}

/** A time-series response before formatting. */
export interface SeriesTable {
  /** The top-level key of the JSON body: `estimated_actuals` or `forecasts`. */
  key: 'estimated_actuals' | 'forecasts';
  columns: SeriesColumn[];
  /** Period ends, Unix seconds (UTC), in response order (live: newest first). */
  periodEnd: Float64Array;
  /** Averaging period, seconds. */
  periodSeconds: number;
  /** Offset of the response's time zone, minutes east of UTC. */
  offsetMinutes: number;
  /** Place, for PVsyst headers and the HTML page. */
  latitude: number;
  longitude: number;
  elevation?: number;
}
