import { arrayOf, type Column, outputColumn, scalarOf, seriesLength } from '../util/columns.js';
import { ATAN_NODES, atan2Table, COS_NODES, cosDegTable, SIN_NODES } from '../util/trig-tables.js';
import { lazyWasmKernel, loadWasmKernel, writePairs } from '../util/wasm.js';
import { checkSingleAxis } from './checks.js';
import { SINGLE_AXIS_WASM_BASE64 } from './wasm/single-axis.wasm.js';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;
/**
 * Rows per block, in three passes: the direction of the rotation (sun vector, ideal rotation,
 * backtracking), its angle and limits, then the surface and the incidence. Short loops over a
 * block let the processor overlap rows on the long serial chain of each.
 */
const BLOCK = 256;
const SCRATCH_CZ = new Float64Array(BLOCK);
const SCRATCH_E = new Float64Array(BLOCK);
const SCRATCH_N = new Float64Array(BLOCK);
const SCRATCH_THETA = new Float64Array(BLOCK);
const SCRATCH_COS = new Float64Array(BLOCK);
const SCRATCH_SIN = new Float64Array(BLOCK);

/** Sun position columns for {@link singleAxis}. */
export interface SingleAxisInput {
  /** Apparent (refraction-corrected) solar zenith, degrees. */
  apparentZenith: Column;
  /** Solar azimuth, degrees east of north. */
  solarAzimuth: Column;
}

/** Tracker geometry and control for {@link singleAxis}. */
export interface SingleAxisOptions {
  /**
   * Tilt of the rotation axis from horizontal, degrees; positive means the axis dips downward
   * towards `axisAzimuth`. Default 0.
   */
  axisTilt?: number;
  /** Compass direction of the axis, degrees east of north (0 or 180: north-south axis). Default 0. */
  axisAzimuth?: number;
  /**
   * Rotation limit from the axis's zero (horizontal) position, degrees: one number for a symmetric
   * limit [-max, +max], or [min, max]. Default 90.
   */
  maxAngle?: number | readonly [number, number];
  /** Whether the tracker backtracks to avoid row-to-row shading. Default true. */
  backtrack?: boolean;
  /** Ground coverage ratio: collector width over row pitch (<= 1). Default 2/7. */
  gcr?: number;
  /**
   * Cross-axis tilt of the ground in the plane perpendicular to the axes, degrees, right-handed
   * (see {@link crossAxisTilt}). Default 0 (level across the rows).
   */
  crossAxisTilt?: number;
  /**
   * Diffuse stow ("smart tracking"): where the sun is up and DNI <= `dniThreshold` (default 0)
   * the tracker is laid flat (rotation 0, clipped into the rotation limits) instead of following
   * the sun. Under overcast skies a horizontal collector sees the brightest part of a roughly
   * isotropic sky, so it collects more than one pointed at a sun that is not there
   * (Kelly & Gibson 2009, Solar Energy 83(11) 2092-2102, doi:10.1016/j.solener.2009.08.009).
   */
  diffuseStow?: { dni: Column; dniThreshold?: number };
}

/** Output columns of {@link singleAxis}; all degrees, NaN where the sun is below the horizon. */
export interface SingleAxisResult {
  /** Rotation of the tracker about its axis, right-handed about the axis direction; 0 is flat. */
  trackerTheta: Float64Array;
  /** Angle of incidence of the beam on the rotated surface. */
  aoi: Float64Array;
  /** Tilt of the rotated surface from horizontal, in [0, 180]. */
  surfaceTilt: Float64Array;
  /** Azimuth of the rotated surface normal, [0, 360); `axisAzimuth - 90` where the surface is flat. */
  surfaceAzimuth: Float64Array;
}

