/**
 * Means of the synthetic climate's seasonal tables (one entry a day from January 1 plus the
 * wrap-around entry, as `placeClimate` gives them), shared by the tests that pin the climate at
 * named places (test/weather/climate-fallback.test.ts, climate-normals.test.ts).
 */

/** Four seasonal means: December-February, March-May, June-August, September-November. */
export type Seasons = readonly [number, number, number, number];

/**
 * Means of a seasonal table over the twelve twelfths of the year: the table (one entry a day from
 * January 1 plus the wrap-around entry) read as linear between its entries and integrated over
 * exact twelfths, so the means do not depend on how finely the rules tabulate the season (a table
 * of 731 steps instead of 366 moves them by less than 0.001 K).
 */
export function monthlyMeans(table: Float64Array): number[] {
  const steps = table.length - 1;
  const means: number[] = [];
  for (let m = 0; m < 12; m++) {
    // The twelfth [a, b] in units of table steps.
    const a = (m * steps) / 12;
    const b = ((m + 1) * steps) / 12;
    let integral = 0;
    for (let i = Math.floor(a); i < b && i < steps; i++) {
      const x0 = Math.max(a, i);
      const x1 = Math.min(b, i + 1);
      const y = (x: number): number => table[i]! + (table[i + 1]! - table[i]!) * (x - i);
      integral += ((y(x0) + y(x1)) / 2) * (x1 - x0);
    }
    means.push(integral / (b - a));
  }
  return means;
}

/** December-February, March-May, June-August, September-November means of a seasonal table. */
export function seasonalMeans(table: Float64Array): Seasons {
  const m = monthlyMeans(table);
  const season = (a: number, b: number, c: number): number => (m[a]! + m[b]! + m[c]!) / 3;
  return [season(11, 0, 1), season(2, 3, 4), season(5, 6, 7), season(8, 9, 10)];
}
