/**
 * Start-up warm-up: one whole TMY rooftop computation at a fixed place, run once before the server
 * listens, so that the engine has compiled the synthetic weather, the typical-year selection, the
 * PV chain and the JSON formatter before the first request arrives (in a fresh process the first
 * TMY request otherwise pays about a second of interpretation and compilation on top of its own
 * work), and the fast solar position's node values of the history years and the typical year are
 * computed (src/solar/fast.ts keeps them for every later place).
 */
import { seriesToJson } from './formats/json.js';
import { defaultAzimuth, defaultTilt, tmyWindow } from './products/common.js';
import type { ProductContext } from './products/context.js';
import { DEFAULT_TMY_REQUEST } from './products/request.js';
import { rooftop } from './products/rooftop.js';

/** Where the warm-up computes (Sydney: an unmetered demo place, so its cached selection is useful). */
export const WARM_UP_PLACE = { latitude: -33.856784, longitude: 151.215297 };

/**
 * Runs the warm-up computation on `ctx` (about 1-2 s of CPU in a fresh process; far less when
 * warm). Never fails: a server whose data directory lacks what a TMY needs still starts (and its
 * requests say what is missing); the error is returned for the log.
 */
export async function warmUp(ctx: ProductContext): Promise<Error | undefined> {
  try {
    await warmUpOnce(ctx);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

async function warmUpOnce(ctx: ProductContext): Promise<void> {
  const { latitude, longitude } = WARM_UP_PLACE;
  const table = await rooftop({
    latitude, longitude, tilt: defaultTilt(latitude), azimuth: defaultAzimuth(latitude), arrayType: 'fixed', terrainShading: false,
    kind: 'tmy', capacity: 5, lossFactor: undefined, installDate: undefined, outputParameters: ['pv_power_rooftop'],
    window: tmyWindow({}, 0), now: ctx.clock.now(), tmy: DEFAULT_TMY_REQUEST,
  }, ctx);
  seriesToJson(table, 'v3', '3');
}
