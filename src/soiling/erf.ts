/**
 * The error function and its inverse, for the HSU soiling model (which is written in terms of
 * erf). JavaScript has no Math.erf; this follows W. J. Cody, "Rational Chebyshev approximations
 * for the error function", Mathematics of Computation 23 (1969) 631-637, the same coefficient
 * sets as Netlib SPECFUN CALERF (which SciPy's erf also agrees with to rounding): relative error
 * below about 1e-16 in double precision.
 */

// Cody (1969) coefficients, as published in Netlib SPECFUN CALERF.
// erf on |x| <= 0.46875: x * A(x^2) / B(x^2)
const A0 = 3.1611237438705656;
const A1 = 113.864154151050156;
const A2 = 377.485237685302021;
const A3 = 3209.37758913846947;
const A4 = 0.185777706184603153;
const B0 = 23.6012909523441209;
const B1 = 244.024637934444173;
const B2 = 1282.61652607737228;
const B3 = 2844.23683343917062;
// erfc on 0.46875 < |x| <= 4: exp(-x^2) * C(x) / D(x)
const C0 = 0.564188496988670089;
const C1 = 8.88314979438837594;
const C2 = 66.1191906371416295;
const C3 = 298.635138197400131;
const C4 = 881.95222124176909;
const C5 = 1712.04761263407058;
const C6 = 2051.07837782607147;
const C7 = 1230.33935479799725;
const C8 = 2.15311535474403846e-8;
const D0 = 15.7449261107098347;
const D1 = 117.693950891312499;
const D2 = 537.181101862009858;
const D3 = 1621.38957456669019;
const D4 = 3290.79923573345963;
const D5 = 4362.61909014324716;
const D6 = 3439.36767414372164;
const D7 = 1230.33935480374942;
// erfc on |x| > 4: exp(-x^2) / x * (1/sqrt(pi) - P(1/x^2) / Q(1/x^2) / x^2)
const P0 = 0.305326634961232344;
const P1 = 0.360344899949804439;
const P2 = 0.125781726111229246;
const P3 = 0.0160837851487422766;
const P4 = 6.58749161529837803e-4;
const P5 = 0.0163153871373020978;
const Q0 = 2.56852019228982242;
const Q1 = 1.87295284992346047;
const Q2 = 0.527905102951428412;
const Q3 = 0.0605183413124413191;
const Q4 = 0.00233520497626869185;
const ONE_OVER_SQRT_PI = 0.56418958354775628695;

/**
 * Cody's coefficients for |x| <= 0.46875, [A0, A1, A2, A3, A4, B0, B1, B2, B3], with
 * erf(x) = x (((A4 z + A0) z + A1) z + A2) z + A3) / ((((z + B0) z + B1) z + B2) z + B3),
 * z = x^2: for kernels that inline this branch into their own loop.
 */
export const ERF_SMALL_COEFFICIENTS: Readonly<Float64Array> = Float64Array.of(A0, A1, A2, A3, A4, B0, B1, B2, B3);
/** Upper end of the interval of {@link ERF_SMALL_COEFFICIENTS}. */
export const ERF_SMALL_LIMIT = 0.46875;
const X_TINY = 1.11e-16;
const X_BIG = 26.543;

/**
 * exp(-y^2) computed as exp(-ysq^2) * exp(-del) with ysq = y rounded down to 1/16: Cody's way of
 * keeping the relative error of exp(-y^2) at rounding level for large y.
 */
function expMinusSquare(y: number): number {
  const ysq = Math.floor(16 * y) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del);
}

/**
 * The error function erf(x) = 2/sqrt(pi) * integral from 0 to x of exp(-t^2) dt.
 * Cody (1969) rational Chebyshev approximations, DOI 10.1090/S0025-5718-1969-0247736-4.
 * A function of one value for kernels' loops: NaN gives NaN, as Math's functions, unchecked.
 * @example
 * erf(0.5); // about 0.5205
 */
