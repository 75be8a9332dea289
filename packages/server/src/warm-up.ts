/**
 * Start-up warm-up: the TMY path run before the server listens, so that the engine has compiled
 * the synthetic weather, the typical-year selection, the PV chain and the JSON formatter before
 * the first request arrives, and the fast solar position's node values of the history years and
 * the typical year are computed (src/solar/fast.ts keeps them for every later place).
 *
 * One whole TMY rooftop answer is not enough: the functions a TMY request calls once (the 19-year
 * history, the selection, the typical year, the PV chain, the JSON rows) are long loops, which the
 * engine first optimises loop by loop while they run, and optimises whole, with the type feedback
 * of every line, only after a few calls. A fresh process's first new place then cost about twice
 * what later ones did (CPU profile and --trace-opt of issue 20). So the warm-up adds `drills`:
 * each a typical-year selection on a short history at another place (the same code as the 19-year
 * one at a fraction of its cost) and the rooftop answer of the warm-up place again (its selection
 * cached by then: the typical year, the PV chain and the JSON).
 */
import { syntheticTypicalYear } from 'solarkit';
import { seriesToJson } from './formats/json.js';
import { defaultAzimuth, defaultTilt, tmyWindow } from './products/common.js';
import type { ProductContext } from './products/context.js';
import { DEFAULT_TMY_REQUEST } from './products/request.js';
import { rooftop } from './products/rooftop.js';
import { UNMETERED_LOCATIONS } from './storage/test-sites.js';

/** Where the warm-up computes (Sydney: an unmetered demo place, so its cached selection is useful). */
export const WARM_UP_PLACE = { latitude: -33.856784, longitude: 151.215297 };

/** Drills of a compute thread (which answers the TMY requests): measured enough in issue 20. */
export const WARM_UP_DRILLS = 5;

/**
 * Years of a drill's history: five, more than one leap-year cycle, so that the history takes every
 * branch the 19-year one does (it repeats its first cycle's sun and clear sky).
 */
const DRILL_FIRST_YEAR = 2021;
const DRILL_LAST_YEAR = 2025;

/** Options of {@link warmUp}. */
export interface WarmUpOptions {
  /**
   * Drills after the whole answer (default WARM_UP_DRILLS); 0 where no TMY is computed later
   * (the main thread of a server with a compute pool: it only needs the code compiled once).
   */
  drills?: number;
}

/**
 * Runs the warm-up computation on `ctx`: one whole TMY rooftop answer at WARM_UP_PLACE (its
 * selection cached in `ctx`), then the drills (about 2-3 s of CPU in all in a fresh process; one
 * whole answer alone about 1-1.5 s). Never fails: a server whose data directory lacks what a TMY
 * needs still starts (and its requests say what is missing); the error is returned for the log.
 */
export async function warmUp(ctx: ProductContext, options: WarmUpOptions = {}): Promise<Error | undefined> {
  try {
    await warmUpAnswer(ctx, 5);
    const drills = options.drills ?? WARM_UP_DRILLS;
    for (let d = 0; d < drills; d++) {
      const { latitude, longitude } = UNMETERED_LOCATIONS[1 + (d % (UNMETERED_LOCATIONS.length - 1))]!;
      syntheticTypicalYear(
        { latitude, longitude, ...ctx.place(latitude, longitude) },
        {
          probability: DEFAULT_TMY_REQUEST.probability,
          ghiWeight: DEFAULT_TMY_REQUEST.ghiWeight,
          dniWeight: DEFAULT_TMY_REQUEST.dniWeight,
          offsetMinutes: 0,
          firstYear: DRILL_FIRST_YEAR,
          lastYear: DRILL_LAST_YEAR,
        },
      );
      await warmUpAnswer(ctx, 6 + d);
    }
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** The TMY rooftop answer at WARM_UP_PLACE as a request with the defaults asks it (hourly), rendered. */
async function warmUpAnswer(ctx: ProductContext, capacity: number): Promise<void> {
  const { latitude, longitude } = WARM_UP_PLACE;
  const table = await rooftop(
    {
      latitude,
      longitude,
      tilt: defaultTilt(latitude),
      azimuth: defaultAzimuth(latitude),
      arrayType: 'fixed',
      terrainShading: false,
      kind: 'tmy',
      capacity,
      lossFactor: undefined,
      installDate: undefined,
      outputParameters: ['pv_power_rooftop'],
      window: tmyWindow({ period: 'PT60M' }, 0),
      now: ctx.clock.now(),
      tmy: DEFAULT_TMY_REQUEST,
    },
    ctx,
  );
  seriesToJson(table, 'v3', '3');
}
