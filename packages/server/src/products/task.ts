/**
 * A validated series request of any product (by place: radiation and weather, rooftop PV, soiling;
 * of a stored site: advanced PV and wind power, with the site's configuration versions) as plain
 * data, and the one function that computes it. Plain data (numbers, strings, typed arrays, the
 * configurations' JSON values) so that a request can be computed on another thread (the server's
 * worker pool) exactly as on the main one.
 */
import { type PvSiteRecord, type SiteSeriesRequest, advancedPvPower } from './advanced-pv.js';
import type { ProductContext } from './context.js';
import { type RadiationRequest, radiation } from './radiation.js';
import type { SeriesKind } from './request.js';
import { type RooftopRequest, rooftop } from './rooftop.js';
import { type SoilingRequest, soiling } from './soiling.js';
import type { SeriesTable } from './table.js';
import { type WindSiteRecord, windPower } from './wind.js';

/** One validated product request. */
export type ProductTask =
  | { product: 'radiation'; request: RadiationRequest }
  | { product: 'rooftop'; request: RooftopRequest }
  | { product: 'soiling'; request: SoilingRequest }
  | { product: SiteProduct; request: StoredSiteSeriesRequest };

/** The products of stored sites. */
export type SiteProduct = 'advanced-pv' | 'wind-power';

/**
 * A request for a stored site's power whose configuration versions are JSON text (as the models
 * read them: SiteStore.modelConfigHistory), parsed where the task runs (a compute thread for a
 * large series).
 */
export interface StoredSiteSeriesRequest extends Omit<SiteSeriesRequest<unknown>, 'history'> {
  /** The site's place, degrees (the newest configuration's). */
  latitude: number;
  longitude: number;
  /** The configuration versions, oldest first (at least one), as JSON text. */
  history: readonly { validFrom: number; json: string }[];
}

/** A stored site's request with its configurations parsed. */
function parsedSiteRequest<C>(request: StoredSiteSeriesRequest): SiteSeriesRequest<C> {
  const { latitude: _latitude, longitude: _longitude, history, ...rest } = request;
  return { ...rest, history: history.map((v) => ({ validFrom: v.validFrom, config: JSON.parse(v.json) as C })) };
}

/**
 * Computes a task's series table.
 *
 * @example await computeProduct({ product: 'radiation', request }, ctx) // { key: 'estimated_actuals', columns: [...], ... }
 */
export function computeProduct(task: ProductTask, ctx: ProductContext): Promise<SeriesTable> {
  switch (task.product) {
    case 'radiation':
      return radiation(task.request, ctx);
    case 'rooftop':
      return rooftop(task.request, ctx);
    case 'soiling':
      return soiling(task.request, ctx);
    case 'advanced-pv':
      return advancedPvPower(parsedSiteRequest<PvSiteRecord>(task.request), ctx);
    case 'wind-power':
      return windPower(parsedSiteRequest<WindSiteRecord>(task.request), ctx);
  }
}

/** The place of a task, degrees. */
export function taskPlace(task: ProductTask): { latitude: number; longitude: number } {
  return { latitude: task.request.latitude, longitude: task.request.longitude };
}

/** What decides a task's cost: its kind of series, rows, value columns, and whether terrain shades it. */
export interface TaskSize {
  kind: SeriesKind;
  /** periods of the response */
  rows: number;
  /** value columns of the response */
  columns: number;
  /** the request asks for terrain shading (a horizon to march, DEM tiles to read) */
  terrainShading: boolean;
  /** the power of a stored site (a whole PV or wind chain per row: far costlier per cell) */
  site?: boolean;
}

/** The size of a task (see TaskSize). */
export function taskSize(task: ProductTask): TaskSize {
  const rows = task.request.window.periodEnd.length;
  switch (task.product) {
    case 'radiation':
    case 'rooftop':
      return {
        kind: task.request.kind,
        rows,
        columns: task.request.outputParameters.length,
        terrainShading: task.request.terrainShading,
      };
    case 'soiling':
      return { kind: task.request.kind, rows, columns: 1, terrainShading: false };
    case 'advanced-pv':
    case 'wind-power':
      return {
        kind: task.request.kind,
        rows,
        columns: task.request.outputParameters.length,
        terrainShading: false,
        site: true,
      };
  }
}
