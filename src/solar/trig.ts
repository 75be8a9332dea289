/**
 * Sine and cosine together, for the solar position kernels: one argument reduction by pi/2
 * (two-part Cody-Waite constants, exact for |x| < 2^20 pi/2) and the minimax kernels of fdlibm
 * (Sun Microsystems, k_sin.c and k_cos.c; coefficients carried over), with the quadrant chosen by
 * table instead of by branch so that random arguments cost no mispredictions. Accurate to a few
 * units in the last place for |x| up to about 1e6 rad, which covers every argument of the SPA
 * series for years -2000..6000. Results go to `SC[0]` (sine) and `SC[1]` (cosine), so that hot
 * loops allocate nothing. Internal to src/solar.
 */

/** Output of `sinCos`: [sin x, cos x]. */
export const SC = new Float64Array(2);

const INV_HALF_PI = 0.63661977236758134308;
// pi/2 = PIO2_1 + PIO2_1T, PIO2_1 with 33 significant bits so that k * PIO2_1 is exact.
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;

/** fdlibm's minimax coefficients of sin (S1..S6) and cos (C1..C6) on |r| <= pi/4 (k_sin.c, k_cos.c). */
export const FDLIBM_SIN = Float64Array.of(
  -1.66666666666666324348e-1,
  8.33333333332248946124e-3,
  -1.98412698298579493134e-4,
  2.75573137070700676789e-6,
  -2.50507602534068634195e-8,
  1.58969099521155010221e-10,
);
export const FDLIBM_COS = Float64Array.of(
  4.16666666666666019037e-2,
  -1.38888888888741095749e-3,
  2.48015872894767294178e-5,
  -2.75573143513906633035e-7,
  2.0875723212981748279e-9,
  -1.13596475577881948265e-11,
);
// Module-level constants (not table reads) inside the kernels.
const [S1, S2, S3, S4, S5, S6] = FDLIBM_SIN as unknown as [number, number, number, number, number, number];
const [C1, C2, C3, C4, C5, C6] = FDLIBM_COS as unknown as [number, number, number, number, number, number];

// sin x = s * QS[q] + c * QC[q], cos x = c * QS[q] - s * QC[q], q = quadrant mod 4.
const QS = new Float64Array([1, 0, -1, 0]);
const QC = new Float64Array([0, 1, 0, -1]);

/** Writes sin(x) to SC[0] and cos(x) to SC[1]; x in radians. */
export function sinCos(x: number): void {
  const k = Math.floor(x * INV_HALF_PI + 0.5);
  const r = x - k * PIO2_1 - k * PIO2_1T;
  const z = r * r;
  const s = r + r * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))));
  const c = 1 - 0.5 * z + z * z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const q = k & 3;
  const qs = QS[q]!;
  const qc = QC[q]!;
  SC[0] = s * qs + c * qc;
  SC[1] = c * qs - s * qc;
}
