/**
 * The model chain's computation, every choice already made and checked (resolve.ts): the sun at
 * mid-period, then per array the plane of array (or the given POA, or the given effective
 * irradiance), the angle of incidence and its modifier, the spectral modifier, the rear side,
 * soiling, the cell temperature, the DC model scaled to the array, its losses; then each inverter
 * and the system's sum. `simulatePv` and `sitePvPower` run through here (src/power/site.ts), so
 * each step repeats their arithmetic in their order: the same doubles.
 */
import { kastenYoungAirmassInto } from '../atmosphere/airmass.js';
import { altitudeToPressure, extraterrestrialRadiation, relativeAirmass } from '../atmosphere/index.js';
import { infiniteShedsRearGain } from '../bifacial/infinite-sheds.js';
import {
  aoi as aoiOf,
  disc,
  erbs,
  iamAshrae,
  iamInterp,
  iamMartinRuiz,
  iamPhysical,
  iamSapm,
  iamSchlick,
} from '../irradiance/index.js';
import {
  spectralFactorCaballero,
  spectralFactorFirstSolar,
  spectralFactorJrc,
  spectralFactorPolo,
  spectralFactorPvspec,
} from '../spectrum/index.js';
import { snowCoverageNrel, snowDcLossNrel } from '../snow/index.js';
import { type PlaneMount, planeOfArray } from '../irradiance/plane-of-array.js';
import type { SkyDiffuseModel } from '../irradiance/transposition.js';
import { periodOf, sunAtPeriodMiddle } from '../power/chain-common.js';
import { SECONDS_PER_YEAR } from '../power/conventions.js';
import { fuentesCellTemperature } from '../power/fuentes.js';
import { genericLinear } from '../power/generic-linear.js';
import { prilliman } from '../power/prilliman.js';
import { noctSamCellTemperature } from '../power/noct-sam.js';
import { pvwattsDc, pvwattsInverter } from '../power/pvwatts.js';
import {
  faimanCellTemperature,
  faimanRad,
  pvsystCellTemperature,
  sapmCellFromModule,
  sapmCellTemperature,
  sapmModule,
} from '../power/temperature.js';
import { calcparamsCec, calcparamsDesoto, calcparamsPvsyst } from '../pv/calcparams.js';
import { adrInverter, pvwattsInverterMulti, sandiaInverter, sandiaInverterMulti } from '../pv/inverter.js';
import { sapm, sapmSpectralLoss } from '../pv/sapm.js';
import { shadedFraction1d } from '../shading/index.js';
import { maxPowerPoint } from '../pv/single-diode.js';
import { fastPosition } from '../solar/fast.js';
import type { SolarPosition } from '../solar/index.js';
import { asColumn, type Column } from '../util/columns.js';

/** The model chain's sky diffuse models (totalIrradiance's, pvlib's names). */
export type TranspositionName = SkyDiffuseModel;
/** The model chain's GHI splitting models, used when the weather has GHI alone. */
export type DecompositionName = 'erbs' | 'disc';
/** The model chain's incidence angle modifiers (pvlib's `aoi_model` names). */
export type AoiName = 'physical' | 'ashrae' | 'sapm' | 'martin_ruiz' | 'interp' | 'schlick' | 'no_loss';
/**
 * The model chain's spectral modifiers: pvlib's `spectral_model` names ('sapm', 'first_solar',
 * 'no_loss') and solarkit's additions of pvlib.spectrum's other factors ('caballero', 'pvspec',
 * 'jrc', 'polo').
 */
export type SpectralName = 'sapm' | 'first_solar' | 'caballero' | 'pvspec' | 'jrc' | 'polo' | 'no_loss';
/**
 * The model chain's cell temperature models: pvlib's `temperature_model` names ('sapm', 'pvsyst',
 * 'faiman', 'fuentes', 'noct_sam') and solarkit's additions ('faiman_rad', 'sapm_cell_from_module',
 * 'generic_linear').
 */
export type TemperatureName =
  | 'sapm'
  | 'pvsyst'
  | 'faiman'
  | 'fuentes'
  | 'noct_sam'
  | 'faiman_rad'
  | 'sapm_cell_from_module'
  | 'generic_linear';
/** The model chain's transient cell temperature (solarkit's addition): Prilliman's, or none. */
export type TransientName = 'prilliman' | 'none';
/** The model chain's DC models (pvlib's `dc_model` names). */
export type DcName = 'pvwatts' | 'sapm' | 'desoto' | 'cec' | 'pvsyst';
/** The model chain's AC models (pvlib's `ac_model` names). */
export type AcName = 'pvwatts' | 'sandia' | 'adr';

