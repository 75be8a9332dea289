/**
 * Rooftop PV power product (spec 4.5, 4.9): validated request -> `pv_power_rooftop` in kW per
 * period (historic, live, forecast, TMY).
 */
import {
  ARRAY_TYPE,
  AZIMUTH,
  DURATION,
  END,
  LATITUDE,
  LONGITUDE,
  START,
  TERRAIN_SHADING,
  TILT,
  TIME_ZONE,
  fieldError,
  hoursDef,
  periodDef,
  type Window,
  apiAzimuthToPvlib,
} from './common.js';
import { ROOFTOP_FORECAST_OUTPUTS, ROOFTOP_OUTPUTS } from './outputs.js';
import type { FieldError, ParamDef, ParamValues } from './params.js';
import { DNI_WEIGHT, GHI_WEIGHT, PROBABILITY, planeOf, tmyOptionsOf, windowOf } from './radiation.js';
import type { PlaneRequest, SeriesKind, TmyRequestOptions } from './request.js';
import type { ProductContext } from './context.js';
import type { SeriesTable } from './table.js';
import { rooftopPvPower, type RooftopOptions } from 'solarkit';
import type { NumericWeatherColumnName, WeatherColumnName } from 'solarkit';

export const CAPACITY: ParamDef = {
  name: 'capacity',
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 1e6,
  required: true,
  missingError: { code: 'GreaterThan', message: "'capacity' must be greater than '0'." },
  description:
    'Capacity of the system, kW: the inverter (AC) or the modules (DC), whichever is greater. Required, > 0.',
  example: '5',
};
export const LOSS_FACTOR: ParamDef = {
  name: 'loss_factor',
  type: 'number',
  minimum: 0,
  maximum: 1,
  description:
    'Fraction of the capacity the system delivers at most after all losses, 0 to 1; default 0.90, or from install_date.',
};
export const INSTALL_DATE: ParamDef = {
  name: 'install_date',
  type: 'datetime',
  description:
    'Installation date yyyy-MM-dd; estimates loss_factor from ageing (0.90 less 0.5 % a year); ignored when loss_factor is given.',
};

const ARRAY_TYPE_ROOFTOP: ParamDef = {
  ...ARRAY_TYPE,
  description:
    'Mounting of the modules: fixed (at tilt and azimuth), or horizontal_single_axis (single-axis trackers ' +
    'with backtracking, the axis along azimuth: north-south by default; tilt is not used). Default fixed.',
};

/**
 * The trackers of `array_type=horizontal_single_axis`: the same as the radiation endpoints' gti
 * (src/weather/sky.ts): a level axis, rotation limit 60 degrees, backtracking at a ground coverage
 * ratio of 0.35.
 */
const ROOFTOP_TRACKER = { maxAngle: 60, backtrack: true, gcr: 0.35 } as const;

/** Query parameters of a rooftop endpoint (format is added by the server). */
export function rooftopParams(kind: SeriesKind): ParamDef[] {
  const outputs: ParamDef = {
    name: 'output_parameters',
    type: 'enum[]',
    default: ['pv_power_rooftop'],
    enum: Object.keys(kind === 'forecast' ? ROOFTOP_FORECAST_OUTPUTS : ROOFTOP_OUTPUTS),
    description:
      kind === 'forecast'
        ? 'Value fields: pv_power_rooftop (kW), pv_power_rooftop10, pv_power_rooftop90. Default pv_power_rooftop.'
        : 'Value fields: pv_power_rooftop (kW). Default pv_power_rooftop.',
  };
  // array_type before capacity: the service reports a bad array_type first when both are wrong
  // (the SDK's tests/test_tmy.py test_fail_rooftop_pv_power sends array_type=wrong, no capacity).
  const common = [
    LATITUDE,
    LONGITUDE,
    ARRAY_TYPE_ROOFTOP,
    CAPACITY,
    outputs,
    TILT,
    AZIMUTH,
    LOSS_FACTOR,
    INSTALL_DATE,
    TERRAIN_SHADING,
  ];
  switch (kind) {
    case 'historic':
      return [...common, START, END, DURATION, periodDef('PT30M'), TIME_ZONE];
    case 'live':
      return [...common, hoursDef(168, 24), periodDef('PT30M')];
    case 'forecast':
      return [...common, hoursDef(336, 48), periodDef('PT30M')];
    case 'tmy':
      return [...common, periodDef('PT60M'), TIME_ZONE, PROBABILITY, GHI_WEIGHT, DNI_WEIGHT];
  }
}

export interface RooftopRequest extends PlaneRequest {
  kind: SeriesKind;
  /** kW */
  capacity: number;
  /** Highest output as a fraction of capacity; undefined: from installDate, else 0.90 (src/power). */
  lossFactor: number | undefined;
  /** Installation date, Unix s, when given. */
  installDate: number | undefined;
  outputParameters: string[];
  window: Window;
  now: number;
  tmy?: TmyRequestOptions;
}