/**
 * Rotation of a single-axis tracker and the resulting surface orientation and angle of
 * incidence, for each sun position.
 *
 * The ideal (true-tracking) rotation puts the sun vector in the plane that contains the axis and
 * the panel normal: it is the sun's zenith projected on the plane perpendicular to the axis
 * (Anderson & Mikofski 2020, eqs. 4-5). With backtracking, the rotation is pulled back just far
 * enough that a row's shadow does not reach the next row, on ground that may slope across the
 * axes (same report, eqs. 14-16, after Lorenzo, Narvarte & Muñoz 2011, doi:10.1002/pip.1085).
 * The rotation is then clipped to the limits. Surface tilt follows Marion & Dobos 2013 (eq. 1);
 * surface azimuth is the horizontal projection of the rotated normal, as pvlib does, so it stays
 * meaningful for any rotation sign.
 *
 * Where the apparent zenith exceeds 90 degrees, or an input is NaN (zenith, azimuth, or the DNI of
 * a diffuse stow), every output is NaN, as in pvlib.tracking.singleaxis: a tracker whose sun is
 * unknown is never reported flat.
 *
 * References: K. Anderson and M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers",
 * NREL/TP-5K00-76626, 2020, doi:10.2172/1660126. W. Marion and A. Dobos, "Rotation Angle for the
 * Optimum Tracking of One-Axis Trackers", NREL/TP-6A20-58891, 2013, doi:10.2172/1089596.
 *
 * @param input apparent zenith and solar azimuth, degrees (columns or scalars)
 * @param options axis geometry, limits, backtracking, ground coverage ratio, cross-axis tilt
 * @param out optional output buffers (any subset), each of the series length
 * @example
 * // The sun 30 degrees from the zenith in the east-south-east; a north-south axis, +-60 degrees:
 * const t = singleAxis({ apparentZenith: 30, solarAzimuth: 110 }, { axisAzimuth: 180, maxAngle: 60, backtrack: true, gcr: 0.35 });
 * t.surfaceTilt[0]; // about 28.48 degrees (pvlib: 28.48123828)
 * t.surfaceAzimuth[0]; // => 90
 */
