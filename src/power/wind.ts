/**
 * Wind farm power: hub-height wind from the 10 m and 100 m speeds, air-density correction
 * (IEC 61400-12-1), a turbine power curve, the number of turbines, farm losses and the grid
 * export limit.
 */
import { asColumn, type Column, outputColumn, seriesLength } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkObject,
  checkOneOf,
  checkPressurePa,
  checkRange,
  checkSeries,
  isFloat64Array,
  rangeFailure,
  typeFailure,
} from '../util/validate.js';

/** A turbine's speeds and power, checked once per call. */
function checkTurbine(fn: string, name: string, t: TurbineSpec): void {
  checkObject(fn, name, t);
  checkAtLeast(fn, `${name}.ratedPower`, t.ratedPower, 0, 'MW', true);
  const vIn =
    t.cutInWindSpeed === undefined ? 3 : checkAtLeast(fn, `${name}.cutInWindSpeed`, t.cutInWindSpeed, 0, 'm/s');
  const vRated =
    t.ratedWindSpeed === undefined ? 12 : checkAtLeast(fn, `${name}.ratedWindSpeed`, t.ratedWindSpeed, 0, 'm/s', true);
  const vOut =
    t.cutOutWindSpeed === undefined
      ? 25
      : checkAtLeast(fn, `${name}.cutOutWindSpeed`, t.cutOutWindSpeed, 0, 'm/s', true);
  if (!(vIn < vRated && vRated <= vOut)) {
    rangeFailure(fn, `${name} wind speeds`, 'cut-in < rated <= cut-out (m/s)', `${vIn}, ${vRated}, ${vOut}`);
  }
  const c = t.powerCurve;
  if (c !== undefined) {
    checkObject(fn, `${name}.powerCurve`, c);
    if (!isFloat64Array(c.windSpeed) || !isFloat64Array(c.power))
      typeFailure(fn, `${name}.powerCurve`, '{ windSpeed, power } Float64Arrays (m/s, MW)', c);
    checkSeries(fn, [
      [`${name}.powerCurve.windSpeed`, c.windSpeed, 'm/s'],
      [`${name}.powerCurve.power`, c.power, 'MW'],
    ]);
  }
}

/** Standard sea-level air density of IEC 61400-12-1, kg/m3. */
export const IEC_REFERENCE_AIR_DENSITY = 1.225;
/** Specific gas constant of dry air, J/(kg K) (IEC 61400-12-1 uses 287.05). */
const R_DRY_AIR = 287.05;
const GRAVITY = 9.80665;
/** Shear exponent of the 1/7 power law, used when the two measured speeds cannot give one. */
export const DEFAULT_SHEAR_EXPONENT = 1 / 7;
/**
 * Default farm loss, fraction of the gross output: 10 %, the sum of typical wake (about 6 %),
 * electrical (about 2 %) and availability (about 2 %) losses of onshore farms used in resource
 * assessment (M. Brower, "Wind Resource Assessment", Wiley 2012, ch. 14).
 */
export const DEFAULT_FARM_LOSS = 0.1;
/**
 * Default parasitic draw of an idle turbine (yaw, heating, control), fraction of its rated power:
 * 0.5 %, about 10 kW for a 2 MW turbine. Used only when negative power is allowed.
 */
export const DEFAULT_PARASITIC_FRACTION = 0.005;

const LN_10 = Math.LN10;

/** Inputs of {@link hubHeightWindSpeed}: the speeds at 10 m and 100 m, m/s, and the hub height, m. */
export interface HubHeightWindSpeedInput {
  /** Wind speed at 10 m, m/s. */
  windSpeed: Column;
  /** Wind speed at 100 m, m/s. */
  windSpeed100m: Column;
  /** Hub height, m above ground. */
  hubHeight: number;
}

/** Options of {@link hubHeightWindSpeed}: the vertical profile, by name. */
export interface HubHeightWindSpeedOptions {
  /** 'power' (default) or 'log'. */
  profile?: 'power' | 'log';
  /** Roughness length of the log profile, m (default: fitted, else 0.03). */
  roughnessLength?: number;
}