/** Cross-field validation of rooftop values already checked field by field. */
export function validateRooftop(
  kind: SeriesKind,
  values: ParamValues,
  now: number,
): { request: RooftopRequest; errors?: undefined } | { errors: FieldError[]; request?: undefined } {
  const errors: FieldError[] = [];
  const lossFactor = values.loss_factor as number | undefined;
  let installDate: number | undefined;
  if (values.install_date !== undefined) {
    const text = String(values.install_date).trim();
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
    const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 : NaN;
    if (!m || !Number.isFinite(t) || new Date(t * 1000).getUTCDate() !== Number(m[3])) {
      errors.push(
        fieldError(
          'InvalidDate',
          'install_date',
          `'install_date' must be a date yyyy-MM-dd. You entered '${text.slice(0, 32)}'.`,
        ),
      );
    } else {
      installDate = t;
    }
  }
  const window = windowOf(kind, values, now, errors);
  const tmy = kind === 'tmy' ? tmyOptionsOf(values, errors) : undefined;
  if (errors.length > 0 || !window) return { errors };
  return {
    request: {
      ...planeOf(values),
      kind,
      window,
      now,
      lossFactor,
      installDate,
      capacity: values.capacity as number,
      outputParameters: (values.output_parameters as string[] | undefined) ?? ['pv_power_rooftop'],
      ...(tmy ? { tmy } : {}),
    },
  };
}

/** The weather columns the rooftop chain reads, and their forecast P10/P90 counterparts. */
const CHAIN_INPUTS: WeatherColumnName[] = ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'];
const BOUNDS_INPUTS: WeatherColumnName[] = ['ghi10', 'dni10', 'dhi10', 'ghi90', 'dni90', 'dhi90'];

/**
 * Computes a rooftop response: weather (actuals, forecast, or the TMY) for the window, then the
 * rooftop chain of src/power (`rooftopPvPower`: Perez POA on the fixed or tracked plane, physical
 * IAM, SAPM cell temperature, PVWatts DC and inverter, loss factor). Forecast P10/P90 power runs the same chain on the
 * P10/P90 irradiance.
 */
export async function rooftop(request: RooftopRequest, ctx: ProductContext): Promise<SeriesTable> {
  const { window } = request;
  const wantBounds = request.outputParameters.some((p) => p !== 'pv_power_rooftop');
  const weather = await ctx.weatherColumns(request, wantBounds ? [...CHAIN_INPUTS, ...BOUNDS_INPUTS] : CHAIN_INPUTS);
  const facts = ctx.place(request.latitude, request.longitude);
  const options: RooftopOptions = {
    latitude: request.latitude,
    longitude: request.longitude,
    tilt: request.tilt,
    azimuth: apiAzimuthToPvlib(request.azimuth),
    capacity: request.capacity,
    periodSeconds: window.periodSeconds,
    ...(facts.elevation !== undefined ? { elevation: facts.elevation } : {}),
    ...(request.lossFactor !== undefined ? { lossFactor: request.lossFactor } : {}),
    ...(request.lossFactor === undefined && request.installDate !== undefined
      ? { installDate: request.installDate }
      : {}),
    // The axis lies along the facing direction of `azimuth` (pvlib's degrees east of north, mod 180).
    ...(request.arrayType === 'horizontal_single_axis'
      ? { tracker: { axisAzimuth: apiAzimuthToPvlib(request.azimuth) % 180, ...ROOFTOP_TRACKER } }
      : {}),
  };
  const col = (name: NumericWeatherColumnName): Float64Array => weather[name]!;
  const power = (suffix: '' | '10' | '90'): Float64Array =>
    rooftopPvPower(
      {
        unixSeconds: window.periodEnd,
        ghi: col(`ghi${suffix}`),
        dni: col(`dni${suffix}`),
        dhi: col(`dhi${suffix}`),
        airTemp: col('airTemp'),
        windSpeed: col('windSpeed'),
      },
      options,
    ).power;
  const data: Record<string, Float64Array> = {};
  for (const p of request.outputParameters) {
    data[p] = power(p === 'pv_power_rooftop10' ? '10' : p === 'pv_power_rooftop90' ? '90' : '');
  }
  const info = request.kind === 'forecast' ? ROOFTOP_FORECAST_OUTPUTS : ROOFTOP_OUTPUTS;
  return {
    key: request.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
    columns: request.outputParameters.map((name) => ({
      name,
      values: data[name]!,
      decimals: info[name]!.decimals,
      unit: info[name]!.unit,
    })),
    periodEnd: window.periodEnd,
    periodSeconds: window.periodSeconds,
    offsetMinutes: window.offsetMinutes,
    latitude: request.latitude,
    longitude: request.longitude,
  };
}
