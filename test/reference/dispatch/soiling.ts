/**
 * Reference handlers for the cases of soiling.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 */
import { hsuSoiling, kimberSoiling } from '../../../src/soiling/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

/** Wash dates of a case ("YYYY-MM-DD" or full ISO datetimes, UTC when no offset) as Unix seconds. */
function washTimes(refCase: ReferenceCase): Float64Array | undefined {
  const dates = param<string[] | null>(refCase, 'manual_wash_dates', null);
  if (dates === null) return undefined;
  const times = dates.map((d) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(d) || /[zZ]|[+-]\d{2}:?\d{2}$/.test(d) ? d : `${d}Z`;
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) throw new Error(`bad wash date ${d}`);
    return ms / 1000;
  });
  return Float64Array.from(times.sort((a, b) => a - b));
}

/** pvlib.soiling.hsu: cases of a "soiling" file whose name starts with "hsu". */
const hsuHandler: CaseHandler = {
  variant: 'hsu',
  matches: (fileStem, caseName) => fileStem.startsWith('soiling') && caseName.startsWith('hsu'),
  run: (refCase) => {
    const r = hsuSoiling(
      {
        unixSeconds: inputColumn(refCase, 'unix_s'),
        rainfall: inputColumn(refCase, 'rainfall_mm'),
        pm2_5: inputColumn(refCase, 'pm2_5_g_m3'),
        pm10: inputColumn(refCase, 'pm10_g_m3'),
      },
      {
        cleaningThreshold: param(refCase, 'cleaning_threshold_mm', 1),
        surfaceTilt: param(refCase, 'surface_tilt', 0),
        depoVelocPm2_5: param(refCase, 'depo_veloc_pm2_5', 0.0009),
        depoVelocPm10: param(refCase, 'depo_veloc_pm10', 0.004),
        rainAccumPeriod: param(refCase, 'rain_accum_period_h', 1) * 3600,
        manualWashTimes: washTimes(refCase),
        periodSeconds: param<number | undefined>(refCase, 'period_s', undefined),
      },
    );
    return { soiling_ratio: r.soilingRatio, loss_fraction: r.lossFraction };
  },
  defaultTolerance: TOLERANCE.soiling,
};

/** pvlib.soiling.kimber: cases of a "soiling" file whose name starts with "kimber". */
const kimberHandler: CaseHandler = {
  variant: 'kimber',
  matches: (fileStem, caseName) => fileStem.startsWith('soiling') && caseName.startsWith('kimber'),
  run: (refCase) => {
    const loss = kimberSoiling(
      { unixSeconds: inputColumn(refCase, 'unix_s'), rainfall: inputColumn(refCase, 'rainfall_mm') },
      {
        cleaningThreshold: param(refCase, 'cleaning_threshold', 6),
        soilingLossRate: param(refCase, 'soiling_loss_rate', 0.0015),
        gracePeriod: param(refCase, 'grace_period', 14),
        maxSoiling: param(refCase, 'max_soiling', 0.3),
        initialSoiling: param(refCase, 'initial_soiling', 0),
        rainAccumPeriod: param(refCase, 'rain_accum_period', 24),
        manualWashTimes: washTimes(refCase),
        periodSeconds: param<number | undefined>(refCase, 'period_s', undefined),
      },
    );
    return { loss_fraction: loss };
  },
  defaultTolerance: TOLERANCE.soiling,
};

export const handlers: CaseHandler[] = [hsuHandler, kimberHandler];
