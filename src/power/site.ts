/**
 * Advanced PV power of a registered PV site (spec 2.1): every field with a physical meaning. The
 * chain itself (`pvSystemChain`) also runs `simulatePv`.
 */
import { type ResolvedChain, runResolvedChain } from '../chain/run.js';
import { type PlaneMount, defaultAzimuth, defaultTilt } from '../irradiance/plane-of-array.js';
import type { SolarPosition } from '../solar/index.js';
import { axisTiltOnSlope, crossAxisTilt, type SingleAxisOptions } from '../tracking/index.js';
import type { Column } from '../util/columns.js';
import {
  checkAtLeast,
  checkFinite,
  checkLatitude,
  checkLongitude,
  checkObject,
  checkOneOf,
  checkPositiveFraction,
  checkRange,
  checkUnixSeconds,
} from '../util/validate.js';
import { type PvWeatherInput, checkPvWeather, checkPvWeatherUnits } from './chain-common.js';
import { moduleTechnology, PVWATTS_PEAK_OVER_NOMINAL } from './conventions.js';
import type { SapmMounting } from './temperature.js';

/** A PV site's configuration (the fields of spec 2.1 that have a physical meaning). Azimuths in pvlib's convention. */
export interface PvSiteConfig {
  /** Degrees north, -90..90. */
  latitude: number;
  /** Degrees east, -180..180. */
  longitude: number;
  /** Height above sea level, m (default 0). */
  elevation?: number;
  /** Inverter (AC) capacity, MW. */
  capacity: number;
  /** Module (DC) capacity, MW. */
  capacityDc: number;
  /** Installation time, Unix s (ageing counts from it; none when absent). */
  installDate?: number;
  /** 'fixed' (default) or 'horizontal_single_axis'. */
  trackingType?: 'fixed' | 'horizontal_single_axis';
  /** Fixed tilt, degrees (default |latitude| capped at 40). */
  tilt?: number;
  /** Direction the modules face, degrees east of north (default facing the equator: 180 north of it, 0 south). */
  azimuth?: number;
  /** Average terrain slope, degrees (default 0). */
  terrainSlope?: number;
  /** Downhill direction of the terrain, degrees east of north (default 180). */
  terrainAzimuth?: number;
  /** Direction of the tracker axis, degrees east of north as pvlib's `axis_azimuth` (default 180: a north-south axis). */
  trackerAxisAzimuth?: number;
  /** Tracker rotation limit, degrees (default 60). */
  trackerMaxRotationAngle?: number;
  /** Backtracking (default true). */
  trackerBackTracking?: boolean;
  /** Lay the trackers flat when DNI is zero (default false). */
  trackerSmartTracking?: boolean;
  /** Bifacial modules (default false). */
  bifacialSystem?: boolean;
  /** Rear over front efficiency (default 0.7). */
  bifacialityFactor?: number;
  /** Row centre (or axis) height above ground, m (default 1.5). */
  pvrowHeight?: number;
  /** Row width (slant), m (default 2.0). */
  pvrowWidth?: number;
  /** Ground coverage ratio (default 0.36). */
  groundCoverageRatio?: number;
  /** Ground albedo (default 0.2). */
  siteGroundAlbedo?: number;
  /** Module technology (default 'poly-si'): temperature coefficient and ageing rate. */
  moduleType?: string;
  /**
   * Temperature coefficient of power, 1/C. A positive value is read as the size of the decrease
   * (PV modules lose power when hot), so 0.004 and -0.004 both mean -0.4 %/C.
   */
  deratingTempModule?: number;
  /** Loss per year since `installDate`, fraction (default: the module type's ageing rate). */
  deratingAgeSystem?: number;
  /** Other system losses (wiring, mismatch...), fraction of energy (default 0.03). */
  deratingOtherSystem?: number;
  /** Peak of the inverter efficiency curve (default 0.98). */
  inverterPeakEfficiency?: number;
  /**
   * Dust soiling loss fractions: 12 values, one per calendar month (UTC), or 3 values, one per
   * four-month block (January-April, May-August, September-December). Default 0.015 all year.
   */
  dustSoilingAverage?: readonly number[];
  /** Grid export limit, MW: >= 0 and below capacity clips the AC output; -1 or absent: none. */
  gridExportLimit?: number;
  /**
   * Length of the periods, s (default: the step of the first two times; the times must then
   * increase strictly). Given, each row stands alone and the times may come in any order.
   */
  periodSeconds?: number;
}

