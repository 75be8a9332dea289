import { lazyWasmKernel, loadWasmKernel } from '../util/wasm.js';
import { checkTiltAndGcr, groundSkyHalfPlane, groundSkyVf, rowGroundVf, rowSkyVf } from './view-factors.js';
import { VIEW_FACTORS_WASM_BASE64 } from './wasm/view-factors.wasm.js';

/**
 * The view factors of a list of row tilts at once, for the series kernel of infinite-sheds.ts: for
 * each tilt, those of the front face (the tilt) and of the rear face (180 - tilt), with the
 * cosines and sines of both. Where the WebAssembly module runs (wasm/view-factors.wat),
 * groundSkyVf takes two faces per f64x2 instruction; the results are the same doubles as the
 * TypeScript functions of view-factors.ts (the tests compare them bit for bit), which compute the
 * others, and all of them elsewhere. The geometry is Mikofski et al. 2019
 * (doi:10.1109/PVSC40753.2019.8980572) with the exact integrals of Anderson, Jensen and Hansen 2026
 * (doi:10.1109/JPHOTOV.2026.3677506), as view-factors.ts.
 */

const DEG = Math.PI / 180;

/** Values per tilt in the output: see {@link tiltViewFactors}. */
export const TILT_VALUES = 10;

/** The loaded module: its loop, its memory as doubles and the block layout (in doubles). */
interface ViewFactorsWasm {
  groundSky: (count: number, gcr: number, height: number, pitch: number, maxRows: number) => void;
  memory: Float64Array;
  block: number;
  tilt: number;
  cos: number;
  sin: number;
  groundSkyOut: number;
}

function loadViewFactorsWasm(): ViewFactorsWasm | null {
  const kernel = loadWasmKernel(VIEW_FACTORS_WASM_BASE64, {});
  if (kernel === null) return null;
  const e = kernel.exports;
  return {
    groundSky: e.groundSky as ViewFactorsWasm['groundSky'],
    memory: kernel.memory,
    block: (e.blockTilts as { value: number }).value,
    tilt: kernel.offset('tilt'),
    cos: kernel.offset('cos'),
    sin: kernel.offset('sin'),
    groundSkyOut: kernel.offset('groundSkyOut'),
  };
}

/** The module, loaded on first use; null where it cannot run or the kernels are off. */
const viewFactorsWasm = lazyWasmKernel(loadViewFactorsWasm);

/**
 * Which form computes {@link tiltViewFactors}' ground-to-sky view factors in this engine: 'wasm'
 * (WebAssembly SIMD) where the module loads and the kernels are on, else 'typescript'. The same
 * doubles either way.
 */
export function viewFactorsKernelInUse(): 'wasm' | 'typescript' {
  return viewFactorsWasm() === null ? 'typescript' : 'wasm';
}

/**
 * For tilts[j], j < count (degrees; gcr in (0, 1], height >= 0, pitch > 0 and maxRows >= 0
 * checked by the caller), writes out[10 j ...] = rowSkyVf, rowGroundVf, groundSkyVf of the front
 * face (tilt), the same three of the rear face (180 - tilt), then cos and sin of the front tilt
 * and of the rear tilt. Tilts outside [0, 180] (or NaN) take the public functions' checks first,
 * in order, which throw for the first one out of range as the per-row calls did.
 */
export function tiltViewFactors(
  tilts: Float64Array,
  count: number,
  gcr: number,
  height: number,
  pitch: number,
  maxRows: number,
  out: Float64Array,
): void {
  const kernel = viewFactorsWasm();
  if (kernel === null) {
    for (let j = 0; j < count; j++) tiltViewFactorsTs(tilts[j]!, gcr, height, pitch, maxRows, out, TILT_VALUES * j);
    return;
  }
  const block = kernel.block;
  // Faces of the block: slot f holds face f, and faces[f] the output index of its groundSkyVf
  // (10 j + 2 for a front face, 10 j + 5 for its rear).
  const faces = blockFaces(block);
  let filled = 0;
  for (let j = 0; j < count; j++) {
    const tilt = tilts[j]!;
    const m = TILT_VALUES * j;
    if (!(tilt >= 0 && tilt <= 180)) {
      tiltViewFactorsTs(tilt, gcr, height, pitch, maxRows, out, m);
      continue;
    }
    const back = 180 - tilt;
    const cosF = Math.cos(tilt * DEG);
    const sinF = Math.sin(tilt * DEG);
    const cosB = Math.cos(back * DEG);
    const sinB = Math.sin(back * DEG);
    out[m] = rowSkyVf(tilt, gcr);
    out[m + 1] = rowGroundVf(tilt, gcr);
    out[m + 3] = rowSkyVf(back, gcr);
    out[m + 4] = rowGroundVf(back, gcr);
    out[m + 6] = cosF;
    out[m + 7] = sinF;
    out[m + 8] = cosB;
    out[m + 9] = sinB;
    writeFace(kernel, filled, tilt, cosF, sinF);
    faces[filled++] = m + 2;
    writeFace(kernel, filled, back, cosB, sinB);
    faces[filled++] = m + 5;
    if (filled === block) {
      runBlock(kernel, filled, gcr, height, pitch, maxRows, out, faces);
      filled = 0;
    }
  }
  if (filled > 0) runBlock(kernel, filled, gcr, height, pitch, maxRows, out, faces);
}