/** One array with every model chosen and its parameters checked. */
export interface ResolvedArray {
  mount: PlaneMount;
  smartTracking: boolean;
  /** The array's albedo; the weather's column, when given, wins. */
  albedo: Column;
  transposition: TranspositionName;
  aoi: AoiName;
  spectral: SpectralName;
  temperature: TemperatureName;
  /** Transient cell temperature (absent: none). */
  transient?: TransientName;
  dc: DcName;
  // biome-ignore lint/suspicious/noExplicitAny: a parameter set of the chosen model, checked in resolve.ts
  module: any;
  // biome-ignore lint/suspicious/noExplicitAny: a parameter set of the chosen model, checked in resolve.ts
  temperatureParameters: any;
  /** Diffuse fraction used by the module (SAPM's FD; 1 otherwise). */
  fd: number;
  modulesPerString: number;
  strings: number;
  bifacial?: { bifaciality: number; height: number; width: number; gcr: number };
  /** Row-to-row shade of the front beam (shadedFraction1d): collector width and pitch, one length unit. */
  shading?: { collectorWidth: number; pitch: number };
  soilingByMonth?: Float64Array;
  /** Snow on the rows (Marion et al. 2013): the options of snowCoverageNrel and snowDcLossNrel. */
  snow?: {
    numStrings: number;
    thresholdSnowfall?: number;
    thresholdDepth?: number;
    initialCoverage?: number;
    canSlideCoefficient?: number;
    slideAmountCoefficient?: number;
  };
  losses: number;
  ageing?: { since: number; perYear: number };
  /** The inverter this array feeds, an index of ResolvedChain.inverters. */
  inverter: number;
}

/** One inverter and the arrays on its inputs. */
export interface ResolvedInverter {
  model: AcName;
  // biome-ignore lint/suspicious/noExplicitAny: a parameter set of the chosen model, checked in resolve.ts
  parameters: any;
  arrays: number[];
}

/** A chain with every choice made. */
export interface ResolvedChain {
  latitude: number;
  longitude: number;
  elevation: number;
  /** Site pressure for absolute air mass, Pa: from the elevation when absent from the weather. */
  arrays: ResolvedArray[];
  inverters: ResolvedInverter[];
  decomposition: DecompositionName;
  /** Most the system exports (AC); Infinity for no limit. */
  exportLimit: number;
}

/** The weather of a chain run (checked): shared columns, and per-array POA or effective irradiance. */
export interface RunWeather {
  unixSeconds: Float64Array;
  ghi?: Float64Array;
  dni?: Float64Array;
  dhi?: Float64Array;
  airTemp: Column;
  windSpeed: Column;
  albedo?: Column;
  pressure?: Column;
  airmassAbsolute?: Column;
  precipitableWater?: Column;
  aod500?: Column;
  clearskyIndex?: Column;
  irDown?: Column;
  moduleTemperature?: Column;
  snowfall?: Column;
  snowfallRate?: Column;
  snowDepth?: Column;
  arrays?: readonly RunArrayWeather[];
}

/** What a run is given for one array instead of the sky: its POA, or its effective irradiance. */
export interface RunArrayWeather {
  poaGlobal?: Float64Array;
  poaDirect?: Float64Array;
  poaDiffuse?: Float64Array;
  effectiveIrradiance?: Float64Array;
}

/** The columns of one array after {@link modelChain} (declared here, beside the run that fills them). */
export interface ChainArrayColumns {
  /** The array's name. */
  name: string;
  /** Plane-of-array global irradiance, W/m2. */
  poaGlobal: Float64Array;
  /** Plane-of-array beam irradiance, W/m2. */
  poaDirect: Float64Array;
  /** Plane-of-array diffuse irradiance, W/m2. */
  poaDiffuse: Float64Array;
  /**
   * Angle of incidence of the beam, degrees; NaN at night (the sun below the horizon and no beam
   * on the plane), where pvlib gives the angle to the sun below the horizon.
   */
  aoi: Float64Array;
  /** Incidence angle modifier, unitless; NaN at night, as `aoi` ('no_loss': 1 on every row). */
  aoiModifier: Float64Array;
  /** Spectral modifier, unitless (1 for 'no_loss'). */
  spectralModifier: Float64Array | number;
  /** Irradiance reaching the cells, W/m2 (after the rear side and soiling). */
  effectiveIrradiance: Float64Array;
  /** Cell temperature, degrees C. */
  tempCell: Float64Array;
  /** DC power of the array after its losses, in the unit of the module's power (W for the libraries' modules). */
  dc: Float64Array;
  /** DC voltage at maximum power, V (DC models with voltage). */
  vMp?: Float64Array;
  /** Tilt of the modules, degrees. */
  surfaceTilt: Column;
  /** Direction the modules face, degrees east of north. */
  surfaceAzimuth: Column;
  /** Trackers: rotation, degrees (NaN at night). */
  trackerTheta?: Float64Array;
  /** Arrays with `shading`: the shaded fraction of the collector width, 0..1. */
  shadedFraction?: Float64Array;
  /** Arrays with `snow`: the covered share of the slant height, 0..1. */
  snowCoverage?: Float64Array;
  /** Arrays with `snow`: the DC loss of the snow, fraction (applied to `dc`). */
  snowLoss?: Float64Array;
}

/** The columns of one array after a run: {@link ChainArrayColumns} but its name, which modelChain adds. */
export type RunArrayResult = Omit<ChainArrayColumns, 'name'>;

/** Everything a run computes. */
export interface RunResult {
  sun: SolarPosition;
  middle: Float64Array;
  periodSeconds: number;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  airmassRelative?: Float64Array;
  airmassAbsolute?: Float64Array;
  arrays: RunArrayResult[];
  inverters: Float64Array[];
  ac: Float64Array;
  dc: Float64Array;
}

/**
 * Indices of the rows with light (effective irradiance not 0: NaN rows included), reused; with
 * `darkNaN`, also the dark rows where the cell temperature is NaN. The same pass gathers those
 * rows' effective irradiance and cell temperature into the first rows of litColumns[0] and [1].
 */