/** Result of {@link sitePvPower}: exported AC power [MW] and the irradiance and temperature on the way to it. */
export interface SitePvResult {
  /** AC power exported, MW, in [0, min(capacity, export limit)]. */
  power: Float64Array;
  /** Front plane-of-array irradiance, W/m2. */
  poaGlobal: Float64Array;
  /** Irradiance used for DC power (front effective plus weighted rear), W/m2. */
  effectiveIrradiance: Float64Array;
  /** Cell temperature, degrees C. */
  tempCell: Float64Array;
  /** DC power into the inverters, MW. */
  dcPower: Float64Array;
  /** Tracker rotation, degrees (NaN at night; absent for fixed sites). */
  trackerTheta?: Float64Array;
}

/** Soiling loss for each calendar month (0..11) from the site's 12 or 3 values. */
function monthlySoiling(values: readonly number[] | undefined): Float64Array {
  const monthly = new Float64Array(12);
  if (values === undefined || values.length === 0) return monthly.fill(0.015);
  if (values.length === 12) {
    for (let m = 0; m < 12; m++) monthly[m] = values[m]!;
  } else if (values.length === 3) {
    for (let m = 0; m < 12; m++) monthly[m] = values[Math.floor(m / 4)]!;
  } else {
    throw new RangeError(`sitePvPower: dustSoilingAverage must hold 12 or 3 values (fractions), got ${values.length}`);
  }
  for (let m = 0; m < 12; m++) {
    if (!(monthly[m]! >= 0 && monthly[m]! <= 1)) {
      throw new RangeError(`sitePvPower: dustSoilingAverage values must be fractions from 0 to 1 (got ${monthly[m]})`);
    }
  }
  return monthly;
}

/**
 * A PV system with every choice made: what the chain runs. `sitePvPower` and `simulatePv` fill
 * it from their own options and defaults. Powers in one unit (the chain is linear in them).
 */
export interface PvSystemChainConfig {
  latitude: number;
  longitude: number;
  elevation: number;
  /** A fixed plane, or a tracker (its diffuse stow, if any, follows the weather's DNI). */
  mount: PlaneMount;
  /** Diffuse stow of a tracker at zero DNI ("smart tracking"). */
  smartTracking: boolean;
  /** Ground albedo when the weather has none. */
  albedo: Column;
  /** Rear side of bifacial modules (infinite sheds): absent for monofacial ones. */
  bifacial?: { bifaciality: number; height: number; width: number; gcr: number };
  /** Soiling loss by calendar month (UTC), 12 fractions. */
  soilingByMonth: Float64Array;
  temperatureMounting: SapmMounting;
  /** DC nameplate at 1000 W/m2 and 25 C. */
  pdc0: number;
  /** Temperature coefficient of power, 1/C (negative). */
  gammaPdc: number;
  /** Installation time, Unix s, and the loss per year since (none when absent). */
  installDate?: number;
  ageRate: number;
  /** Other DC losses, fraction. */
  otherLosses: number;
  /** AC rating of the inverters. */
  acCapacity: number;
  /** Nominal efficiency of the PVWatts inverter. */
  etaInvNom: number;
  /** Most the system exports (AC); Infinity for no limit below the AC rating. */
  exportLimit: number;
  periodSeconds?: number;
}

/** Every column the chain computes (see {@link pvSystemChain}). */
export interface PvSystemChainResult extends SitePvResult {
  /** The sun at the middle of each period. */
  sun: SolarPosition;
  /** Beam and diffuse on the front plane, W/m2. */
  poaDirect: Float64Array;
  poaDiffuse: Float64Array;
  /** Orientation of the plane, degrees (pvlib's convention). */
  surfaceTilt: Column;
  surfaceAzimuth: Column;
  /** Length of the periods, s. */
  periodSeconds: number;
}

/**
 * The PV system chain of `sitePvPower` and `simulatePv` (arguments already checked): sun at
 * mid-period, plane of array of a fixed rack or a tracker, bifacial rear, monthly soiling, SAPM
 * cell temperature, PVWatts DC, ageing and other losses, PVWatts inverter, export limit. A period
 * whose weather or time is NaN gives NaN (never a plausible number).
 */
