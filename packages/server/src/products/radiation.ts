/**
 * Radiation and weather product (spec 4.2 and `/data/tmy/radiation_and_weather`): validated
 * request -> columns of the requested output parameters, in the order requested.
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
  defaultAzimuth,
  defaultTilt,
  fieldError,
  forecastWindow,
  historicWindow,
  hoursDef,
  liveWindow,
  periodDef,
  timeZoneOffset,
  tmyWindow,
  type Window,
} from './common.js';
import { FORECAST_OUTPUT_NAMES, RADIATION_OUTPUT_NAMES, outputInfo } from './outputs.js';
import type { FieldError, ParamDef, ParamValues } from './params.js';
import type { ProductContext } from './context.js';
import type { PlaneRequest, SeriesKind, TmyRequestOptions } from './request.js';
import type { SeriesColumn, SeriesTable } from './table.js';
import { apiWeatherColumns, coreWeatherColumns } from './weather-columns.js';

/** Default output parameters of radiation requests (contract section 4). */
export const RADIATION_DEFAULT_OUTPUTS = ['air_temp', 'dni', 'ghi'];

export const PROBABILITY: ParamDef = {
  name: 'probability',
  type: 'enum',
  enum: ['p50', 'p75', 'p90', 'p95'],
  default: 'p50',
  description:
    'TMY probability: p50 (typical), or the year whose energy is exceeded with that probability (p75, p90, p95).',
};
export const GHI_WEIGHT: ParamDef = {
  name: 'ghi_weight',
  type: 'number',
  minimum: 0,
  maximum: 1,
  description:
    'Weight of GHI in the TMY selection target; ghi_weight + dni_weight must equal 1. Default 0.5 (or 1 - dni_weight).',
};
export const DNI_WEIGHT: ParamDef = {
  name: 'dni_weight',
  type: 'number',
  minimum: 0,
  maximum: 1,
  description:
    'Weight of DNI in the TMY selection target; ghi_weight + dni_weight must equal 1. Default 0.5 (or 1 - ghi_weight).',
};

/** Output parameters accepted by an endpoint kind. */
export function radiationOutputNames(kind: SeriesKind): string[] {
  return kind === 'forecast' ? FORECAST_OUTPUT_NAMES : RADIATION_OUTPUT_NAMES;
}

/** The query parameters of a radiation endpoint (format is added by the server). */
export function radiationParams(kind: SeriesKind): ParamDef[] {
  const outputs: ParamDef = {
    name: 'output_parameters',
    type: 'enum[]',
    enum: radiationOutputNames(kind),
    default: RADIATION_DEFAULT_OUTPUTS,
    description:
      'Value fields to return, in this order. Repeated keys, comma-joined or bracketed lists. Default air_temp,dni,ghi.',
  };
  const common = [LATITUDE, LONGITUDE, outputs, TILT, AZIMUTH, ARRAY_TYPE, TERRAIN_SHADING];
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

export interface RadiationRequest extends PlaneRequest {
  kind: SeriesKind;
  outputParameters: string[];
  window: Window;
  /** The request's now; a forecast is issued at the 5-minute step now falls in (see `issueTime`). */
  now: number;
  tmy?: TmyRequestOptions;
}

/** Reads place, plane and mounting from validated values, with the spec's defaults. */
export function planeOf(values: ParamValues): PlaneRequest {
  const latitude = values.latitude as number;
  return {
    latitude,
    longitude: values.longitude as number,
    tilt: (values.tilt as number | undefined) ?? defaultTilt(latitude),
    azimuth: (values.azimuth as number | undefined) ?? defaultAzimuth(latitude),
    arrayType: (values.array_type as PlaneRequest['arrayType'] | undefined) ?? 'fixed',
    terrainShading: values.terrain_shading === true,
  };
}

/** The window of any series kind; pushes errors (historic rules) and may return undefined. */
export function windowOf(
  kind: SeriesKind,
  values: ParamValues,
  now: number,
  errors: FieldError[],
  rule: 'end-or-duration' | 'exactly-one' = 'end-or-duration',
): Window | undefined {
  const offset = values.time_zone !== undefined ? timeZoneOffset(values, errors) : 0;
  if (errors.length > 0) return undefined;
  switch (kind) {
    case 'historic':
      return historicWindow(values, now, rule, offset, errors);
    case 'live':
      return liveWindow(values, now, offset);
    case 'forecast':
      return forecastWindow(values, now, offset);
    case 'tmy':
      return tmyWindow(values, offset);
  }
}

/** TMY weights and probability; ghi_weight + dni_weight must be 1 when both are given. */
export function tmyOptionsOf(values: ParamValues, errors: FieldError[]): TmyRequestOptions {
  const g = values.ghi_weight as number | undefined;
  const d = values.dni_weight as number | undefined;
  let ghiWeight = 0.5,
    dniWeight = 0.5;
  if (g !== undefined && d !== undefined) {
    if (Math.abs(g + d - 1) > 1e-9) {
      errors.push(
        fieldError('Predicate', 'dni_weight', "'ghi_weight' plus 'dni_weight' must equal 1.", {
          ghi_weight: g,
          dni_weight: d,
        }),
      );
    }
    ghiWeight = g;
    dniWeight = d;
  } else if (g !== undefined) {
    ghiWeight = g;
    dniWeight = 1 - g;
  } else if (d !== undefined) {
    dniWeight = d;
    ghiWeight = 1 - d;
  }
  return {
    probability: (values.probability as TmyRequestOptions['probability'] | undefined) ?? 'p50',
    ghiWeight,
    dniWeight,
  };
}

/** Cross-field validation of radiation values already checked field by field. */
export function validateRadiation(
  kind: SeriesKind,
  values: ParamValues,
  now: number,
): { request: RadiationRequest; errors?: undefined } | { errors: FieldError[]; request?: undefined } {
  const errors: FieldError[] = [];
  const window = windowOf(kind, values, now, errors);
  const tmy = kind === 'tmy' ? tmyOptionsOf(values, errors) : undefined;
  if (errors.length > 0 || !window) return { errors };
  return {
    request: {
      ...planeOf(values),
      kind,
      window,
      now,
      outputParameters: (values.output_parameters as string[] | undefined) ?? RADIATION_DEFAULT_OUTPUTS,
      ...(tmy ? { tmy } : {}),
    },
  };
}

/** Builds response columns from source columns, in the requested order, with their rounding. */
export function toColumns(
  names: readonly string[],
  data: Record<string, Float64Array | string[]>,
  n: number,
): SeriesColumn[] {
  return names.map((name) => {
    const info = outputInfo(name);
    const values = data[name] ?? new Float64Array(n).fill(NaN);
    return {
      name,
      values,
      decimals: info.decimals,
      unit: info.unit,
      ...(info.legacyDecimals !== undefined ? { legacyDecimals: info.legacyDecimals } : {}),
    };
  });
}

/** Computes a radiation and weather response. */
export async function radiation(request: RadiationRequest, ctx: ProductContext): Promise<SeriesTable> {
  const { window } = request;
  const core = await ctx.weatherColumns(request, coreWeatherColumns(request.outputParameters));
  const data = apiWeatherColumns(core, request.outputParameters);
  return {
    key: request.kind === 'forecast' ? 'forecasts' : 'estimated_actuals',
    columns: toColumns(request.outputParameters, data, window.periodEnd.length),
    periodEnd: window.periodEnd,
    periodSeconds: window.periodSeconds,
    offsetMinutes: window.offsetMinutes,
    latitude: request.latitude,
    longitude: request.longitude,
    elevation: ctx.place(request.latitude, request.longitude).elevation,
  };
}