export function singleAxis(
  input: SingleAxisInput,
  options: SingleAxisOptions = {},
  out: Partial<SingleAxisResult> = {},
): SingleAxisResult {
  checkSingleAxis(input, options);
  const { apparentZenith, solarAzimuth } = input;
  const stow = options.diffuseStow;
  const stowDni = stow?.dni ?? 0;
  const n = seriesLength(apparentZenith, solarAzimuth, stowDni);

  const axisTilt = options.axisTilt ?? 0;
  const axisAzimuth = options.axisAzimuth ?? 0;
  const maxAngleOpt = options.maxAngle ?? 90;
  const backtrack = options.backtrack ?? true;
  const gcr = options.gcr ?? 2 / 7;
  const crossTilt = options.crossAxisTilt ?? 0;
  const minAngle = typeof maxAngleOpt === 'number' ? -maxAngleOpt : maxAngleOpt[0];
  const maxAngle = typeof maxAngleOpt === 'number' ? maxAngleOpt : maxAngleOpt[1];
  const stowThreshold = stow?.dniThreshold ?? 0;

  const trackerTheta = outputColumn(out.trackerTheta, n, 'trackerTheta');
  const aoiOut = outputColumn(out.aoi, n, 'aoi');
  const surfaceTilt = outputColumn(out.surfaceTilt, n, 'surfaceTilt');
  const surfaceAzimuth = outputColumn(out.surfaceAzimuth, n, 'surfaceAzimuth');

  // Axis frame: y along the axis (azimuth, dipping by axisTilt), x 90 degrees clockwise from y
  // and horizontal, z up. Projection of the sun vector on x and z (Anderson & Mikofski eq. 4).
  // From the degree tables, which are exact at multiples of 90 degrees: a sun exactly in the
  // vertical plane of a north-south or east-west axis then gives exactly zero rotation.
  const cosAz = cosDegTable(axisAzimuth);
  const sinAz = cosDegTable(90 - axisAzimuth);
  const cosTilt = Math.cos(axisTilt * DEG);
  const sinTilt = Math.sin(axisTilt * DEG);
  // Rotated panel normal in east-north-up, Rz(-azimuth) Rx(-tilt) Ry(theta) (0, 0, 1):
  //   east = sinAz sinTilt cos(theta) + cosAz sin(theta)
  //   north = cosAz sinTilt cos(theta) - sinAz sin(theta),  up = cosTilt cos(theta)
  const eastCos = sinAz * sinTilt;
  const northCos = cosAz * sinTilt;
  const flatAzimuth = (((axisAzimuth - 90) % 360) + 360) % 360;
  const westAzimuth = (((axisAzimuth + 90) % 360) + 360) % 360;
  const levelAxis = axisTilt === 0;

  // Backtracking: row spacing in collector widths along the cross-axis slope (eq. 14).
  const axesDistance = 1 / (gcr * Math.cos(crossTilt * DEG));
  const cosCross = Math.cos(crossTilt * DEG);
  const sinCross = Math.sin(crossTilt * DEG);
  const cosMin = Math.cos(minAngle * DEG);
  const sinMin = Math.sin(minAngle * DEG);
  const cosMax = Math.cos(maxAngle * DEG);
  const sinMax = Math.sin(maxAngle * DEG);
  // The stowed rotation: flat, unless the limits exclude flat.
  const stowTheta = Math.min(Math.max(0, minAngle), maxAngle);
  const cosStow = Math.cos(stowTheta * DEG);
  const sinStow = Math.sin(stowTheta * DEG);

  // The constants of the rows, for trackRows (a Float64Array: every read a double).
  const k = new Float64Array(K_SLOTS);
  k[K_COS_AZ] = cosAz;
  k[K_SIN_AZ] = sinAz;
  k[K_COS_TILT] = cosTilt;
  k[K_SIN_TILT] = sinTilt;
  k[K_EAST_COS] = eastCos;
  k[K_NORTH_COS] = northCos;
  k[K_FLAT_AZ] = flatAzimuth;
  k[K_WEST_AZ] = westAzimuth;
  k[K_LEVEL] = levelAxis ? 1 : 0;
  k[K_AXES_DISTANCE] = axesDistance;
  k[K_COS_CROSS] = cosCross;
  k[K_SIN_CROSS] = sinCross;
  k[K_COS_MIN] = cosMin;
  k[K_SIN_MIN] = sinMin;
  k[K_COS_MAX] = cosMax;
  k[K_SIN_MAX] = sinMax;
  k[K_STOW_THETA] = stowTheta;
  k[K_COS_STOW] = cosStow;
  k[K_SIN_STOW] = sinStow;
  k[K_STOW_THRESHOLD] = stowThreshold;
  k[K_MIN] = minAngle;
  k[K_MAX] = maxAngle;
  k[K_BACKTRACK] = backtrack ? 1 : 0;
  k[K_STOW] = stow !== undefined ? 1 : 0;
  k[K_Z] = scalarOf(apparentZenith);
  k[K_A] = scalarOf(solarAzimuth);
  k[K_D] = scalarOf(stowDni);
  const zArr = arrayOf(apparentZenith);
  const aArr = arrayOf(solarAzimuth);
  const dArr = arrayOf(stowDni);
  if (trackRowsWasm(n, zArr, aArr, dArr, k, trackerTheta, aoiOut, surfaceTilt, surfaceAzimuth)) {
    return { trackerTheta, aoi: aoiOut, surfaceTilt, surfaceAzimuth };
  }
  for (let start = 0; start < n; start += BLOCK) {
    const end = start + BLOCK < n ? start + BLOCK : n;
    trackRows(start, end, zArr, aArr, dArr, k, trackerTheta, aoiOut, surfaceTilt, surfaceAzimuth);
  }
  return { trackerTheta, aoi: aoiOut, surfaceTilt, surfaceAzimuth };
}