export function pvSystemChain(weather: PvWeatherInput, c: PvSystemChainConfig): PvSystemChainResult {
  // The model chain with PVWatts' choices (its preset): Perez sky, physical IAM, no spectral loss,
  // SAPM cell temperature, PVWatts DC and inverter; one array of one "module" of pdc0 on one inverter.
  const etaNom = c.etaInvNom;
  const chain: ResolvedChain = {
    latitude: c.latitude,
    longitude: c.longitude,
    elevation: c.elevation,
    arrays: [
      {
        mount: c.mount,
        smartTracking: c.smartTracking,
        albedo: c.albedo,
        transposition: 'perez',
        aoi: 'physical',
        spectral: 'no_loss',
        temperature: 'sapm',
        dc: 'pvwatts',
        module: { pdc0: c.pdc0, gammaPdc: c.gammaPdc },
        temperatureParameters: { mounting: c.temperatureMounting },
        fd: 1,
        modulesPerString: 1,
        strings: 1,
        ...(c.bifacial !== undefined ? { bifacial: c.bifacial } : {}),
        soilingByMonth: c.soilingByMonth,
        losses: c.otherLosses,
        ...(c.installDate !== undefined ? { ageing: { since: c.installDate, perYear: c.ageRate } } : {}),
        inverter: 0,
      },
    ],
    inverters: [{ model: 'pvwatts', parameters: { pdc0: c.acCapacity / etaNom, etaInvNom: etaNom }, arrays: [0] }],
    decomposition: 'erbs',
    exportLimit: c.exportLimit < c.acCapacity ? c.exportLimit : c.acCapacity,
  };
  const r = runResolvedChain(chain, weather, c.periodSeconds);
  const a = r.arrays[0]!;
  return {
    power: r.ac,
    poaGlobal: a.poaGlobal,
    effectiveIrradiance: a.effectiveIrradiance,
    tempCell: a.tempCell,
    dcPower: a.dc,
    trackerTheta: a.trackerTheta,
    sun: r.sun,
    poaDirect: a.poaDirect,
    poaDiffuse: a.poaDiffuse,
    surfaceTilt: a.surfaceTilt,
    surfaceAzimuth: a.surfaceAzimuth,
    periodSeconds: r.periodSeconds,
  };
}

/** Checks the site's fields once (ranges and kinds; the chain trusts them). */
function checkSite(fn: string, site: PvSiteConfig): void {
  checkObject(fn, 'site', site);
  checkLatitude(fn, site.latitude, 'site.latitude');
  checkLongitude(fn, site.longitude, 'site.longitude');
  const opt = (name: keyof PvSiteConfig, check: (name: string, v: unknown) => unknown): void => {
    if (site[name] !== undefined) check(`site.${name}`, site[name]);
  };
  opt('elevation', (k, v) => checkFinite(fn, k, v, 'm'));
  checkAtLeast(fn, 'site.capacity', site.capacity, 0, 'MW', true);
  checkAtLeast(fn, 'site.capacityDc', site.capacityDc, 0, 'MW', true);
  opt('installDate', (k, v) => checkUnixSeconds(fn, k, v));
  opt('trackingType', (k, v) => checkOneOf(fn, k, v, ['fixed', 'horizontal_single_axis']));
  opt('tilt', (k, v) => checkRange(fn, k, v, 0, 180, 'degrees from horizontal'));
  for (const k of ['azimuth', 'terrainAzimuth', 'trackerAxisAzimuth'] as const)
    opt(k, (name, v) => checkFinite(fn, name, v, 'degrees east of north'));
  opt('terrainSlope', (k, v) => checkRange(fn, k, v, 0, 90, 'degrees'));
  opt('trackerMaxRotationAngle', (k, v) => checkRange(fn, k, v, 0, 180, 'degrees'));
  opt('bifacialityFactor', (k, v) => checkRange(fn, k, v, 0, 1, 'rear over front efficiency'));
  opt('pvrowHeight', (k, v) => checkAtLeast(fn, k, v, 0, 'm'));
  opt('pvrowWidth', (k, v) => checkAtLeast(fn, k, v, 0, 'm', true));
  opt('groundCoverageRatio', (k, v) => checkPositiveFraction(fn, k, v, 'row width over pitch'));
  opt('siteGroundAlbedo', (k, v) => checkRange(fn, k, v, 0, 1, 'fraction'));
  opt('deratingTempModule', (k, v) => checkFinite(fn, k, v, '1/degrees C'));
  opt('deratingAgeSystem', (k, v) => checkRange(fn, k, v, 0, 1, 'fraction per year'));
  opt('deratingOtherSystem', (k, v) => checkRange(fn, k, v, 0, 1, 'fraction'));
  opt('inverterPeakEfficiency', (k, v) => checkPositiveFraction(fn, k, v, 'fraction'));
  opt('gridExportLimit', (k, v) => checkFinite(fn, k, v, 'MW (-1: none)'));
}

