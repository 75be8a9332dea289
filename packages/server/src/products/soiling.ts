/**
 * HSU and Kimber soiling products (spec 4.3, 4.4): validated request -> the loss fraction per
 * period (`hsu_loss_fraction`, `kimber_loss_fraction`).
 */
import {
  LATITUDE,
  LONGITUDE,
  MANUAL_WASH_DATES,
  TILT,
  TIME_ZONE,
  DURATION,
  END,
  START,
  defaultTilt,
  fieldError,
  hoursDef,
  periodDef,
  washDates,
  type Window,
} from './common.js';
import type { FieldError, ParamDef, ParamValues } from './params.js';
import { windowOf } from './radiation.js';
import { issueTime, type SeriesKind } from './request.js';
import type { ProductContext } from './context.js';
import type { SeriesTable } from './table.js';
import { HSU_RAMP_UP_SECONDS, hsuRampUpMass, hsuSoiling, kimberSoiling } from 'solarkit';
import type { WeatherColumnName } from 'solarkit';

export type SoilingModel = 'hsu' | 'kimber';
export type SoilingKind = Exclude<SeriesKind, 'tmy'>;

/** HSU: the largest initial soiling a request may give (spec 4.3). */
export const HSU_MAX_INITIAL_SOILING = 0.3437;

function windowParams(kind: SoilingKind): ParamDef[] {
  switch (kind) {
    case 'historic':
      return [START, END, DURATION];
    case 'live':
      return [hoursDef(336, 24)];
    case 'forecast':
      return [hoursDef(336, 24)];
  }
}

/** Query parameters of a soiling endpoint (format is added by the server). */
export function soilingParams(model: SoilingModel, kind: SoilingKind): ParamDef[] {
  const base = [LATITUDE, LONGITUDE, ...windowParams(kind), periodDef('PT30M'), TIME_ZONE, MANUAL_WASH_DATES];
  if (model === 'hsu') {
    return [
      ...base,
      TILT,
      {
        name: 'cleaning_threshold',
        type: 'number',
        minimum: 0,
        maximum: 100,
        default: 1.0,
        description: 'Rainfall in mm over a day that cleans the modules; 0 to 100; default 1.0.',
      },
      {
        name: 'depo_veloc_pm10',
        type: 'number',
        minimum: 0,
        maximum: 1,
        default: 0.004,
        description: 'Deposition velocity of PM10, m/s; 0 to 1; default 0.004.',
      },
      {
        name: 'depo_veloc_pm2.5',
        type: 'number',
        minimum: 0,
        maximum: 1,
        default: 0.0009,
        aliases: ['depo_veloc_pm2_5'],
        description: 'Deposition velocity of PM2.5, m/s; 0 to 1; default 0.0009 (also spelled depo_veloc_pm2_5).',
      },
      {
        name: 'initial_soiling',
        type: 'number',
        minimum: 0,
        exclusiveMaximum: HSU_MAX_INITIAL_SOILING,
        description:
          'Loss fraction at the start of the window, >= 0 and < 0.3437. When absent, a 30-day ramp-up run before the window finds it.',
      },
      {
        name: 'pm10',
        type: 'number[]',
        minimum: 0,
        maximum: 1,
        description:
          "PM10 concentrations, g/m3: one value for the whole window or one per period. Default: the service's own series.",
      },
      {
        name: 'pm2.5',
        type: 'number[]',
        minimum: 0,
        maximum: 1,
        aliases: ['pm2_5'],
        description:
          "PM2.5 concentrations, g/m3 (also spelled pm2_5): one value or one per period. Default: the service's own series.",
      },
    ];
  }
  return [
    ...base,
    {
      name: 'cleaning_threshold',
      type: 'number',
      minimum: 0,
      maximum: 100,
      default: 6.0,
      description: 'Rainfall in mm over a day that cleans the modules; 0 to 100; default 6.0.',
    },
    {
      name: 'grace_period',
      type: 'integer',
      minimum: 0,
      maximum: 100,
      default: 14,
      description: 'Days after a rainfall event when the ground is taken as damp (no soiling); 0 to 100; default 14.',
    },
    {
      name: 'initial_soiling',
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 0,
      description: 'Loss fraction at the start of the window, 0 to 1; default 0.',
    },
    {
      name: 'max_soiling',
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 0.3,
      description: 'Ceiling of the soiling loss, fraction 0 to 1; default 0.3.',
    },
    {
      name: 'soiling_loss_rate',
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 0.0015,
      description: 'Loss fraction added per day without cleaning; 0 to 1; default 0.0015.',
    },
  ];
}