let litIndex = new Int32Array(0);
function litRows(effective: Float64Array, tempCell: Float64Array, n: number, darkNaN: boolean): Int32Array {
  if (litIndex.length !== n) litIndex = new Int32Array(n);
  if (litColumns.length === 0 || litColumns[0]!.length !== n)
    litColumns = Array.from({ length: 10 }, () => new Float64Array(n));
  const index = litIndex;
  const gLit = litColumns[0]!;
  const tLit = litColumns[1]!;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const g = effective[i]!;
    const t = tempCell[i]!;
    if (g !== 0 || (darkNaN && t !== t)) {
      index[m] = i;
      gLit[m] = g;
      tLit[m] = t;
      m++;
    }
  }
  return index.subarray(0, m);
}

/** Ten scratch columns of n rows (sized by litRows), seen as their first m rows: the DC step's lit rows. */
let litColumns: Float64Array[] = [];
function litScratch(m: number): Float64Array[] {
  return litColumns.map((c) => c.subarray(0, m));
}

/**
 * Indices of the rows that can have a beam on the plane (apparent zenith not above 90 degrees, a
 * NaN zenith included, or a positive beam), reused; null when that is every row. The same pass
 * gathers those rows' apparent zenith and solar azimuth into the first rows of beamColumns[0] and
 * beamColumns[1] (the other two take a tracker's tilt and azimuth).
 */
let beamIndex = new Int32Array(0);
let beamColumns: Float64Array[] = [];
function beamRowsOf(
  zenith: Float64Array,
  azimuth: Float64Array,
  poaDirect: Float64Array,
  n: number,
): Int32Array | null {
  if (beamIndex.length !== n) {
    beamIndex = new Int32Array(n);
    beamColumns = Array.from({ length: 4 }, () => new Float64Array(n));
  }
  const index = beamIndex;
  const zB = beamColumns[0]!;
  const azB = beamColumns[1]!;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const z = zenith[i]!;
    if (!(z > 90) || poaDirect[i]! > 0) {
      index[m] = i;
      zB[m] = z;
      azB[m] = azimuth[i]!;
      m++;
    }
  }
  return m === n ? null : index.subarray(0, m);
}

/**
 * Scratch of {@link runResolvedChain}'s lean runs (modelChain's), reused from run to run: the
 * period middles, the sun's columns the chain never returns (elevations, equation of time), the
 * solar position's pressure column (101325 Pa, its default, as a column because the air
 * temperature is one) and one NaN column that stands for the sky a run from POA has not.
 */
let leanN = -1;
let leanMiddle = new Float64Array(0);
let leanSunScratch: Float64Array[] = [];
let leanPressure = new Float64Array(0);
let leanNaN = new Float64Array(0);
function leanScratch(n: number): void {
  if (leanN === n) return;
  leanN = n;
  leanMiddle = new Float64Array(n);
  leanSunScratch = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  leanPressure = new Float64Array(n).fill(101325);
  leanNaN = new Float64Array(n).fill(Number.NaN);
}

/** The sun at mid-period as sunAtPeriodMiddle computes it (the same doubles), into lean scratch. */
function leanSun(
  t: Float64Array,
  period: number,
  c: ResolvedChain,
  airTemp: Column,
): { sun: SolarPosition; middle: Float64Array } {
  const n = t.length;
  leanScratch(n);
  const middle = leanMiddle;
  const half = period / 2;
  for (let i = 0; i < n; i++) middle[i] = t[i]! - half;
  const [elevation, apparentElevation, equationOfTime] = leanSunScratch as [Float64Array, Float64Array, Float64Array];
  // modelChain checked the times, the place and the air temperature; the elevations and the
  // equation of time are scratch it never reads.
  const sun = fastPosition(
    {
      unixSeconds: middle,
      latitude: c.latitude,
      longitude: c.longitude,
      elevation: c.elevation,
      temperature: airTemp,
      ...(typeof airTemp === 'number' ? {} : { pressure: leanPressure }),
    },
    {},
    { elevation, apparentElevation, equationOfTime },
    true,
  );
  return { sun, middle };
}

/**
 * Runs a resolved chain over checked weather. Each array goes through the steps of its models; a
 * row whose weather or time is NaN gives NaN, never a plausible number. A `lean` run (modelChain's,
 * whose result keeps neither the middles nor the sun's elevations) computes those into scratch
 * reused by the next lean run, and a run from POA shares one NaN column for GHI, DNI and DHI.
 */