/**
 * Advanced PV power of a site, MW, per period.
 *
 * Geometry: fixed racks at `tilt`/`azimuth`, or horizontal single-axis trackers (Anderson &
 * Mikofski 2020 slope-aware backtracking; the axis follows the terrain slope, so its tilt and the
 * cross-axis tilt come from `terrainSlope`/`terrainAzimuth`; smart tracking stows flat at zero
 * DNI). Irradiance: Perez POA with the physical IAM on the beam; bifacial systems add
 * bifaciality x the rear irradiance of infinite sheds (Mikofski et al. 2019, isotropic sky,
 * racking shade 2 %), with rows `pvrowWidth` wide at `pvrowHeight` and pitch width / GCR.
 * Dust soiling by month, cell temperature by SAPM (open rack; glass/glass when bifacial,
 * glass/polymer otherwise), PVWatts DC with pdc0 = capacityDc and the module type's temperature
 * coefficient (or `deratingTempModule`), ageing (1 - rate x years since install), other losses, then the PVWatts
 * inverter with its rating = capacity and a curve whose peak is `inverterPeakEfficiency`, then the
 * export limit. The terrain slope does not change a fixed rack's orientation (its tilt is from
 * horizontal already). Azimuths are pvlib's (degrees east of north). A period whose weather or
 * time is NaN gives NaN power, never 0 MW; a NaN zenith leaves a tracker NaN, not flat.
 *
 * @example
 * const t = Float64Array.of(Date.UTC(2024, 5, 21, 19) / 1000); // the hour ending 19:00 UTC (noon in Arizona)
 * const site = sitePvPower(
 *   { unixSeconds: t, ghi: Float64Array.of(1000), dni: Float64Array.of(900), dhi: Float64Array.of(100), airTemp: 35, windSpeed: 3 },
 *   { latitude: 33.4, longitude: -112, capacity: 10, capacityDc: 12, trackingType: 'horizontal_single_axis' },
 * );
 * site.power[0]; // about 9.6 MW
 */
export function sitePvPower(weather: PvWeatherInput, site: PvSiteConfig): SitePvResult {
  const fn = 'sitePvPower';
  checkSite(fn, site);
  checkPvWeather(fn, weather, site.periodSeconds);
  checkPvWeatherUnits(fn, weather, site.latitude, site.longitude);
  const gcr = site.groundCoverageRatio ?? 0.36;
  let mount: PlaneMount;
  if (site.trackingType === 'horizontal_single_axis') {
    const axisAz = site.trackerAxisAzimuth ?? 180;
    const slope = site.terrainSlope ?? 0;
    const slopeAzimuth = site.terrainAzimuth ?? 180;
    const ground = { slopeAzimuth, slopeTilt: slope, axisAzimuth: axisAz };
    const axisTilt = slope > 0 ? axisTiltOnSlope(ground) : 0;
    const cross = slope > 0 ? crossAxisTilt({ ...ground, axisTilt }) : 0;
    const tracker: SingleAxisOptions = {
      axisTilt,
      axisAzimuth: axisAz,
      maxAngle: site.trackerMaxRotationAngle ?? 60,
      backtrack: site.trackerBackTracking ?? true,
      gcr,
      crossAxisTilt: cross,
    };
    mount = { tracker };
  } else {
    mount = {
      tilt: site.tilt ?? defaultTilt(site.latitude, 40),
      azimuth: site.azimuth ?? defaultAzimuth(site.latitude),
    };
  }
  const bifacial = site.bifacialSystem === true;
  const tech = moduleTechnology(site.moduleType);
  const limit = site.gridExportLimit;
  const chain = pvSystemChain(weather, {
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation ?? 0,
    mount,
    smartTracking: site.trackingType === 'horizontal_single_axis' && site.trackerSmartTracking === true,
    albedo: site.siteGroundAlbedo ?? 0.2,
    ...(bifacial
      ? {
          bifacial: {
            bifaciality: site.bifacialityFactor ?? 0.7,
            height: site.pvrowHeight ?? 1.5,
            width: site.pvrowWidth ?? 2.0,
            gcr,
          },
        }
      : {}),
    soilingByMonth: monthlySoiling(site.dustSoilingAverage),
    temperatureMounting: bifacial ? 'open_rack_glass_glass' : 'open_rack_glass_polymer',
    pdc0: site.capacityDc,
    gammaPdc: site.deratingTempModule !== undefined ? -Math.abs(site.deratingTempModule) : tech.gammaPdc,
    ...(site.installDate !== undefined ? { installDate: site.installDate } : {}),
    ageRate: site.deratingAgeSystem ?? tech.degradationPerYear,
    otherLosses: site.deratingOtherSystem ?? 0.03,
    acCapacity: site.capacity,
    etaInvNom: (site.inverterPeakEfficiency ?? 0.98) / PVWATTS_PEAK_OVER_NOMINAL,
    exportLimit: limit !== undefined && limit >= 0 ? limit : Number.POSITIVE_INFINITY,
    ...(site.periodSeconds !== undefined ? { periodSeconds: site.periodSeconds } : {}),
  });
  const { power, poaGlobal, effectiveIrradiance, tempCell, dcPower, trackerTheta } = chain;
  return { power, poaGlobal, effectiveIrradiance, tempCell, dcPower, trackerTheta };
}