/**
 * Hub-height wind speed, m/s, from speeds at 10 m and 100 m.
 * - 'power' (default): v = v100 (h / 100)^alpha with the shear exponent fitted from the two
 *   heights, alpha = ln(v100 / v10) / ln(10), clipped to [0, 0.6] (calm or inverted profiles give
 *   no usable fit; where either speed is below 0.5 m/s the 1/7 law is used).
 * - 'log': v = v100 ln(h / z0) / ln(100 / z0), with the roughness length z0 fitted from the two
 *   heights (ln z0 = (v100 ln 10 - v10 ln 100) / (v100 - v10)), or `roughnessLength` (m) when given
 *   or when the fit fails (default 0.03 m, open farmland).
 * @param input `windSpeed` and `windSpeed100m` (m/s, columns or numbers) and `hubHeight` (m)
 * @param options `profile` ('power' or 'log') and `roughnessLength` (m)
 * @param out optional output buffer of the series' length
 * @example
 * hubHeightWindSpeed({ windSpeed: 5, windSpeed100m: 7, hubHeight: 120 })[0]; // about 7.33 m/s
 */
export function hubHeightWindSpeed(
  input: HubHeightWindSpeedInput,
  options: HubHeightWindSpeedOptions = {},
  out?: Float64Array,
): Float64Array {
  const fn = 'hubHeightWindSpeed';
  checkObject(fn, 'input', input);
  const { hubHeight } = input;
  checkSeries(fn, [
    ['windSpeed', input.windSpeed, 'm/s'],
    ['windSpeed100m', input.windSpeed100m, 'm/s'],
  ]);
  checkAtLeast(fn, 'hubHeight', hubHeight, 0, 'm', true);
  checkObject(fn, 'options', options);
  if (options.profile !== undefined) checkOneOf(fn, 'options.profile', options.profile, ['power', 'log']);
  if (options.roughnessLength !== undefined)
    checkAtLeast(fn, 'options.roughnessLength', options.roughnessLength, 0, 'm', true);
  const n = seriesLength(input.windSpeed, input.windSpeed100m);
  const v10 = asColumn(input.windSpeed, n);
  const v100 = asColumn(input.windSpeed100m, n);
  const res = outputColumn(out, n);
  const logH = Math.log(hubHeight / 100);
  if (options.profile === 'log') {
    const fixedZ0 = options.roughnessLength;
    const fallbackZ0 = fixedZ0 ?? 0.03;
    for (let i = 0; i < n; i++) {
      const a = v10[i]!;
      const b = v100[i]!;
      let z0 = fallbackZ0;
      if (fixedZ0 === undefined && b > a && a > 0.5) {
        const lnZ0 = (b * LN_10 - a * 2 * LN_10) / (b - a);
        if (lnZ0 < Math.log(5)) z0 = Math.exp(lnZ0);
      }
      res[i] = (b * Math.log(hubHeight / z0)) / Math.log(100 / z0);
    }
    return res;
  }
  for (let i = 0; i < n; i++) {
    const a = v10[i]!;
    const b = v100[i]!;
    let alpha = DEFAULT_SHEAR_EXPONENT;
    if (a >= 0.5 && b >= 0.5) {
      alpha = Math.log(b / a) / LN_10;
      if (alpha < 0) alpha = 0;
      else if (alpha > 0.6) alpha = 0.6;
    }
    res[i] = b * Math.exp(alpha * logH);
  }
  return res;
}

/** Inputs of {@link hubAirDensity}: the air near the ground and the hub height. */
export interface HubAirDensityInput {
  /** Air temperature at the measurement height, degrees C (pvlib's `temp_air`). */
  airTemp: number;
  /** Air pressure at the measurement height, Pa. */
  pressure: number;
  /** Hub height, m above ground. */
  hubHeight: number;
}

