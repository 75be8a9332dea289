import type { WeatherSeries } from '../weather/readers/types.js';
import { nearestSeries, realDataSource, typicalYearFromSeries } from '../weather/real.js';
import type { PeriodWeather } from '../weather/columns.js';
import type { WeatherColumns, WeatherQuery, WeatherSource } from '../weather/source.js';
import { syntheticSource } from '../weather/synthetic.js';
import { syntheticHistory } from '../weather/history.js';
import { type TmyOptions, type TmySelection, selectTypicalYear } from './select.js';
import { TMY_YEAR, typicalYearWeather } from './series.js';
import { checkObject } from '../util/validate.js';

/** What a TMY request needs answered. */
export interface TypicalYearRequest {
  /** place, period, parameters and plane (elevation and continentality as for the source) */
  query: Omit<WeatherQuery, 'periodEnd'>;
  /** weights, probability, the zone of the calendar (offsetMinutes) */
  tmy?: TmyOptions;
  /** typical-year files loaded by the user (TMY3, EPW, PVGIS TMY); the nearest within radiusKm is used */
  typicalSeries?: readonly WeatherSeries[];
  /** default 5 km */
  radiusKm?: number;
  /** the model for everything a file does not give; default the synthetic source */
  source?: WeatherSource;
  /** first data year of the synthetic selection; default 2007 */
  firstYear?: number;
  /** last data year of the synthetic selection; default 2025 */
  lastYear?: number;
  /**
   * The synthetic selection of this place and `tmy` options when the caller already has it (a
   * server keeps one per place): used as it is, and the multi-year history is not computed again.
   * It must come from the same place, options and years (not checked: the history is what it saves).
   */
  selection?: TmySelection;
}

/** A typical year of a place (typicalYearFor): weather columns on the 2059 grid, for simulatePv. */
export interface TypicalYearResult extends PeriodWeather {
  /** 'file' when a stored typical year near the place gave the data it has */
  origin: 'file' | 'synthetic';
  /** the synthetic selection (months and years), when one was made */
  selection: TmySelection;
}

/**
 * The typical year of a place at the requested period, dated 2059: from a real typical-year file
 * within `radiusKm` when one is loaded and the probability is p50 (a file holds one typical year,
 * so P75-P95 always come from the multi-year synthetic history), for the parameters it has (GTI
 * transposed from its GHI, DNI and DHI); from the synthetic TMY (selectTypicalYear on 2007-2025,
 * typicalYearWeather) for everything else.
 */
export function typicalYearFor(req: TypicalYearRequest): TypicalYearResult {
  checkObject('typicalYearFor', 'req', req);
  checkObject('typicalYearFor', 'req.query', req.query);
  const q = req.query;
  const offsetMinutes = req.tmy?.offsetMinutes ?? 0;
  const source = req.source ?? syntheticSource();
  if (req.selection !== undefined) checkObject('typicalYearFor', 'req.selection', req.selection);
  const selection =
    req.selection ??
    selectTypicalYear(
      syntheticHistory(
        {
          latitude: q.latitude,
          longitude: q.longitude,
          elevation: q.elevation,
          continentality: q.continentality,
          seed: q.seed,
          normals: q.normals,
        },
        { firstYear: req.firstYear ?? 2007, lastYear: req.lastYear ?? 2025 },
      ),
      req.tmy,
    );
  const synthetic = typicalYearWeather(q, selection, { source, offsetMinutes });
  const probability = req.tmy?.probability ?? 'p50';
  const file =
    probability === 'p50' && req.typicalSeries
      ? nearestSeries(req.typicalSeries, q, { radiusKm: req.radiusKm ?? 5, typical: true })
      : undefined;
  if (file === undefined) return { ...synthetic, origin: 'synthetic', selection };

  // The file's year laid into 2059 at its own resolution, then read like real data on the grid.
  const own = typicalYearFromSeries(file, { offsetMinutes, year: TMY_YEAR });
  const redated: WeatherSeries = { ...file, typical: false, periodEnd: own.periodEnd, columns: own.columns };
  const real = realDataSource([redated], { radiusKm: Infinity }).actuals({ ...q, periodEnd: synthetic.periodEnd });
  const columns: WeatherColumns = { ...synthetic.columns };
  for (const name of q.parameters) {
    if (name === 'weatherType') continue;
    const r = real[name];
    const s = columns[name];
    if (r === undefined || s === undefined) continue;
    const merged = new Float64Array(r.length);
    for (let i = 0; i < r.length; i++) merged[i] = Number.isFinite(r[i]!) ? r[i]! : s[i]!;
    columns[name] = merged;
  }
  return { periodEnd: synthetic.periodEnd, periodSeconds: synthetic.periodSeconds, columns, origin: 'file', selection };
}