let facesScratch = new Int32Array(0);

/** The output index of each face of a block (scratch of this module). */
function blockFaces(block: number): Int32Array {
  if (facesScratch.length < block) facesScratch = new Int32Array(block);
  return facesScratch;
}

/** A face's tilt [deg], its cosine and sine into slot f. */
function writeFace(kernel: ViewFactorsWasm, f: number, tilt: number, cos: number, sin: number): void {
  const memory = kernel.memory;
  memory[kernel.tilt + f] = tilt;
  memory[kernel.cos + f] = cos;
  memory[kernel.sin + f] = sin;
}

/**
 * Runs the module's loop over the block's `filled` faces (an odd count has its last face
 * repeated) and copies the results out; faces outside its half-plane branch (rows reaching the
 * ground) are computed in TypeScript.
 */
function runBlock(
  kernel: ViewFactorsWasm,
  filled: number,
  gcr: number,
  height: number,
  pitch: number,
  maxRows: number,
  out: Float64Array,
  faces: Int32Array,
): void {
  const memory = kernel.memory;
  let lanes = filled;
  if (lanes % 2 === 1) {
    memory[kernel.tilt + lanes] = memory[kernel.tilt + lanes - 1]!;
    memory[kernel.cos + lanes] = memory[kernel.cos + lanes - 1]!;
    memory[kernel.sin + lanes] = memory[kernel.sin + lanes - 1]!;
    lanes++;
  }
  kernel.groundSky(lanes, gcr, height, pitch, maxRows);
  const width = pitch * gcr;
  for (let f = 0; f < filled; f++) {
    const m = faces[f]!;
    out[m] = groundSkyHalfPlane(0.5 * (width * memory[kernel.sin + f]!), height)
      ? memory[kernel.groundSkyOut + f]!
      : groundSkyVf(memory[kernel.tilt + f]!, gcr, height, pitch, maxRows);
  }
}

/**
 * One tilt in TypeScript, the layout of {@link tiltViewFactors} from out[m]. A tilt outside
 * [0, 180] (or NaN) first takes the checks of the public functions as the per-row calls made them
 * (the front face's, then the rear's): a face out of range throws naming vfRowSkyIntegrated and its
 * tilt; a NaN tilt (a tracker's row with no orientation while the sun is up) passes them and gives
 * NaN, as the public functions do.
 */
function tiltViewFactorsTs(
  tilt: number,
  gcr: number,
  height: number,
  pitch: number,
  maxRows: number,
  out: Float64Array,
  m: number,
): void {
  const back = 180 - tilt;
  if (!(tilt >= 0 && tilt <= 180)) {
    checkTiltAndGcr('vfRowSkyIntegrated', tilt, gcr);
    checkTiltAndGcr('vfRowSkyIntegrated', back, gcr);
  }
  out[m] = rowSkyVf(tilt, gcr);
  out[m + 1] = rowGroundVf(tilt, gcr);
  out[m + 2] = groundSkyVf(tilt, gcr, height, pitch, maxRows);
  out[m + 3] = rowSkyVf(back, gcr);
  out[m + 4] = rowGroundVf(back, gcr);
  out[m + 5] = groundSkyVf(back, gcr, height, pitch, maxRows);
  out[m + 6] = Math.cos(tilt * DEG);
  out[m + 7] = Math.sin(tilt * DEG);
  out[m + 8] = Math.cos(back * DEG);
  out[m + 9] = Math.sin(back * DEG);
}