export function erf(x: number): number {
  const y = x < 0 ? -x : x;
  if (y <= 0.46875) {
    // Kept small so that kernels calling erf get this branch inlined.
    const z = y > X_TINY ? y * y : 0;
    const num = (((A4 * z + A0) * z + A1) * z + A2) * z;
    const den = (((z + B0) * z + B1) * z + B2) * z;
    return (x * (num + A3)) / (den + B3);
  }
  return erfOutside(x, y);
}

/** erf for |x| > 0.46875, from erfc (Cody's second and third intervals). */
function erfOutside(x: number, y: number): number {
  let erfc: number;
  if (y <= 4) {
    let num = C8 * y;
    let den = y;
    num = (num + C0) * y;
    den = (den + D0) * y;
    num = (num + C1) * y;
    den = (den + D1) * y;
    num = (num + C2) * y;
    den = (den + D2) * y;
    num = (num + C3) * y;
    den = (den + D3) * y;
    num = (num + C4) * y;
    den = (den + D4) * y;
    num = (num + C5) * y;
    den = (den + D5) * y;
    num = (num + C6) * y;
    den = (den + D6) * y;
    erfc = (expMinusSquare(y) * (num + C7)) / (den + D7);
  } else if (y < X_BIG) {
    const z = 1 / (y * y);
    let num = P5 * z;
    let den = z;
    num = (num + P0) * z;
    den = (den + Q0) * z;
    num = (num + P1) * z;
    den = (den + Q1) * z;
    num = (num + P2) * z;
    den = (den + Q2) * z;
    num = (num + P3) * z;
    den = (den + Q3) * z;
    const r = (z * (num + P4)) / (den + Q4);
    erfc = (expMinusSquare(y) * (ONE_OVER_SQRT_PI - r)) / y;
  } else if (y === y) {
    erfc = 0;
  } else {
    return Number.NaN;
  }
  return x < 0 ? erfc - 1 : 1 - erfc;
}

/**
 * The inverse error function: the x with erf(x) = p, for -1 < p < 1 (+-Infinity at +-1, NaN
 * outside). A Giles (2010) style single-precision starting value refined by Newton steps on
 * `erf`, so it is exact to rounding. Not a hot kernel: used to turn an initial soiling loss into
 * an equivalent accumulated mass.
 * @example
 * erfInv(erf(0.5)); // about 0.5
 */
export function erfInv(p: number): number {
  if (!(p >= -1 && p <= 1)) return Number.NaN;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === -1) return Number.NEGATIVE_INFINITY;
  if (p === 0) return 0;
  // M. Giles, "Approximating the erfinv function", GPU Computing Gems (2010): a starting value
  // good to about 1e-7, then Newton steps.
  let w = -Math.log((1 - p) * (1 + p));
  let x: number;
  if (w < 5) {
    w -= 2.5;
    let q = 2.81022636e-8;
    q = 3.43273939e-7 + q * w;
    q = -3.5233877e-6 + q * w;
    q = -4.39150654e-6 + q * w;
    q = 0.00021858087 + q * w;
    q = -0.00125372503 + q * w;
    q = -0.00417768164 + q * w;
    q = 0.246640727 + q * w;
    q = 1.50140941 + q * w;
    x = q * p;
  } else {
    w = Math.sqrt(w) - 3;
    let q = -0.000200214257;
    q = 0.000100950558 + q * w;
    q = 0.00134934322 + q * w;
    q = -0.00367342844 + q * w;
    q = 0.00573950773 + q * w;
    q = -0.0076224613 + q * w;
    q = 0.00943887047 + q * w;
    q = 1.00167406 + q * w;
    q = 2.83297682 + q * w;
    x = q * p;
  }
  const TWO_OVER_SQRT_PI = 2 * ONE_OVER_SQRT_PI;
  for (let k = 0; k < 3; k++) {
    const err = erf(x) - p;
    if (err === 0) break;
    // Halley step: f' = 2/sqrt(pi) exp(-x^2), f''/f' = -2x.
    const deriv = TWO_OVER_SQRT_PI * Math.exp(-x * x);
    const step = err / deriv;
    x -= step / (1 + x * step);
  }
  return x;
}
