/** What kind of database a location names (kept apart from open.ts so that it loads no driver). */

/**
 * True when a database location is a PostgreSQL connection URL rather than a SQLite file path.
 *
 * @example isPostgresUrl('postgres://solarkit@db:5432/solarkit') // true
 * @example isPostgresUrl('./data/solarkit.db') // false
 */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
