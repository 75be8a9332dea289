/**
 * Delta T (terrestrial time minus universal time) from the polynomial expressions of
 * Espenak & Meeus (2006), "Five Millennium Canon of Solar Eclipses: -1999 to +3000",
 * NASA/TP-2006-214141 (https://eclipse.gsfc.nasa.gov/SEcat5/deltatpoly.html), with the
 * coefficients as pvlib's `spa.calculate_deltat` uses them (including its 7.62 s constant for
 * 1860-1900 and its 2050-2150 expression).
 *
 * @param year decimal year `y`; the polynomial piece is chosen by `Math.floor(year)`, so
 *   `year + (month - 0.5) / 12` reproduces pvlib's `calculate_deltat(year, month)`.
 *   Meaningful from -1999 to 3000; outside it the end expressions are extrapolated.
 * @returns delta T in seconds.
 */
export function deltaTEstimate(year: number): number {
  const y = year;
  const yr = Math.floor(year);
  if (yr < -500) {
    const u = (y - 1820) / 100;
    return -20 + 32 * u * u;
  }
  if (yr < 500) {
    const u = y / 100;
    return (
      10583.6 +
      u * (-1014.41 + u * (33.78311 + u * (-5.952053 + u * (-0.1798452 + u * (0.022174192 + u * 0.0090316521)))))
    );
  }
  if (yr < 1600) {
    const u = (y - 1000) / 100;
    return (
      1574.2 +
      u * (-556.01 + u * (71.23472 + u * (0.319781 + u * (-0.8503463 + u * (-0.005050998 + u * 0.0083572073)))))
    );
  }
  if (yr < 1700) {
    const t = y - 1600;
    return 120 - 0.9808 * t - 0.01532 * t * t + (t * t * t) / 7129;
  }
  if (yr < 1800) {
    const t = y - 1700;
    return 8.83 + t * (0.1603 + t * (-0.0059285 + t * 0.00013336)) - (t * t * t * t) / 1174000;
  }
  if (yr < 1860) {
    const t = y - 1800;
    return (
      13.72 +
      t *
        (-0.332447 +
          t *
            (0.0068612 +
              t * (0.0041116 + t * (-0.00037436 + t * (0.0000121272 + t * (-0.0000001699 + t * 0.000000000875))))))
    );
  }
  if (yr < 1900) {
    const t = y - 1860;
    return 7.62 + t * (0.5737 + t * (-0.251754 + t * (0.01680668 + t * -0.0004473624))) + (t * t * t * t * t) / 233174;
  }
  if (yr < 1920) {
    const t = y - 1900;
    return -2.79 + t * (1.494119 + t * (-0.0598939 + t * (0.0061966 + t * -0.000197)));
  }
  if (yr < 1941) {
    const t = y - 1920;
    return 21.2 + t * (0.84493 + t * (-0.0761 + t * 0.0020936));
  }
  if (yr < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - (t * t) / 233 + (t * t * t) / 2547;
  }
  if (yr < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - (t * t) / 260 - (t * t * t) / 718;
  }
  if (yr < 2005) {
    const t = y - 2000;
    return 63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))));
  }
  if (yr < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t * t;
  }
  const u = (y - 1820) / 100;
  if (yr < 2150) return -20 + 32 * u * u - 0.5628 * (2150 - y);
  return -20 + 32 * u * u;
}

/**
 * Delta T estimate (seconds) for an instant: `deltaTEstimate` at the middle of the instant's
 * UTC calendar month, as pvlib's `spa_python` does when no delta T is given.
 * @param unixSeconds the instant, Unix seconds (UTC).
 */
export function deltaTAt(unixSeconds: number): number {
  // Civil date from days since 1970-01-01 (proleptic Gregorian), by 400-year eras.
  const days = Math.floor(unixSeconds / 86400);
  // The first 28 days of the month last computed (each in the same month) reuse its value.
  if (days >= monthFirstDay && days < monthFirstDay + 28) return monthDeltaT;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  monthFirstDay = days - (doy - Math.floor((153 * mp + 2) / 5));
  monthDeltaT = deltaTEstimate(year + (month - 0.5) / 12);
  return monthDeltaT;
}

/**
 * The day (since 1970-01-01) that began the month of deltaTAt's last computed value, and that
 * value: a series calls it once a day, and a month needs it once (its civil date costs eight
 * divisions).
 */
let monthFirstDay = Number.NaN;
let monthDeltaT = 0;
