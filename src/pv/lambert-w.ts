/**
 * Lambert's W function, principal branch, for the explicit solutions of the single-diode equation
 * (Jain and Kapoor 2004, DOI 10.1016/j.solmat.2003.11.018). The single-diode forms need W of
 * arguments that overflow a double (exp(1e4) and beyond, for large shunt resistances or thin-film
 * parameter sets), so the function is computed from the logarithm of its argument, as pvlib does
 * for large arguments (pvlib.ivtools.utils._log_lambertw).
 *
 * The iteration is Fritsch, Shafer and Crowley's (1973, DOI 10.1145/361952.361970): with
 * z = log x - log w - w, it converges at fourth order, needs one logarithm per step and no
 * exponential, and works on log x directly, so one code path serves every argument from
 * denormals to exp(1e300). The starting value is Winitzki's (2003) approximation for x < e^2 and the
 * asymptotic series log x - log log x + log log x / log x beyond; both are within 1 % of W, so two
 * steps reach the rounding of a double, one where log x > 50 (the series is within 1e-5 there);
 * below x = 1e-4, W's own power series to x^5 is exact to rounding and needs no iteration (checked
 * against the defining equation in the tests).
 */

/** Below this log x (x < 1e-4), W is its power series. */
export const W_SERIES_LOG = -9.2;

/** Below this x, W is its power series: exp(W_SERIES_LOG). */
export const W_SERIES_MAX = Math.exp(W_SERIES_LOG);

/**
 * W(x) / x for 0 <= x < 1e-4: the series 1 - x + 3/2 x^2 - 8/3 x^3 + 125/24 x^4, whose next term
 * is 1e-19 of it.
 */
export function lambertWSeriesRatio(x: number): number {
  return 1 - x * (1 - x * (1.5 - x * (8 / 3 - x * (125 / 24))));
}

/**
 * W(x) from L = log(x), for x > 0 (L finite): the w with w + log w = L. L = -Infinity (x = 0) gives
 * 0, L = Infinity gives Infinity, NaN gives NaN.
 */
export function lambertWOfLog(logX: number): number {
  let w: number;
  if (logX < W_SERIES_LOG) {
    const x = Math.exp(logX);
    return x * lambertWSeriesRatio(x);
  }
  if (logX > 50) {
    if (logX === Number.POSITIVE_INFINITY) return logX;
    // The asymptotic start is within 1e-5 of W here: one step (fourth order) reaches the rounding.
    const ll = Math.log(logX);
    w = logX - ll + ll / logX;
    const z = logX - Math.log(w) - w;
    const w1 = 1 + w;
    const q = 2 * w1 * (w1 + (2 / 3) * z);
    return w * (1 + (z / w1) * (1 + z / (q - 2 * z)));
  }
  if (logX < 2) {
    const x = Math.exp(logX);
    const l1 = Math.log1p(x);
    w = l1 * (1 - Math.log1p(l1) / (2 + l1));
  } else {
    const ll = Math.log(logX);
    w = logX - ll + ll / logX;
  }
  for (let k = 0; k < 2; k++) {
    const z = logX - Math.log(w) - w;
    const w1 = 1 + w;
    const q = 2 * w1 * (w1 + (2 / 3) * z);
    // (q - z) / (q - 2z) written as 1 + z / (q - 2z): q overflows for w beyond 1e154.
    w *= 1 + (z / w1) * (1 + z / (q - 2 * z));
  }
  return w;
}

/** W(x) for x >= 0 (the principal branch); NaN for x < 0 or NaN, Infinity for Infinity. */
export function lambertW(x: number): number {
  if (x > 0) return lambertWOfLog(Math.log(x));
  return x === 0 ? 0 : Number.NaN;
}