export interface SoilingRequest {
  model: SoilingModel;
  kind: SoilingKind;
  latitude: number;
  longitude: number;
  window: Window;
  now: number;
  /** Unix s of manual washes inside the window. */
  washes: Float64Array;
  /** mm of rain over a day that cleans. */
  cleaningThreshold: number;
  // HSU
  tilt: number;
  depoVelocPm10: number;
  depoVelocPm25: number;
  /** undefined: ramp-up. */
  initialSoiling: number | undefined;
  /** g/m3 per period (or one value), or undefined for the service's own series. */
  pm10: Float64Array | undefined;
  pm25: Float64Array | undefined;
  // Kimber
  gracePeriodDays: number;
  maxSoiling: number;
  soilingLossRate: number;
}

/** Cross-field validation of soiling values already checked field by field. */
export function validateSoiling(
  model: SoilingModel,
  kind: SoilingKind,
  values: ParamValues,
  now: number,
): { request: SoilingRequest; errors?: undefined } | { errors: FieldError[]; request?: undefined } {
  const errors: FieldError[] = [];
  const window = windowOf(kind, values, now, errors, 'exactly-one');
  if (!window) return { errors };
  const n = window.periodEnd.length;
  let first = Infinity,
    last = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = window.periodEnd[i]!;
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const washes = washDates(values, window.offsetMinutes, first - window.periodSeconds, last, errors);
  const series = (name: 'pm10' | 'pm2.5'): Float64Array | undefined => {
    const v = values[name] as number[] | undefined;
    if (v === undefined) return undefined;
    if (kind === 'forecast') return undefined; // restricted on the forecast: the service's own series
    if (v.length !== 1 && v.length !== n) {
      errors.push(
        fieldError('Length', name, `'${name}' must hold one value or one per period (${n}). You gave ${v.length}.`, {
          Expected: n,
          Actual: v.length,
        }),
      );
      return undefined;
    }
    // The model refuses more than 0.01 g/m3 (10,000 ug/m3: no air holds that much): such values
    // are micrograms per m3, the unit the weather outputs use. Say so here, as a 400.
    const high = v.find((x) => x > HSU_MAX_PM_GRAMS);
    if (high !== undefined) {
      errors.push(
        fieldError(
          'InclusiveBetween',
          name,
          `'${name}' is in g/m3 and must be at most ${HSU_MAX_PM_GRAMS}; ${high} looks like ug/m3 (divide by 1000000).`,
          { From: 0, To: HSU_MAX_PM_GRAMS, PropertyValue: high },
        ),
      );
      return undefined;
    }
    return Float64Array.from(v);
  };
  const pm10 = series('pm10');
  const pm25 = series('pm2.5');
  if (errors.length > 0) return { errors };
  const latitude = values.latitude as number;
  return {
    request: {
      model,
      kind,
      latitude,
      longitude: values.longitude as number,
      window,
      now,
      washes,
      cleaningThreshold: values.cleaning_threshold as number,
      tilt: (values.tilt as number | undefined) ?? defaultTilt(latitude),
      depoVelocPm10: (values.depo_veloc_pm10 as number | undefined) ?? 0.004,
      depoVelocPm25: (values['depo_veloc_pm2.5'] as number | undefined) ?? 0.0009,
      initialSoiling: values.initial_soiling as number | undefined,
      pm10,
      pm25,
      gracePeriodDays: (values.grace_period as number | undefined) ?? 14,
      maxSoiling: (values.max_soiling as number | undefined) ?? 0.3,
      soilingLossRate: (values.soiling_loss_rate as number | undefined) ?? 0.0015,
    },
  };
}

/** Largest PM concentration the HSU model takes, g/m3 (hsuSoiling refuses more: ug/m3 by mistake). */
const HSU_MAX_PM_GRAMS = 0.01;

/** Rain over this window decides a cleaning: the spec's thresholds are daily rainfall. */
const RAIN_ACCUM_SECONDS = 86_400;
/** Step of the HSU ramp-up run before the window (the mass is an integral: hourly is exact enough). */
const RAMP_UP_STEP = 3600;

/** Indices that sort the period ends ascending (live grids are newest first). */
function ascendingOrder(t: Float64Array): Int32Array {
  const n = t.length;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  if (n > 1 && t[0]! > t[n - 1]!) idx.reverse();
  return idx;
}

function take(x: Float64Array, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = x[order[i]!]!;
  return out;
}

/** Rain per period, mm, from a precipitation rate in mm/h. */
function rainPerPeriod(rate: Float64Array, periodSeconds: number): Float64Array {
  const out = new Float64Array(rate.length);
  const h = periodSeconds / 3600;
  for (let i = 0; i < rate.length; i++) out[i] = rate[i]! * h;
  return out;
}

