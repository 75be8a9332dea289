/**
 * What the series requests of every product share: the kind of series, the place and plane, the
 * TMY choice, and the forecast issue time. A leaf module (it imports nothing of the products), so
 * that the product context and the products it runs can both use these without importing each
 * other.
 */
import type { TmyProbability } from 'solarkit';

/** The four kinds of time series of the API (spec 4.2-4.5). */
export type SeriesKind = 'historic' | 'live' | 'forecast' | 'tmy';

/** Place, plane and mounting shared by radiation and rooftop requests. */
export interface PlaneRequest {
  latitude: number;
  longitude: number;
  /** degrees from horizontal */
  tilt: number;
  /** API convention: degrees from north, east negative, west positive */
  azimuth: number;
  arrayType: 'fixed' | 'horizontal_single_axis';
  terrainShading: boolean;
}

/**
 * The TMY choice of a request (`probability`, `ghi_weight`, `dni_weight`), with its defaults
 * applied. The core's `TmyOptions` (src/tmy/select.ts) is the wider set the selection takes.
 */
export interface TmyRequestOptions {
  probability: TmyProbability;
  /** Share of the irradiance weight given to GHI, 0..1; ghiWeight + dniWeight = 1. */
  ghiWeight: number;
  /** Share of the irradiance weight given to DNI, 0..1. */
  dniWeight: number;
}

/** The TMY choice of a request that gives none: P50 with equal GHI and DNI weights. */
export const DEFAULT_TMY_REQUEST: Readonly<TmyRequestOptions> = { probability: 'p50', ghiWeight: 0.5, dniWeight: 0.5 };

/**
 * Forecasts are issued every 5 minutes: the issue time (Unix seconds) of a forecast requested at
 * `now` (Unix seconds).
 *
 * @example issueTime(Date.UTC(2026, 10, 20, 12, 7) / 1000) // 12:05 UTC that day
 */
export function issueTime(now: number): number {
  return Math.floor(now / 300) * 300;
}