/** The loaded WebAssembly form of trackRows: its run function and memory (offsets in doubles). */
interface TrackWasm {
  run: (rows: number) => void;
  memory: Float64Array;
  blockRows: number;
  constants: number;
  zenith: number;
  azimuth: number;
  dni: number;
  theta: number;
  aoi: number;
  tilt: number;
  surfaceAzimuth: number;
}

function loadTrackWasm(): TrackWasm | null {
  const kernel = loadWasmKernel(SINGLE_AXIS_WASM_BASE64, { js: { cos: Math.cos, sin: Math.sin } });
  if (kernel === null) return null;
  const { exports, memory, offset } = kernel;
  // cos and sin of each node side by side, and the arctangent nodes (see wasm/single-axis.wat).
  writePairs(memory, offset('nodeTable'), COS_NODES, SIN_NODES);
  memory.set(ATAN_NODES, offset('atanTable'));
  return {
    run: exports.track as TrackWasm['run'],
    memory,
    blockRows: (exports.blockRows as { value: number }).value,
    constants: offset('constants'),
    zenith: offset('zenith'),
    azimuth: offset('azimuth'),
    dni: offset('dni'),
    theta: offset('theta'),
    aoi: offset('aoi'),
    tilt: offset('tilt'),
    surfaceAzimuth: offset('surfaceAzimuth'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const trackWasm = lazyWasmKernel(loadTrackWasm);

/**
 * Which form of the tracker's row loop {@link singleAxis} runs in this engine: 'wasm'
 * (WebAssembly SIMD, see wasm/single-axis.wat) where the module loads and the kernels are on
 * (setWasmKernels in util/wasm.ts), else 'typescript'. Both give the same doubles [deg];
 * Anderson & Mikofski (2020). Loads the module on its first call, as singleAxis does.
 * @example
 * singleAxisKernelInUse(); // => 'wasm'
 */
export function singleAxisKernelInUse(): 'wasm' | 'typescript' {
  return trackWasm() === null ? 'typescript' : 'wasm';
}

/**
 * The rows in WebAssembly SIMD (wasm/single-axis.wat), block by block: the constants are written
 * once, each block's columns are copied into the module's memory (a one-value column filled in),
 * its loop takes two rows per f64x2 instruction, and the results are copied out. The loop repeats
 * the IEEE operations of {@link trackRows} in its order, so the doubles are the same (the tests
 * compare them bit for bit). Returns false, having done nothing, where the module cannot run (no
 * WebAssembly or SIMD) or the kernels are switched off. Measured against trackRows: docs/performance.md,
 * "Single-axis tracker".
 */
function trackRowsWasm(
  n: number,
  zArr: Float64Array | null,
  aArr: Float64Array | null,
  dArr: Float64Array | null,
  k: Float64Array,
  trackerTheta: Float64Array,
  aoiOut: Float64Array,
  surfaceTilt: Float64Array,
  surfaceAzimuth: Float64Array,
): boolean {
  const kernel = trackWasm();
  if (kernel === null) return false;
  const { run, memory, blockRows, constants, zenith, azimuth, dni, theta, aoi, tilt } = kernel;
  memory.set(k, constants);
  const stowOn = k[K_STOW] === 1;
  // A one-value column: filled once for the whole block (the scalar rows never change).
  if (zArr === null) memory.fill(k[K_Z]!, zenith, zenith + blockRows);
  if (aArr === null) memory.fill(k[K_A]!, azimuth, azimuth + blockRows);
  if (stowOn && dArr === null) memory.fill(k[K_D]!, dni, dni + blockRows);
  for (let start = 0; start < n; start += blockRows) {
    const end = start + blockRows < n ? start + blockRows : n;
    const rows = end - start;
    if (zArr !== null) memory.set(zArr.subarray(start, end), zenith);
    if (aArr !== null) memory.set(aArr.subarray(start, end), azimuth);
    if (stowOn && dArr !== null) memory.set(dArr.subarray(start, end), dni);
    if ((rows & 1) === 1) {
      // The last pair's second lane repeats the last row, so that it reads defined inputs.
      memory[zenith + rows] = memory[zenith + rows - 1]!;
      memory[azimuth + rows] = memory[azimuth + rows - 1]!;
      memory[dni + rows] = memory[dni + rows - 1]!;
    }
    run(rows);
    trackerTheta.set(memory.subarray(theta, theta + rows), start);
    aoiOut.set(memory.subarray(aoi, aoi + rows), start);
    surfaceTilt.set(memory.subarray(tilt, tilt + rows), start);
    surfaceAzimuth.set(memory.subarray(kernel.surfaceAzimuth, kernel.surfaceAzimuth + rows), start);
  }
  return true;
}

// Slots of the constants handed to trackRows.
const K_COS_AZ = 0,
  K_SIN_AZ = 1,
  K_COS_TILT = 2,
  K_SIN_TILT = 3,
  K_EAST_COS = 4,
  K_NORTH_COS = 5;
const K_FLAT_AZ = 6,
  K_WEST_AZ = 7,
  K_LEVEL = 8,
  K_AXES_DISTANCE = 9,
  K_COS_CROSS = 10,
  K_SIN_CROSS = 11;
const K_COS_MIN = 12,
  K_SIN_MIN = 13,
  K_COS_MAX = 14,
  K_SIN_MAX = 15,
  K_STOW_THETA = 16,
  K_COS_STOW = 17;
const K_SIN_STOW = 18,
  K_STOW_THRESHOLD = 19,
  K_MIN = 20,
  K_MAX = 21,
  K_BACKTRACK = 22,
  K_STOW = 23;
const K_Z = 24,
  K_A = 25,
  K_D = 26;
const K_SLOTS = 27;

/**
 * The tracker over rows [start, end) (at most BLOCK), in three passes through the block's
 * scratch. A function of its own, called once per block: V8 then compiles it whole, with type
 * feedback, after a few blocks. As one loop inside singleAxis it ran as on-stack-replacement code
 * on every series (singleAxis itself is called too rarely to be compiled whole), measured
 * 1.4-1.7e7 points/s against 2.5-2.7e7 once compiled whole (interleaved best-of-30 CPU time, the
 * bench's 1e6 points). `k` holds the constants (K_ slots); a null array reads its K_ scalar.
 */
function trackRows(
  start: number,
  end: number,
  zArr: Float64Array | null,
  aArr: Float64Array | null,
  dArr: Float64Array | null,
  k: Float64Array,
  trackerTheta: Float64Array,
  aoiOut: Float64Array,
  surfaceTilt: Float64Array,
  surfaceAzimuth: Float64Array,
): void {
  const cosAz = k[K_COS_AZ]!,
    sinAz = k[K_SIN_AZ]!,
    cosTilt = k[K_COS_TILT]!,
    sinTilt = k[K_SIN_TILT]!;
  const eastCos = k[K_EAST_COS]!,
    northCos = k[K_NORTH_COS]!,
    flatAzimuth = k[K_FLAT_AZ]!,
    westAzimuth = k[K_WEST_AZ]!;
  const levelAxis = k[K_LEVEL]! === 1,
    axesDistance = k[K_AXES_DISTANCE]!,
    cosCross = k[K_COS_CROSS]!,
    sinCross = k[K_SIN_CROSS]!;
  const cosMin = k[K_COS_MIN]!,
    sinMin = k[K_SIN_MIN]!,
    cosMax = k[K_COS_MAX]!,
    sinMax = k[K_SIN_MAX]!;
  const stowTheta = k[K_STOW_THETA]!,
    cosStow = k[K_COS_STOW]!,
    sinStow = k[K_SIN_STOW]!,
    stowThreshold = k[K_STOW_THRESHOLD]!;
  const minAngle = k[K_MIN]!,
    maxAngle = k[K_MAX]!,
    backtrack = k[K_BACKTRACK]! === 1,
    stowOn = k[K_STOW]! === 1;
  const zScalar = k[K_Z]!,
    aScalar = k[K_A]!,
    dScalar = k[K_D]!;
  // Tables and the tabulated atan2 in locals (see trig-tables.ts): cos and sin of the sun angles
  // from a quarter-degree node and remainder series, atan2 from its node table, the arccosines as
  // atan2(sqrt((1 - p)(1 + p)), p); all within a few 1e-16 of the library calls they replace.
  const cosNodes = COS_NODES;
  const sinNodes = SIN_NODES;
  const atan2 = atan2Table;

  const scrCz = SCRATCH_CZ;
  const scrE = SCRATCH_E;
  const scrN = SCRATCH_N;
  const scrTheta = SCRATCH_THETA;
  const scrCos = SCRATCH_COS;
  const scrSin = SCRATCH_SIN;
  for (let i = start; i < end; i++) {
    const zenith = zArr === null ? zScalar : zArr[i]!;
    const azimuth = aArr === null ? aScalar : aArr[i]!;
    // The sun below the horizon, or an unknown input (a NaN zenith, azimuth or stow DNI): every
    // output of the row is NaN, as pvlib (a NaN azimuth would otherwise lay the tracker flat with a
    // plausible orientation). The last pass writes the NaNs.
    if (
      !(zenith <= 90) ||
      azimuth !== azimuth ||
      (stowOn && (dArr === null ? dScalar : dArr[i]!) !== (dArr === null ? dScalar : dArr[i]!))
    ) {
      scrCz[i - start] = Number.NaN;
      continue;
    }
    let cz: number;
    let sz: number;
    if (zenith >= 0) {
      const k = Math.floor(zenith * 4 + 0.5);
      const r = (zenith - k * 0.25) * DEG;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      cz = cosNodes[k]! * cr - sinNodes[k]! * sr;
      sz = sinNodes[k]! * cr + cosNodes[k]! * sr;
    } else {
      cz = Math.cos(zenith * DEG);
      sz = Math.sin(zenith * DEG);
    }
    let sunE: number;
    let sunN: number;
    if (azimuth >= 0 && azimuth <= 360) {
      const k = Math.floor(azimuth * 4 + 0.5);
      const r = (azimuth - k * 0.25) * DEG;
      const r2 = r * r;
      const cr = 1 - r2 * (0.5 - r2 * (1 / 24));
      const sr = r * (1 - r2 * (1 / 6 - r2 * (1 / 120)));
      sunE = sz * (sinNodes[k]! * cr + cosNodes[k]! * sr);
      sunN = sz * (cosNodes[k]! * cr - sinNodes[k]! * sr);
    } else {
      sunE = sz * Math.sin(azimuth * DEG);
      sunN = sz * Math.cos(azimuth * DEG);
    }

    // The sun projected on the plane across the axis: its part across the axis, and its upward
    // part, for a level axis cos z itself.
    const xp = sunE * cosAz - sunN * sinAz;
    const zp = levelAxis ? cz : (sunE * sinAz + sunN * cosAz) * sinTilt + cz * cosTilt;
    let theta: number;
    let cosTh: number;
    let sinTh: number;
    const stowed = stowOn && (dArr === null ? dScalar : dArr[i]!) <= stowThreshold;
    if (stowed) {
      theta = stowTheta;
      cosTh = cosStow;
      sinTh = sinStow;
    } else {
      const r = Math.sqrt(xp * xp + zp * zp);
      // cos and sin of the ideal rotation, kept algebraic to spare trigonometric calls. A sun
      // exactly along the axis has no preferred rotation: flat, as atan2(0, 0) = 0 gives pvlib.
      let c = r > 0 ? zp / r : 1;
      let s = r > 0 ? xp / r : 0;
      if (backtrack) {
        // |cos(omega - crossTilt)| scaled by the row spacing: below 1, the shadow reaches the
        // next row and the rotation is pulled back by arccos of it (eqs. 14-16).
        const temp = Math.abs(axesDistance * (c * cosCross + s * sinCross));
        if (temp < 1 && s !== 0) {
          const sinCorr = Math.sqrt(1 - temp * temp);
          // theta = omega - sign(omega) * arccos(temp)
          const sign = s > 0 ? 1 : -1;
          const c2 = c * temp + sign * s * sinCorr;
          const s2 = s * temp - sign * c * sinCorr;
          c = c2;
          s = s2;
        }
      }
      // The rotation angle and the limits follow in the next pass (NaN: not yet known).
      theta = Number.NaN;
      cosTh = c;
      sinTh = s;
    }
    const j = i - start;
    scrCz[j] = cz;
    // The last pass projects the sun on a level axis's normal from xp and cos z.
    scrE[j] = levelAxis ? xp : sunE;
    scrN[j] = sunN;
    scrTheta[j] = theta;
    scrCos[j] = cosTh;
    scrSin[j] = sinTh;
  }
  for (let i = start; i < end; i++) {
    const j = i - start;
    if (scrTheta[j]! === scrTheta[j]! || scrCz[j]! !== scrCz[j]!) continue; // stowed, or the sun is down
    let c = scrCos[j]!;
    let s = scrSin[j]!;
    let theta = atan2(s, c) * RAD;
    if (theta > maxAngle) {
      theta = maxAngle;
      c = cosMax;
      s = sinMax;
    } else if (theta < minAngle) {
      theta = minAngle;
      c = cosMin;
      s = sinMin;
    }
    scrTheta[j] = theta;
    scrCos[j] = c;
    scrSin[j] = s;
  }
  for (let i = start; i < end; i++) {
    const j = i - start;
    const cz = scrCz[j]!;
    if (cz !== cz) {
      trackerTheta[i] = Number.NaN;
      aoiOut[i] = Number.NaN;
      surfaceTilt[i] = Number.NaN;
      surfaceAzimuth[i] = Number.NaN;
      continue;
    }
    const theta = scrTheta[j]!;
    const cosTh = scrCos[j]!;
    const sinTh = scrSin[j]!;
    let tilt: number;
    let surfAz: number;
    let proj: number;
    if (levelAxis) {
      // A level axis: the tilt is the rotation's size and the face looks square to the axis,
      // to one side or the other (Marion & Dobos eq. 1 with a zero axis tilt), which spares an
      // arccosine and an arctangent per row. The normal (sin theta across the axis, cos theta
      // up) projects the sun from its part across the axis (scrE) and cos z: the dot product
      // with the normal below, two products fewer.
      tilt = theta < 0 ? -theta : theta + 0; // + 0 turns -0 into 0
      surfAz = theta > 0 ? westAzimuth : flatAzimuth;
      proj = sinTh * scrE[j]! + cosTh * cz;
    } else {
      // Surface normal (east, north, up).
      const nE = eastCos * cosTh + cosAz * sinTh;
      const nN = northCos * cosTh - sinAz * sinTh;
      let nU = cosTilt * cosTh;
      if (nU > 1) nU = 1;
      else if (nU < -1) nU = -1;
      if ((tilt = atan2(Math.sqrt((1 - nU) * (1 + nU)), nU) * RAD) === 0) {
        surfAz = flatAzimuth;
      } else {
        surfAz = atan2(nE, nN) * RAD;
        if (surfAz < 0) surfAz += 360;
        if (surfAz >= 360) surfAz -= 360;
      }
      proj = nE * scrE[j]! + nN * scrN[j]! + nU * cz;
    }
    if (proj > 1) proj = 1;
    else if (proj < -1) proj = -1;

    trackerTheta[i] = theta;
    surfaceTilt[i] = tilt;
    surfaceAzimuth[i] = surfAz;
    aoiOut[i] = atan2(Math.sqrt((1 - proj) * (1 + proj)), proj) * RAD;
  }
}