/** micrograms per m3 (weather outputs) to g/m3 (the HSU model and the request). */
function microgramsToGrams(x: Float64Array): Float64Array {
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i]! * 1e-6;
  return out;
}

/**
 * Computes a soiling response: rain (and for HSU particulate matter) from the weather source
 * over the window (a forecast for the forecast endpoints), then the HSU model (Coello & Boyle
 * 2019) or the Kimber model (Kimber et al. 2006) from src/soiling, in time order.
 */
export async function soiling(request: SoilingRequest, ctx: ProductContext): Promise<SeriesTable> {
  const { window } = request;
  const n = window.periodEnd.length;
  const order = ascendingOrder(window.periodEnd);
  const times = take(window.periodEnd, order);
  const facts = ctx.place(request.latitude, request.longitude);
  const params: WeatherColumnName[] =
    request.model === 'hsu' ? ['precipitationRate', 'pm10', 'pm25'] : ['precipitationRate'];
  const query = {
    ...facts,
    latitude: request.latitude,
    longitude: request.longitude,
    periodEnd: times,
    periodSeconds: window.periodSeconds,
    parameters: params,
  };
  const w =
    request.kind === 'forecast'
      ? await ctx.source.forecast({ ...query, issuedAt: issueTime(request.now) })
      : await ctx.source.actuals(query);
  const rain = rainPerPeriod(w.precipitationRate!, window.periodSeconds);
  let loss: Float64Array;
  if (request.model === 'hsu') {
    const pm10 = request.pm10
      ? request.pm10.length === 1
        ? request.pm10[0]!
        : take(request.pm10, order)
      : microgramsToGrams(w.pm10!);
    const pm25 = request.pm25
      ? request.pm25.length === 1
        ? request.pm25[0]!
        : take(request.pm25, order)
      : microgramsToGrams(w.pm25!);
    const options = {
      cleaningThreshold: request.cleaningThreshold,
      surfaceTilt: request.tilt,
      depoVelocPm10: request.depoVelocPm10,
      depoVelocPm2_5: request.depoVelocPm25,
      rainAccumPeriod: RAIN_ACCUM_SECONDS,
      periodSeconds: window.periodSeconds,
    };
    let initialMass: number | undefined;
    if (request.initialSoiling === undefined && n > 0) {
      // Ramp-up: the model over the 30 days before the window, from a clean surface, on actuals.
      const first = times[0]! - window.periodSeconds;
      const rampTimes = new Float64Array(HSU_RAMP_UP_SECONDS / RAMP_UP_STEP);
      for (let i = 0; i < rampTimes.length; i++) rampTimes[i] = first - HSU_RAMP_UP_SECONDS + (i + 1) * RAMP_UP_STEP;
      const r = await ctx.source.actuals({ ...query, periodEnd: rampTimes, periodSeconds: RAMP_UP_STEP });
      initialMass = hsuRampUpMass(
        {
          unixSeconds: rampTimes,
          rainfall: rainPerPeriod(r.precipitationRate!, RAMP_UP_STEP),
          pm10: microgramsToGrams(r.pm10!),
          pm2_5: microgramsToGrams(r.pm25!),
        },
        { ...options, periodSeconds: RAMP_UP_STEP },
      );
    }
    loss = hsuSoiling(
      { unixSeconds: times, rainfall: rain, pm10, pm2_5: pm25 },
      {
        ...options,
        ...(initialMass !== undefined ? { initialMass } : { initialSoiling: request.initialSoiling ?? 0 }),
        manualWashTimes: request.washes,
      },
    ).lossFraction;
  } else {
    loss = kimberSoiling(
      { unixSeconds: times, rainfall: rain },
      {
        cleaningThreshold: request.cleaningThreshold,
        soilingLossRate: request.soilingLossRate,
        gracePeriod: request.gracePeriodDays,
        maxSoiling: request.maxSoiling,
        initialSoiling: request.initialSoiling ?? 0,
        rainAccumPeriod: RAIN_ACCUM_SECONDS / 3600,
        manualWashTimes: request.washes,
        periodSeconds: window.periodSeconds,
      },
    );
  }
  // Back to the response order.
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[order[i]!] = loss[i]!;
  return {
    key: request.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
    columns: [{ name: `${request.model}_loss_fraction`, values, decimals: 6, unit: 'fraction' }],
    periodEnd: window.periodEnd,
    periodSeconds: window.periodSeconds,
    offsetMinutes: window.offsetMinutes,
    latitude: request.latitude,
    longitude: request.longitude,
  };
}