export function runResolvedChain(
  c: ResolvedChain,
  w: RunWeather,
  periodSeconds: number | undefined,
  lean = false,
): RunResult {
  const t = w.unixSeconds;
  const n = t.length;
  const period = periodOf(t, periodSeconds);
  const { sun, middle } = lean
    ? leanSun(t, period, c, w.airTemp)
    : sunAtPeriodMiddle(t, period, c.latitude, c.longitude, c.elevation, w.airTemp);
  const zenith = sun.apparentZenith;
  const ghi = w.ghi;
  let dni = w.dni;
  let dhi = w.dhi;
  const fromSky = w.arrays === undefined;
  if (fromSky && ghi !== undefined && (dni === undefined || dhi === undefined)) {
    // GHI alone: the decomposition splits it with the true zenith, as pvlib's decompositions take.
    if (c.decomposition === 'erbs') {
      const split = erbs({ ghi, zenith: sun.zenith, unixSeconds: middle });
      dni = split.dni;
      dhi = split.dhi;
    } else {
      dni = disc({ ghi, zenith: sun.zenith, unixSeconds: middle }).dni;
      dhi = new Float64Array(n);
      for (let i = 0; i < n; i++) dhi[i] = ghi[i]! - dni[i]! * Math.cos((sun.zenith[i]! * Math.PI) / 180);
    }
  }
  // Relative air mass only where a step reads it (Perez skies, spectral models).
  const needsAirmass = c.arrays.some(
    (a) => a.spectral !== 'no_loss' || a.transposition === 'perez' || a.transposition === 'perez-driesse',
  );
  let airmassRelative: Float64Array | undefined;
  let airmassAbs: Float64Array | undefined;
  if (c.arrays.some((a) => a.spectral !== 'no_loss') && w.airmassAbsolute === undefined) {
    // Both air masses in one pass (the doubles of relativeAirmass and absoluteAirmass).
    airmassRelative = new Float64Array(n);
    airmassAbs = new Float64Array(n);
    kastenYoungAirmassInto(zenith, w.pressure ?? altitudeToPressure(c.elevation)[0]!, airmassRelative, airmassAbs);
  } else {
    airmassRelative = needsAirmass ? relativeAirmass(zenith) : undefined;
    if (w.airmassAbsolute !== undefined && c.arrays.some((a) => a.spectral !== 'no_loss'))
      airmassAbs = asColumn(w.airmassAbsolute, n);
  }
  const dniExtra = fromSky ? extraterrestrialRadiation(middle) : undefined;
  const arrays: RunArrayResult[] = [];
  for (let k = 0; k < c.arrays.length; k++) {
    const a = c.arrays[k]!;
    const given = w.arrays?.[k];
    arrays.push(
      runArray(a, given, {
        w,
        sun,
        middle,
        ghi: ghi!,
        dni: dni!,
        dhi: dhi!,
        dniExtra,
        airmassRelative,
        airmassAbs,
        pressure: c.arrays.some((a) => a.spectral === 'polo')
          ? (w.pressure ?? altitudeToPressure(c.elevation)[0]!)
          : undefined,
      }),
    );
  }
  const inverters: Float64Array[] = [];
  for (const inv of c.inverters) inverters.push(runInverter(inv, arrays));
  let ac: Float64Array;
  if (inverters.length === 1) ac = inverters[0]!;
  else {
    ac = new Float64Array(n);
    for (const col of inverters) for (let i = 0; i < n; i++) ac[i] = ac[i]! + col[i]!;
  }
  const ceiling = c.exportLimit;
  if (ceiling !== Number.POSITIVE_INFINITY) for (let i = 0; i < n; i++) if (ac[i]! > ceiling) ac[i] = ceiling;
  let dc: Float64Array;
  if (arrays.length === 1) dc = arrays[0]!.dc;
  else {
    dc = new Float64Array(n);
    for (const r of arrays) for (let i = 0; i < n; i++) dc[i] = dc[i]! + r.dc[i]!;
  }
  // No sky (a run from POA): NaN columns; a lean run gives one fresh NaN column for the three.
  const none = ghi === undefined || dni === undefined || dhi === undefined;
  const nan = none && lean ? leanNaN.slice() : undefined;
  const nanColumn = (): Float64Array => nan ?? new Float64Array(n).fill(Number.NaN);
  return {
    sun,
    middle,
    periodSeconds: period,
    ghi: ghi ?? nanColumn(),
    dni: dni ?? nanColumn(),
    dhi: dhi ?? nanColumn(),
    ...(airmassRelative !== undefined ? { airmassRelative } : {}),
    ...(airmassAbs !== undefined ? { airmassAbsolute: airmassAbs } : {}),
    arrays,
    inverters,
    ac,
    dc,
  };
}

interface Shared {
  w: RunWeather;
  sun: SolarPosition;
  middle: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  dniExtra: Float64Array | undefined;
  airmassRelative: Float64Array | undefined;
  airmassAbs: Float64Array | undefined;
  /** Site pressure, Pa (Polo's spectral factor): the weather's, else from the elevation. */
  pressure: Column | undefined;
}

