/**
 * Advanced PV power of a registered PV site (spec 2.1): every field with a physical meaning.
 */
import { infiniteSheds } from '../bifacial/index.js';
import { axisTiltOnSlope, crossAxisTilt, singleAxis } from '../tracking/index.js';
import { asColumn, type Column } from '../util/columns.js';
import { type PvWeatherInput, periodOf, planeOfArray, sunAtPeriodMiddle } from './chainCommon.js';
import {
  apiAzimuthToPvlib,
  defaultApiAzimuth,
  moduleTechnology,
  PVWATTS_PEAK_OVER_NOMINAL,
  SECONDS_PER_YEAR,
} from './conventions.js';
import { pvwattsDc, pvwattsInverter } from './pvwatts.js';
import { sapmCellTemperature } from './temperature.js';

/** A PV site's configuration (the fields of spec 2.1 that have a physical meaning). */
export interface PvSiteConfig {
  latitude: number;
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
  /** Module azimuth, API convention (north 0, east -90; default facing the equator). */
  azimuth?: number;
  /** Average terrain slope, degrees (default 0). */
  terrainSlope?: number;
  /** Downhill direction of the terrain, API convention (default 180). */
  terrainAzimuth?: number;
  /** Tracker axis azimuth off north-south, API convention (default 0: a north-south axis). */
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
  /** Length of the periods, s (default: from the times). */
  periodSeconds?: number;
}

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
    throw new RangeError(`dust_soiling_average must hold 12 or 3 values, got ${values.length}`);
  }
  return monthly;
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
 * horizontal already).
 */
export function sitePvPower(weather: PvWeatherInput, site: PvSiteConfig): SitePvResult {
  const t = weather.unixSeconds;
  const n = t.length;
  const period = periodOf(t, site.periodSeconds);
  const { sun, middle } = sunAtPeriodMiddle(t, period, site.latitude, site.longitude, site.elevation ?? 0, weather.airTemp);
  const albedo: Column = weather.albedo ?? site.siteGroundAlbedo ?? 0.2;
  const gcr = site.groundCoverageRatio ?? 0.36;
  const bifacial = site.bifacialSystem === true;

  let surfaceTilt: Column;
  let surfaceAzimuth: Column;
  let trackerTheta: Float64Array | undefined;
  if (site.trackingType === 'horizontal_single_axis') {
    const axisAzimuth = apiAzimuthToPvlib(site.trackerAxisAzimuth ?? 0) + 180;
    const axisAz = axisAzimuth >= 360 ? axisAzimuth - 360 : axisAzimuth;
    const slope = site.terrainSlope ?? 0;
    const slopeAzimuth = apiAzimuthToPvlib(site.terrainAzimuth ?? 180);
    const axisTilt = slope > 0 ? axisTiltOnSlope(slopeAzimuth, slope, axisAz) : 0;
    const cross = slope > 0 ? crossAxisTilt(slopeAzimuth, slope, axisAz, axisTilt) : 0;
    const tracked = singleAxis(
      { apparentZenith: sun.apparentZenith, solarAzimuth: sun.azimuth },
      {
        axisTilt,
        axisAzimuth: axisAz,
        maxAngle: site.trackerMaxRotationAngle ?? 60,
        backtrack: site.trackerBackTracking ?? true,
        gcr,
        crossAxisTilt: cross,
        diffuseStow: site.trackerSmartTracking === true ? { dni: weather.dni } : undefined,
      },
    );
    // At night the tracker angles are NaN; any orientation gives zero irradiance then.
    const tilt = tracked.surfaceTilt;
    const az = tracked.surfaceAzimuth;
    for (let i = 0; i < n; i++) {
      if (!(tilt[i]! === tilt[i]!)) {
        tilt[i] = 0;
        az[i] = 180;
      }
    }
    surfaceTilt = tilt;
    surfaceAzimuth = az;
    trackerTheta = tracked.trackerTheta;
  } else {
    surfaceTilt = site.tilt ?? Math.min(Math.abs(site.latitude), 40);
    surfaceAzimuth = apiAzimuthToPvlib(site.azimuth ?? defaultApiAzimuth(site.latitude));
  }

  const { poaGlobal, effective } = planeOfArray(weather, sun, middle, surfaceTilt, surfaceAzimuth, albedo);
  if (bifacial) {
    // The rear side adds bifaciality x rear irradiance (net of racking shade) from infinite
    // sheds; the front stays the Perez plane of array of a monofacial system, so a bifacial site
    // never gives less than the same site with monofacial modules.
    const width = site.pvrowWidth ?? 2.0;
    const sheds = infiniteSheds(
      {
        solarZenith: sun.apparentZenith,
        solarAzimuth: sun.azimuth,
        surfaceTilt,
        surfaceAzimuth,
        ghi: weather.ghi,
        dhi: weather.dhi,
        dni: weather.dni,
      },
      {
        gcr,
        height: site.pvrowHeight ?? 1.5,
        pitch: width / gcr,
        albedo,
        bifaciality: site.bifacialityFactor ?? 0.7,
      },
    );
    for (let i = 0; i < n; i++) {
      const rear = sheds.poaGlobal[i]! - sheds.poaFront[i]!;
      if (rear > 0) effective[i] = effective[i]! + rear;
    }
  }

  const soilingByMonth = monthlySoiling(site.dustSoilingAverage);
  for (let i = 0; i < n; i++) {
    const e = effective[i]!;
    const month = new Date(middle[i]! * 1000).getUTCMonth();
    effective[i] = e === e ? (e > 0 ? e : 0) * (1 - soilingByMonth[month]!) : 0;
  }

  const tempCell = sapmCellTemperature(
    { poaGlobal, tempAir: weather.airTemp, windSpeed: weather.windSpeed },
    bifacial ? 'open_rack_glass_glass' : 'open_rack_glass_polymer',
  );
  const tech = moduleTechnology(site.moduleType);
  const gamma = site.deratingTempModule !== undefined ? -Math.abs(site.deratingTempModule) : tech.gammaPdc;
  const dc = pvwattsDc({ effectiveIrradiance: effective, tempCell }, { pdc0: site.capacityDc, gammaPdc: gamma });

  const ageRate = site.deratingAgeSystem ?? tech.degradationPerYear;
  const other = 1 - (site.deratingOtherSystem ?? 0.03);
  const install = site.installDate;
  for (let i = 0; i < n; i++) {
    let ageFactor = 1;
    if (install !== undefined) {
      const years = (middle[i]! - install) / SECONDS_PER_YEAR;
      ageFactor = 1 - ageRate * (years > 0 ? years : 0);
      if (ageFactor < 0) ageFactor = 0;
    }
    const p = dc[i]! * ageFactor * other;
    dc[i] = p > 0 ? p : p === p ? 0 : p;
  }

  const etaNom = (site.inverterPeakEfficiency ?? 0.98) / PVWATTS_PEAK_OVER_NOMINAL;
  const power = pvwattsInverter(dc, { pdc0: site.capacity / etaNom, etaInvNom: etaNom });
  let ceiling = site.capacity;
  const limit = site.gridExportLimit;
  if (limit !== undefined && limit >= 0 && limit < ceiling) ceiling = limit;
  const airTemp = asColumn(weather.airTemp, n);
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    if (p > ceiling) power[i] = ceiling;
    else if (!(p === p) && airTemp[i]! === airTemp[i]!) power[i] = 0;
  }
  return { power, poaGlobal, effectiveIrradiance: effective, tempCell, dcPower: dc, trackerTheta };
}