/**
 * Air density, kg/m3, at hub height from the air temperature (degrees C) and pressure (Pa) near
 * the ground: the pressure is carried up by the hypsometric equation at the ground temperature,
 * the temperature by the standard lapse rate of 6.5 K/km, and rho = p / (R T) for dry air
 * (IEC 61400-12-1, eq. for air density without humidity).
 * @param input `airTemp` (degrees C), `pressure` (Pa) and `hubHeight` (m)
 * @param options `measurementHeight` of the temperature and pressure, m above ground (default 2)
 * @example
 * hubAirDensity({ airTemp: 15, pressure: 101325, hubHeight: 80 }); // about 1.216 kg/m3
 */
export function hubAirDensity(input: HubAirDensityInput, options: { measurementHeight?: number } = {}): number {
  checkObject('hubAirDensity', 'input', input);
  checkObject('hubAirDensity', 'options', options);
  const { airTemp, pressure, hubHeight } = input;
  const measurementHeight = options.measurementHeight ?? 2;
  checkRange('hubAirDensity', 'airTemp', airTemp, -100, 100, 'degrees C');
  checkFinite('hubAirDensity', 'pressure', pressure, 'Pa');
  checkPressurePa('hubAirDensity', 'pressure', pressure);
  checkFinite('hubAirDensity', 'hubHeight', hubHeight, 'm');
  checkFinite('hubAirDensity', 'options.measurementHeight', measurementHeight, 'm');
  const tGround = airTemp + 273.15;
  const dz = hubHeight - measurementHeight;
  const tHub = tGround - 0.0065 * dz;
  const pHub = pressure * Math.exp((-GRAVITY * dz) / (R_DRY_AIR * 0.5 * (tGround + tHub)));
  return pHub / (R_DRY_AIR * tHub);
}

/** A turbine described by its characteristic speeds and rated power. */
export interface TurbineSpec {
  /** Rated power of one turbine, MW. */
  ratedPower: number;
  /** Cut-in wind speed, m/s (default 3). */
  cutInWindSpeed?: number;
  /** Rated wind speed, m/s (default 12). */
  ratedWindSpeed?: number;
  /** Cut-out wind speed, m/s (default 25): the turbine stops at and above it. */
  cutOutWindSpeed?: number;
  /**
   * A measured power curve instead of the cubic one: speeds (m/s, increasing) and power of one
   * turbine (MW), interpolated linearly; 0 outside the table and from cut-out on.
   */
  powerCurve?: { windSpeed: Float64Array; power: Float64Array };
}

/**
 * Power of one turbine, MW, at a (density-normalised) hub wind speed, m/s: 0 below cut-in,
 * rated * (v^3 - vin^3) / (vr^3 - vin^3) from cut-in to rated speed (the kinetic power in the
 * wind grows as v^3), rated power from rated speed up to cut-out, 0 from cut-out on. With a
 * table, linear interpolation of the table.
 * @example
 * turbinePower(8, { ratedPower: 3 }); // about 0.846 MW
 */
export function turbinePower(speed: number, turbine: TurbineSpec): number {
  if (typeof speed !== 'number') typeFailure('turbinePower', 'speed', 'a number (m/s)', speed);
  checkTurbine('turbinePower', 'turbine', turbine);
  return turbinePowerOf(speed, turbine);
}

/** {@link turbinePower} without its checks, for the farm's loop (which checked the turbine once). */
function turbinePowerOf(speed: number, turbine: TurbineSpec): number {
  const vIn = turbine.cutInWindSpeed ?? 3;
  const vRated = turbine.ratedWindSpeed ?? 12;
  const vOut = turbine.cutOutWindSpeed ?? 25;
  if (!(speed === speed)) return Number.NaN;
  if (speed >= vOut) return 0;
  const curve = turbine.powerCurve;
  if (curve !== undefined) return interpolateCurve(speed, curve.windSpeed, curve.power);
  if (speed <= vIn) return 0;
  if (speed >= vRated) return turbine.ratedPower;
  const in3 = vIn * vIn * vIn;
  return (turbine.ratedPower * (speed * speed * speed - in3)) / (vRated * vRated * vRated - in3);
}

function interpolateCurve(v: number, xs: Float64Array, ys: Float64Array): number {
  const m = xs.length;
  if (m === 0 || v < xs[0]! || v > xs[m - 1]!) return 0;
  let lo = 0;
  let hi = m - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= v) lo = mid;
    else hi = mid;
  }
  const x0 = xs[lo]!;
  const x1 = xs[hi]!;
  if (x1 === x0) return ys[hi]!;
  return ys[lo]! + ((ys[hi]! - ys[lo]!) * (v - x0)) / (x1 - x0);
}