function runArray(a: ResolvedArray, given: RunArrayWeather | undefined, s: Shared): RunArrayResult {
  const { w, sun, middle } = s;
  const n = middle.length;
  const zenith = sun.apparentZenith;
  const albedo: Column = w.albedo ?? a.albedo;
  let mount = a.mount;
  if ('tracker' in mount && a.smartTracking) mount = { tracker: { ...mount.tracker, diffuseStow: { dni: s.dni } } };

  // 1. The plane of array: from the sky, or as given.
  let poaGlobal: Float64Array;
  let poaDirect: Float64Array;
  let poaDiffuse: Float64Array;
  let surfaceTilt: Column;
  let surfaceAzimuth: Column;
  let trackerTheta: Float64Array | undefined;
  if (given === undefined) {
    const poa = planeOfArray(
      {
        solarZenith: zenith,
        solarAzimuth: sun.azimuth,
        dni: s.dni,
        ghi: s.ghi,
        dhi: s.dhi,
        dniExtra: s.dniExtra!,
        ...(s.airmassRelative !== undefined ? { airmass: s.airmassRelative } : {}),
        albedo,
      },
      { mount, model: a.transposition },
    );
    poaGlobal = poa.poaGlobal;
    poaDirect = poa.poaDirect;
    poaDiffuse = poa.poaDiffuse;
    surfaceTilt = poa.surfaceTilt;
    surfaceAzimuth = poa.surfaceAzimuth;
    trackerTheta = poa.trackerTheta;
  } else {
    // Given POA (or effective irradiance): the orientation still sets the angle of incidence; a
    // tracker's comes from its rotation.
    if ('tracker' in mount) {
      const geometry = planeOfArray(
        { solarZenith: zenith, solarAzimuth: sun.azimuth, dni: 0, ghi: 0, dhi: 0, albedo: 0 },
        { mount, model: 'isotropic' },
      );
      surfaceTilt = geometry.surfaceTilt;
      surfaceAzimuth = geometry.surfaceAzimuth;
      trackerTheta = geometry.trackerTheta;
    } else {
      surfaceTilt = mount.tilt;
      surfaceAzimuth = mount.azimuth;
    }
    const nan = (): Float64Array => new Float64Array(n).fill(Number.NaN);
    poaGlobal = given.poaGlobal ?? given.effectiveIrradiance ?? nan();
    poaDirect = given.poaDirect ?? nan();
    poaDiffuse = given.poaDiffuse ?? nan();
  }

  // 1b. Row-to-row shade: the front beam falls on the unshaded part of the collector width
  // (Anderson & Jensen 2024); the shaded fraction is 0 at night (NaN rotation).
  let shadedFraction: Float64Array | undefined;
  if (a.shading !== undefined && given === undefined) {
    const rows = a.shading;
    const tracker = 'tracker' in mount ? mount.tracker : undefined;
    const fixedAzimuth = tracker === undefined ? (mount as { azimuth: number }).azimuth : 0;
    shadedFraction = shadedFraction1d(
      {
        solarZenith: zenith,
        solarAzimuth: sun.azimuth,
        shadedRowRotation: tracker !== undefined ? trackerTheta! : (mount as { tilt: number }).tilt,
      },
      {
        axisAzimuth: tracker !== undefined ? (tracker.axisAzimuth ?? 180) : fixedAzimuth - 90,
        axisTilt: tracker?.axisTilt ?? 0,
        crossAxisSlope: tracker?.crossAxisTilt ?? 0,
        collectorWidth: rows.collectorWidth,
        pitch: rows.pitch,
      },
    );
    for (let i = 0; i < n; i++) {
      const f = shadedFraction[i]!;
      if (f !== f) shadedFraction[i] = 0;
      else if (f > 0) {
        const lost = poaDirect[i]! * f;
        poaDirect[i] = poaDirect[i]! - lost;
        poaGlobal[i] = poaGlobal[i]! - lost;
      }
    }
  }

  // 2. Angle of incidence and its modifier, on the rows that can have a beam: the sun above the
  // horizon (or a NaN sun), or a beam on the plane all the same (a measured POA, twilight DNI).
  // The other rows are the night's: no beam for the modifier to act on, and an angle that does not
  // exist (the core's convention, where pvlib's ModelChain gives the angle to the sun below the
  // horizon), NaN in both columns. Polo's spectral factor reads the angle on every row.
  const beamRows = a.spectral === 'polo' ? null : beamRowsOf(zenith, sun.azimuth, poaDirect, n);
  let incidence: Float64Array;
  let modifier: Float64Array;
  if (beamRows === null) {
    incidence = aoiOf({ surfaceTilt, surfaceAzimuth, solarZenith: zenith, solarAzimuth: sun.azimuth });
    modifier = a.aoi === 'no_loss' ? new Float64Array(n) : modifierOf(a, incidence);
  } else {
    // The same kernels on the beam rows gathered into scratch, row for row the same doubles.
    const m = beamRows.length;
    const [zB, azB, tiltB, surfaceAzB] = beamColumns.map((c) => c.subarray(0, m)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const tiltA = typeof surfaceTilt === 'number' ? null : surfaceTilt;
    const surfaceAzA = typeof surfaceAzimuth === 'number' ? null : surfaceAzimuth;
    if (tiltA !== null || surfaceAzA !== null)
      for (let j = 0; j < m; j++) {
        const i = beamRows[j]!;
        if (tiltA !== null) tiltB[j] = tiltA[i]!;
        if (surfaceAzA !== null) surfaceAzB[j] = surfaceAzA[i]!;
      }
    const incidenceB = aoiOf(
      {
        surfaceTilt: tiltA === null ? surfaceTilt : tiltB,
        surfaceAzimuth: surfaceAzA === null ? surfaceAzimuth : surfaceAzB,
        solarZenith: zB,
        solarAzimuth: azB,
      },
      zB,
    );
    const modifierB = a.aoi === 'no_loss' ? undefined : modifierOf(a, incidenceB, azB);
    incidence = new Float64Array(n);
    modifier = new Float64Array(n);
    let next = m > 0 ? beamRows[0]! : n;
    for (let i = 0, j = 0; i < n; i++) {
      if (i === next) {
        incidence[i] = incidenceB[j]!;
        if (modifierB !== undefined) modifier[i] = modifierB[j]!;
        next = ++j < m ? beamRows[j]! : n;
      } else {
        incidence[i] = Number.NaN;
        modifier[i] = Number.NaN;
      }
    }
  }
  if (a.aoi === 'no_loss') modifier.fill(1); // (no_loss: the column of ones the results show)

  // 3. The spectral modifier.
  let spectral: Float64Array | number = 1;
  if (a.spectral === 'sapm') spectral = sapmSpectralLoss(s.airmassAbs!, a.module);
  else if (a.spectral === 'first_solar') {
    const m = a.module;
    spectral = spectralFactorFirstSolar(
      { precipitableWater: w.precipitableWater!, airmassAbsolute: s.airmassAbs! },
      m.firstSolarCoefficients !== undefined
        ? { coefficients: m.firstSolarCoefficients }
        : { moduleType: m.moduleType },
    );
  } else if (a.spectral !== 'no_loss') {
    // solarkit's additions: the module's `moduleType` or its `spectralCoefficients`.
    const m = a.module;
    const o =
      m.spectralCoefficients !== undefined ? { coefficients: m.spectralCoefficients } : { moduleType: m.moduleType };
    if (a.spectral === 'caballero')
      spectral = spectralFactorCaballero(
        { precipitableWater: w.precipitableWater!, airmassAbsolute: s.airmassAbs!, aod500: w.aod500! },
        o,
      );
    else if (a.spectral === 'pvspec')
      spectral = spectralFactorPvspec({ airmassAbsolute: s.airmassAbs!, clearskyIndex: w.clearskyIndex! }, o);
    else if (a.spectral === 'jrc')
      spectral = spectralFactorJrc({ airmass: s.airmassRelative!, clearskyIndex: w.clearskyIndex! }, o);
    else
      spectral = spectralFactorPolo(
        {
          precipitableWater: w.precipitableWater!,
          airmassAbsolute: s.airmassAbs!,
          aod500: w.aod500!,
          aoi: incidence,
          pressure: s.pressure!,
          albedo,
        },
        o,
      );
  }

  // 4. Effective irradiance: spectral x (beam x IAM + FD x diffuse) (pvlib's ModelChain), or as given.
  let effective: Float64Array;
  if (given?.effectiveIrradiance !== undefined) effective = given.effectiveIrradiance.slice();
  else {
    effective = new Float64Array(n);
    const { ghi, dni, dhi } = s;
    const albedoA = typeof albedo === 'number' ? null : albedo;
    const fd = a.fd;
    const spectralA = typeof spectral === 'number' ? null : spectral;
    for (let i = 0; i < n; i++) {
      // Missing weather (or a NaN time, hence a NaN sun) leaves the irradiance unknown.
      if (
        given === undefined &&
        (ghi[i]! !== ghi[i]! ||
          dni[i]! !== dni[i]! ||
          dhi[i]! !== dhi[i]! ||
          zenith[i]! !== zenith[i]! ||
          (albedoA !== null && albedoA[i]! !== albedoA[i]!))
      ) {
        effective[i] = Number.NaN;
        poaGlobal[i] = Number.NaN;
        continue;
      }
      const beam = poaDirect[i]!;
      const diffuse = poaDiffuse[i]!;
      // Below the horizon or behind the plane there is no beam; an undefined sky model value
      // (Perez at DHI = DNI = 0 with the sun up) counts as 0.
      const b = beam > 0 ? beam * modifier[i]! : 0;
      const d = diffuse > 0 ? diffuse : 0;
      let e = fd === 1 ? b + d : b + fd * d;
      if (spectralA !== null) e *= spectralA[i]!;
      effective[i] = e;
      if (given === undefined && !(poaGlobal[i]! >= 0)) poaGlobal[i] = d + (beam > 0 ? beam : 0);
    }
  }

  // 5. The rear side of bifacial rows (infinite sheds): bifaciality x rear irradiance.
  const bifacial = a.bifacial;
  if (bifacial !== undefined) {
    const rearGain = infiniteShedsRearGain(
      {
        solarZenith: zenith,
        solarAzimuth: sun.azimuth,
        surfaceTilt,
        surfaceAzimuth,
        ghi: s.ghi,
        dhi: s.dhi,
        dni: s.dni,
      },
      {
        gcr: bifacial.gcr,
        height: bifacial.height,
        pitch: bifacial.width / bifacial.gcr,
        albedo,
        bifaciality: bifacial.bifaciality,
      },
    );
    for (let i = 0; i < n; i++) {
      const rear = rearGain[i]!;
      if (rear > 0) effective[i] = effective[i]! + rear;
    }
  }

  // 6. Soiling by calendar month (of each period's middle, looked up once per month).
  const soiling = a.soilingByMonth;
  if (soiling !== undefined) {
    let monthStart = Number.NaN;
    let monthEnd = Number.NaN;
    let month = 0;
    for (let i = 0; i < n; i++) {
      const e = effective[i]!;
      const ms = middle[i]! * 1000;
      if (!(ms >= monthStart && ms < monthEnd)) {
        const d = new Date(ms);
        month = d.getUTCMonth();
        monthStart = Date.UTC(d.getUTCFullYear(), month, 1);
        monthEnd = Date.UTC(d.getUTCFullYear(), month + 1, 1);
      }
      // NaN (missing weather) stays NaN.
      effective[i] = e === e ? (e > 0 ? e : 0) * (1 - soiling[month]!) : e;
    }
  }

  // 7. Cell temperature, from the front plane of array (pvlib's ModelChain).
  const tp = a.temperatureParameters;
  const cellInput = { poaGlobal, airTemp: w.airTemp, windSpeed: w.windSpeed };
  let tempCell: Float64Array;
  if (a.temperature === 'sapm') tempCell = sapmCellTemperature(cellInput, tp);
  else if (a.temperature === 'pvsyst') tempCell = pvsystCellTemperature(cellInput, tp);
  else if (a.temperature === 'faiman') tempCell = faimanCellTemperature(cellInput, tp);
  else if (a.temperature === 'fuentes')
    tempCell = fuentesCellTemperature({ ...cellInput, unixSeconds: w.unixSeconds }, tp);
  else if (a.temperature === 'noct_sam')
    tempCell = noctSamCellTemperature({ ...cellInput, effectiveIrradiance: effective }, tp);
  else if (a.temperature === 'faiman_rad')
    tempCell = faimanRad(
      { ...cellInput, irDown: w.irDown! },
      {
        ...(tp.u0 !== undefined ? { u0: tp.u0 } : {}),
        ...(tp.u1 !== undefined ? { u1: tp.u1 } : {}),
        ...(tp.skyView !== undefined ? { skyView: tp.skyView } : {}),
        ...(tp.emissivity !== undefined ? { emissivity: tp.emissivity } : {}),
      },
    );
  else if (a.temperature === 'sapm_cell_from_module') {
    // The weather's measured back-of-module temperature, else SAPM's module temperature.
    const moduleTemperature = w.moduleTemperature ?? sapmModule(cellInput, { a: tp.a, b: tp.b });
    tempCell = sapmCellFromModule(
      { moduleTemperature, poaGlobal },
      { deltaT: tp.deltaT, ...(tp.irradRef !== undefined ? { irradRef: tp.irradRef } : {}) },
    );
  } else tempCell = genericLinear(cellInput, tp);
  // The transient: Prilliman's weighted average of the steady-state temperatures of the last 20 minutes.
  if (a.transient === 'prilliman')
    tempCell = prilliman(
      { unixSeconds: w.unixSeconds, tempCell, windSpeed: w.windSpeed },
      {
        ...(tp.unitMass !== undefined ? { unitMass: tp.unitMass } : {}),
        ...(tp.prillimanCoefficients !== undefined ? { coefficients: tp.prillimanCoefficients } : {}),
      },
    );

  // 8. DC power of one module, scaled to the array.
  const series = a.modulesPerString;
  const factor = series * a.strings;
  const ageing = a.ageing;
  const other = 1 - a.losses;
  // The SAPM and single-diode steps write their lit rows alone; without snow between the scaling
  // and the losses, those rows are scaled and take their losses as they are written (arrayDc: the
  // same operations in the same order), and a dark row stays 0 W and 0 V, as the passes over every
  // row would leave it.
  const scaleLit = a.dc !== 'pvwatts' && a.snow === undefined;
  let dc: Float64Array;
  let vMp: Float64Array | undefined;
  const cells = { effectiveIrradiance: effective, tempCell };
  if (a.dc === 'pvwatts') dc = pvwattsDc(cells, a.module);
  else if (a.dc === 'sapm') {
    // The SAPM on the lit rows alone: a dark row (effective irradiance 0, a cell temperature that
    // is not NaN) is 0 V and 0 W in every output, as the SAPM's own night branch gives.
    dc = new Float64Array(n);
    vMp = new Float64Array(n);
    const lit = litRows(effective, tempCell, n, true);
    const m = lit.length;
    const [gLit, tLit, iSc, iMp, vOc, iX, iXx, pLit, vLit] = litScratch(m);
    sapm({ effectiveIrradiance: gLit, tempCell: tLit }, a.module, { iSc, iMp, vOc, iX, iXx, pMp: pLit, vMp: vLit });
    if (scaleLit) {
      for (let j = 0; j < m; j++) {
        const i = lit[j]!;
        dc[i] = arrayDc(pLit[j]!, factor, ageing, other, middle[i]!);
        vMp[i] = series !== 1 ? vLit[j]! * series : vLit[j]!;
      }
    } else {
      for (let j = 0; j < m; j++) {
        const i = lit[j]!;
        dc[i] = pLit[j]!;
        vMp[i] = vLit[j]!;
      }
    }
  } else {
    // The single-diode models on the lit rows alone. A dark row (effective irradiance 0: the night,
    // about half a year) has photocurrent 0 (or NaN with a NaN temperature, which pvlib's ModelChain
    // fills with 0), whose maximum power point is 0 V, 0 W exactly (solveRow); the five parameters
    // and the solver then run on the lit rows gathered into scratch, row for row the same doubles.
    dc = new Float64Array(n);
    vMp = new Float64Array(n);
    const lit = litRows(effective, tempCell, n, false);
    const m = lit.length;
    const [gLit, tLit, photocurrent, saturationCurrent, resistanceSeries, resistanceShunt, nNsVth, pLit, vLit, iLit] =
      litScratch(m);
    const litCells = { effectiveIrradiance: gLit, tempCell: tLit };
    const into = { photocurrent, saturationCurrent, resistanceSeries, resistanceShunt, nNsVth };
    const p =
      a.dc === 'cec'
        ? calcparamsCec(litCells, a.module, into)
        : a.dc === 'desoto'
          ? calcparamsDesoto(litCells, a.module, into)
          : calcparamsPvsyst(litCells, a.module, into);
    // The maximum power point alone (Bishop's form by Newton's method: within 1e-15 of pvlib's
    // singlediode by Lambert W over a year of the CEC module, at half its cost).
    maxPowerPoint(p, { method: 'newton' }, { pMp: pLit, vMp: vLit, iMp: iLit });
    for (let j = 0; j < m; j++) {
      const i = lit[j]!;
      const power = pLit[j]!;
      // pvlib's ModelChain fills the single-diode NaN (no light) with 0.
      if (power !== power && effective[i]! === effective[i]!) continue;
      if (scaleLit) {
        dc[i] = arrayDc(power, factor, ageing, other, middle[i]!);
        vMp[i] = series !== 1 ? vLit[j]! * series : vLit[j]!;
      } else {
        dc[i] = power;
        vMp[i] = vLit[j]!;
      }
    }
  }
  if (!scaleLit) {
    if (factor !== 1) for (let i = 0; i < n; i++) dc[i] = dc[i]! * factor;
    if (vMp !== undefined && series !== 1) for (let i = 0; i < n; i++) vMp[i] = vMp[i]! * series;
  }

  // 8b. Snow on the rows (Marion et al. 2013): the covered share of the slant height from the
  // weather's snowfall and snow depth, the front POA, the air temperature and the tilt; the DC
  // loss of the cell strings it covers.
  let snowCoverage: Float64Array | undefined;
  let snowLoss: Float64Array | undefined;
  if (a.snow !== undefined) {
    const { numStrings, ...coverageOptions } = a.snow;
    snowCoverage = snowCoverageNrel(
      {
        unixSeconds: w.unixSeconds,
        ...(w.snowfall !== undefined ? { snowfall: w.snowfall } : { snowfallRate: w.snowfallRate! }),
        ...(w.snowDepth !== undefined ? { snowDepth: w.snowDepth } : {}),
        poaIrradiance: poaGlobal,
        airTemp: w.airTemp,
        surfaceTilt,
      },
      coverageOptions,
    );
    snowLoss = snowDcLossNrel(snowCoverage, { numStrings });
    for (let i = 0; i < n; i++) dc[i] = dc[i]! * (1 - snowLoss[i]!);
  }

  // 9. Losses: ageing since installation, then the other DC losses; never below 0 (done above on
  // the lit rows when scaleLit).
  if (!scaleLit) for (let i = 0; i < n; i++) dc[i] = arrayDc(dc[i]!, 1, ageing, other, middle[i]!);

  return {
    poaGlobal,
    poaDirect,
    poaDiffuse,
    aoi: incidence,
    aoiModifier: modifier,
    spectralModifier: spectral,
    effectiveIrradiance: effective,
    tempCell,
    dc,
    ...(vMp !== undefined ? { vMp } : {}),
    surfaceTilt,
    surfaceAzimuth,
    ...(trackerTheta !== undefined ? { trackerTheta } : {}),
    ...(shadedFraction !== undefined ? { shadedFraction } : {}),
    ...(snowCoverage !== undefined ? { snowCoverage, snowLoss: snowLoss! } : {}),
  };
}

/**
 * One row's DC power of the array from p, the module's (or the array's, factor 1): times the
 * modules (factor, skipped at 1), then the ageing since installation at period middle t, then the
 * other losses (other = 1 - losses); never below 0, NaN kept.
 */
function arrayDc(p: number, factor: number, ageing: ResolvedArray['ageing'], other: number, t: number): number {
  const scaled = factor !== 1 ? p * factor : p;
  let ageFactor = 1;
  if (ageing !== undefined) {
    const years = (t - ageing.since) / SECONDS_PER_YEAR;
    ageFactor = 1 - ageing.perYear * (years > 0 ? years : 0);
    if (ageFactor < 0) ageFactor = 0;
  }
  const q = scaled * ageFactor * other;
  return q > 0 ? q : q === q ? 0 : q;
}

/** The incidence angle modifier of the array's model for the angles `incidence`, into `out` if given. */
function modifierOf(a: ResolvedArray, incidence: Float64Array, out?: Float64Array): Float64Array {
  if (a.aoi === 'physical') {
    const { n: index = 1.526, K = 4, L = 0.002 } = a.module;
    return iamPhysical(incidence, { n: index, K, L }, out);
  }
  if (a.aoi === 'ashrae') return iamAshrae(incidence, { b: a.module.b }, out);
  if (a.aoi === 'sapm') return iamSapm(incidence, a.module, out);
  if (a.aoi === 'martin_ruiz') return iamMartinRuiz(incidence, { aR: a.module.aR }, out);
  if (a.aoi === 'interp') return iamInterp(incidence, { thetaRef: a.module.thetaRef, iamRef: a.module.iamRef }, out);
  return iamSchlick(incidence, {}, out);
}

function runInverter(inv: ResolvedInverter, arrays: readonly RunArrayResult[]): Float64Array {
  const on = inv.arrays.map((k) => arrays[k]!);
  if (inv.model === 'pvwatts') {
    return on.length === 1
      ? pvwattsInverter(on[0]!.dc, inv.parameters)
      : pvwattsInverterMulti(
          on.map((r) => r.dc),
          inv.parameters,
        );
  }
  if (inv.model === 'sandia') {
    return on.length === 1
      ? sandiaInverter({ vDc: on[0]!.vMp!, pDc: on[0]!.dc }, inv.parameters)
      : sandiaInverterMulti({ vDc: on.map((r) => r.vMp!), pDc: on.map((r) => r.dc) }, inv.parameters);
  }
  return adrInverter({ vDc: on[0]!.vMp!, pDc: on[0]!.dc }, inv.parameters);
}
