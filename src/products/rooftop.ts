/**
 * Rooftop PV power product (spec 4.5, 4.9): validated request -> `pv_power_rooftop` in kW per
 * period (historic, live, forecast, TMY).
 */
import {
  AZIMUTH, DURATION, END, LATITUDE, LONGITUDE, START, TERRAIN_SHADING, TILT, TIME_ZONE, fieldError, hoursDef, periodDef,
  type Window,
} from './common.js';
import { ROOFTOP_FORECAST_OUTPUTS, ROOFTOP_OUTPUTS } from './outputs.js';
import type { FieldError, ParamDef, ParamValues } from './params.js';
import {
  DNI_WEIGHT, GHI_WEIGHT, PROBABILITY, planeOf, tmyOptionsOf, windowOf, type PlaneRequest, type SeriesKind, type TmyOptions,
} from './radiation.js';

/** Loss factor when neither loss_factor nor install_date is given (spec 4.5). */
export const DEFAULT_LOSS_FACTOR = 0.9;
/** Yearly loss of output with module age used to turn install_date into a loss factor. */
export const AGEING_PER_YEAR = 0.005;

export const CAPACITY: ParamDef = {
  name: 'capacity', type: 'number', exclusiveMinimum: 0, maximum: 1e6, required: true,
  missingError: { code: 'GreaterThan', message: "'capacity' must be greater than '0'." },
  description: 'Capacity of the system, kW: the inverter (AC) or the modules (DC), whichever is greater. Required, > 0.',
  example: '5',
};
export const LOSS_FACTOR: ParamDef = {
  name: 'loss_factor', type: 'number', minimum: 0, maximum: 1,
  description: 'Fraction of the capacity the system delivers at most after all losses, 0 to 1; default 0.90, or from install_date.',
};
export const INSTALL_DATE: ParamDef = {
  name: 'install_date', type: 'datetime',
  description: 'Installation date yyyy-MM-dd; estimates loss_factor from ageing (0.5 %/year from 0.90); ignored when loss_factor is given.',
};

/** Query parameters of a rooftop endpoint (format is added by the server). */
export function rooftopParams(kind: SeriesKind): ParamDef[] {
  const outputs: ParamDef = {
    name: 'output_parameters', type: 'enum[]', default: ['pv_power_rooftop'],
    enum: Object.keys(kind === 'forecast' ? ROOFTOP_FORECAST_OUTPUTS : ROOFTOP_OUTPUTS),
    description: kind === 'forecast'
      ? 'Value fields: pv_power_rooftop (kW), pv_power_rooftop10, pv_power_rooftop90. Default pv_power_rooftop.'
      : 'Value fields: pv_power_rooftop (kW). Default pv_power_rooftop.',
  };
  const common = [LATITUDE, LONGITUDE, CAPACITY, outputs, TILT, AZIMUTH, LOSS_FACTOR, INSTALL_DATE, TERRAIN_SHADING];
  switch (kind) {
    case 'historic': return [...common, START, END, DURATION, periodDef('PT30M'), TIME_ZONE];
    case 'live': return [...common, hoursDef(168, 24), periodDef('PT30M')];
    case 'forecast': return [...common, hoursDef(336, 48), periodDef('PT30M')];
    case 'tmy': return [...common, periodDef('PT60M'), TIME_ZONE, PROBABILITY, GHI_WEIGHT, DNI_WEIGHT];
  }
}

export interface RooftopRequest extends PlaneRequest {
  kind: SeriesKind;
  /** kW */
  capacity: number;
  /** Highest output as a fraction of capacity. */
  lossFactor: number;
  outputParameters: string[];
  window: Window;
  now: number;
  tmy?: TmyOptions;
}

/** Loss factor from install date: 0.90 less 0.5 % per year of age at `now`, not below 0. */
export function lossFactorFromInstallDate(installDate: number, now: number): number {
  const years = Math.max(0, (now - installDate) / (365.25 * 86400));
  return Math.max(0, DEFAULT_LOSS_FACTOR * (1 - AGEING_PER_YEAR * years));
}

/** Cross-field validation of rooftop values already checked field by field. */
export function validateRooftop(
  kind: SeriesKind, values: ParamValues, now: number,
): { request: RooftopRequest; errors?: undefined } | { errors: FieldError[]; request?: undefined } {
  const errors: FieldError[] = [];
  let lossFactor = (values.loss_factor as number | undefined) ?? DEFAULT_LOSS_FACTOR;
  if (values.loss_factor === undefined && values.install_date !== undefined) {
    const text = String(values.install_date).trim();
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
    const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 : NaN;
    if (!m || !Number.isFinite(t) || new Date(t * 1000).getUTCDate() !== Number(m[3])) {
      errors.push(fieldError('InvalidDate', 'install_date', `'install_date' must be a date yyyy-MM-dd. You entered '${text.slice(0, 32)}'.`));
    } else {
      lossFactor = lossFactorFromInstallDate(t, now);
    }
  }
  const window = windowOf(kind, values, now, errors);
  const tmy = kind === 'tmy' ? tmyOptionsOf(values, errors) : undefined;
  if (errors.length > 0 || !window) return { errors };
  return {
    request: {
      ...planeOf(values), kind, window, now, lossFactor,
      capacity: values.capacity as number,
      outputParameters: (values.output_parameters as string[] | undefined) ?? ['pv_power_rooftop'],
      ...(tmy ? { tmy } : {}),
    },
  };
}