/** Input columns of {@link windFarmPower}: wind speeds at 10 and 100 m [m/s], air temperature and pressure. */
export interface WindFarmInput {
  /** Wind speed at 10 m, m/s. */
  windSpeed: Column;
  /** Wind speed at 100 m, m/s. */
  windSpeed100m: Column;
  /** Air temperature near the ground, degrees C (for the density correction; omit for none). */
  airTemp?: Column;
  /** Surface air pressure, Pa (for the density correction; omit for none). */
  pressure?: Column;
}

/** Options of {@link windFarmPower}: the turbine, hub height [m], number of turbines and capacity [MW]. */
export interface WindFarmOptions extends TurbineSpec {
  /** Hub height, m (default 80). */
  hubHeight?: number;
  /** Number of turbines (default 1). */
  numberOfTurbines?: number;
  /** Site capacity, MW: an upper bound of the output (default rated power times turbines). */
  capacity?: number;
  /** Grid export limit, MW: >= 0 clips the output; -1 or absent means none. */
  gridExportLimit?: number;
  /** Allow a small negative output (parasitic draw) when the turbines are not generating. */
  allowNegativePower?: boolean;
  /** Farm loss fraction (wake, electrical, availability), default `DEFAULT_FARM_LOSS`. */
  farmLoss?: number;
  /** Parasitic draw of an idle turbine, fraction of rated power (default `DEFAULT_PARASITIC_FRACTION`). */
  parasiticFraction?: number;
  /** Vertical profile for the hub-height speed (default 'power'). */
  profile?: 'power' | 'log';
  /** Roughness length for the log profile, m. */
  roughnessLength?: number;
}

function checkWindFarm(input: WindFarmInput, o: WindFarmOptions): void {
  const fn = 'windFarmPower';
  checkObject(fn, 'input', input);
  checkTurbine(fn, 'options', o);
  if (o.hubHeight !== undefined) checkAtLeast(fn, 'options.hubHeight', o.hubHeight, 0, 'm', true);
  if (o.numberOfTurbines !== undefined)
    checkAtLeast(fn, 'options.numberOfTurbines', o.numberOfTurbines, 0, 'turbines', true);
  if (o.capacity !== undefined) checkAtLeast(fn, 'options.capacity', o.capacity, 0, 'MW', true);
  if (o.gridExportLimit !== undefined) checkFinite(fn, 'options.gridExportLimit', o.gridExportLimit, 'MW (-1: none)');
  if (o.farmLoss !== undefined) checkRange(fn, 'options.farmLoss', o.farmLoss, 0, 1, 'fraction');
  if (o.parasiticFraction !== undefined)
    checkRange(fn, 'options.parasiticFraction', o.parasiticFraction, 0, 1, 'fraction of rated power');
  if (o.profile !== undefined) checkOneOf(fn, 'options.profile', o.profile, ['power', 'log']);
  if (o.roughnessLength !== undefined) checkAtLeast(fn, 'options.roughnessLength', o.roughnessLength, 0, 'm', true);
  checkSeries(fn, [
    ['windSpeed', input.windSpeed, 'm/s'],
    ['windSpeed100m', input.windSpeed100m, 'm/s'],
    ['airTemp', input.airTemp, 'degrees C', true],
    ['pressure', input.pressure, 'Pa', true],
  ]);
  if (input.pressure !== undefined) checkPressurePa(fn, 'pressure', input.pressure);
}

/**
 * Power of a wind farm, MW, per row.
 *
 * The hub-height speed (`hubHeightWindSpeed`) is normalised for air density as IEC 61400-12-1
 * does for pitch-regulated turbines, v_n = v (rho / 1.225)^(1/3) (rho from `hubAirDensity` when
 * temperature and pressure are given), then goes through the turbine power curve
 * (`turbinePower`), times the number of turbines, times (1 - farm loss). The result is clipped to
 * the site capacity and to the grid export limit. When `allowNegativePower` is set, a turbine that
 * is not generating (below cut-in, or stopped at cut-out) draws `parasiticFraction` of its rated
 * power; otherwise the output is never below 0. NaN wind gives NaN. Cut-in and cut-out act on the
 * actual hub speed (the controller sees it), the curve on the density-normalised one.
 * @example
 * const farm = windFarmPower({ windSpeed: Float64Array.of(4, 6), windSpeed100m: Float64Array.of(6, 9) }, { ratedPower: 3, numberOfTurbines: 10 });
 * farm[1]; // about 9.86 MW
 */
export function windFarmPower(input: WindFarmInput, options: WindFarmOptions, out?: Float64Array): Float64Array {
  checkWindFarm(input, options);
  const cols: Column[] = [input.windSpeed, input.windSpeed100m];
  if (input.airTemp !== undefined) cols.push(input.airTemp);
  if (input.pressure !== undefined) cols.push(input.pressure);
  const n = seriesLength(...cols);
  const res = outputColumn(out, n);
  const hub = options.hubHeight ?? 80;
  const speed = hubHeightWindSpeed(
    { windSpeed: input.windSpeed, windSpeed100m: input.windSpeed100m, hubHeight: hub },
    { profile: options.profile, roughnessLength: options.roughnessLength },
  );
  const density = input.airTemp !== undefined && input.pressure !== undefined;
  const temp = density ? asColumn(input.airTemp!, n) : null;
  const pressure = density ? asColumn(input.pressure!, n) : null;
  const turbines = options.numberOfTurbines ?? 1;
  const factor = turbines * (1 - (options.farmLoss ?? DEFAULT_FARM_LOSS));
  // `0 +` keeps option values unboxed in the loop (their type is unknown to V8 otherwise).
  let ceiling = 0 + (options.capacity ?? options.ratedPower * turbines);
  const limit = options.gridExportLimit;
  if (limit !== undefined && limit >= 0 && limit < ceiling) ceiling = limit;
  const allowNegative = options.allowNegativePower === true;
  const draw = -turbines * options.ratedPower * (options.parasiticFraction ?? DEFAULT_PARASITIC_FRACTION);
  const vIn = options.cutInWindSpeed ?? 3;
  const vOut = options.cutOutWindSpeed ?? 25;
  const vOutBelow = vOut * (1 - 1e-12);
  const vRated = options.ratedWindSpeed ?? 12;
  const rated = 0 + options.ratedPower;
  const in3 = vIn * vIn * vIn;
  const cubicScale = rated / (vRated * vRated * vRated - in3);
  const table = options.powerCurve !== undefined;
  // Hub temperature and hypsometric factor of hubAirDensity, hoisted: dz from 2 m to the hub.
  const dz = hub - 2;
  const lapse = 0.0065 * dz;
  const hypsometric = (-GRAVITY * dz) / R_DRY_AIR;
  for (let i = 0; i < n; i++) {
    const v = speed[i]!;
    let p: number;
    if (!(v === v)) p = Number.NaN;
    else if (v <= vIn || v >= vOut) {
      // The controller starts and stops the turbine on the actual wind speed.
      p = allowNegative ? draw : 0;
    } else {
      let vn = v;
      if (density) {
        const tGround = temp![i]! + 273.15;
        const tHub = tGround - lapse;
        const rho = (pressure![i]! * Math.exp(hypsometric / (tGround - 0.5 * lapse))) / (R_DRY_AIR * tHub);
        if (rho > 0) vn = v * Math.cbrt(rho / IEC_REFERENCE_AIR_DENSITY);
        // Dense air must not push a running turbine past its cut-out on the normalised curve.
        if (vn >= vOut) vn = vOutBelow;
      }
      if (table) p = 0 + turbinePowerOf(vn, options);
      else if (vn <= vIn) p = 0;
      else if (vn >= vRated) p = rated;
      else p = (vn * vn * vn - in3) * cubicScale;
      p *= factor;
      if (p > ceiling) p = ceiling;
    }
    res[i] = p;
  }
  return res;
}
