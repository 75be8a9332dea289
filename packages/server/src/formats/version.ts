/**
 * Response formats and format versions (contract.md section 3), in one place: the `format` query
 * parameter of series and of record endpoints, and which version of the response a request gets.
 *
 * Version 3 is the current form; `legacy` is the older one (7-digit timestamp fractions, whole-
 * degree air temperatures, a bare array for site lists). A request gets version 3 when it asks
 * for it (`format=json;version=3`), when its account's default is 3, and for everyone from the
 * legacy retirement date on.
 *
 * The two `format` readers differ on purpose, as the endpoints always have: a series endpoint
 * answers HTML when `format` is absent and takes a list of formats (pvsyst on some), while a
 * record endpoint (a site, measurements) answers JSON when it is absent and takes json or csv.
 */
import { normalizeQuery } from '../products/params.js';
import { badRequest, fieldError } from '../http/errors.js';

/** A response format version: the current `3`, or `legacy`. */
export type FormatVersion = 'legacy' | '3';

/** From this instant (Unix seconds, server clock) every request gets response format version 3. */
export const LEGACY_RETIREMENT = Date.UTC(2027, 1, 1) / 1000;

/**
 * The response version of a request: 3 when asked for, when the account's default is 3 (or there
 * is no account), or from LEGACY_RETIREMENT on; else legacy.
 *
 * @param account the caller (its default version), if any
 * @param version3Requested whether the `format` value ended in `;version=3`
 * @param now the server's clock, Unix seconds
 * @example responseVersion({ formatVersion: 'legacy' }, false, Date.UTC(2026, 0, 1) / 1000) // 'legacy'
 */
export function responseVersion(
  account: { formatVersion: FormatVersion } | undefined,
  version3Requested: boolean,
  now: number,
): FormatVersion {
  if (version3Requested || now >= LEGACY_RETIREMENT || account?.formatVersion !== 'legacy') return '3';
  return 'legacy';
}

/** The formats of a series endpoint: HTML (the default), JSON, CSV and, on some, PVsyst. */
export type SeriesFormat = 'html' | 'json' | 'csv' | 'pvsyst';

/** The formats of a record endpoint: JSON (the default) and CSV. */
export type RecordFormat = 'json' | 'csv';

/** A `format` value split at `;`: the base format and its options, trimmed and in lower case. */
function formatParts(text: string): { base: string; options: string[] } {
  const [base = '', ...options] = text.split(';').map((s) => s.trim().toLowerCase());
  return { base, options };
}

/**
 * Reads the `format` of a series endpoint (`json`, `csv;version=3`, ...): HTML when absent.
 *
 * @param value the validated `format` value (undefined when absent)
 * @param accepted the formats this endpoint offers besides HTML
 * @throws ApiError 400 naming `format` for any other value
 * @example parseSeriesFormat('CSV; version=3', ['json', 'csv']) // { format: 'csv', version3: true }
 */
export function parseSeriesFormat(
  value: unknown,
  accepted: readonly string[],
): { format: SeriesFormat; version3: boolean } {
  if (value === undefined) return { format: 'html', version3: false };
  const { base, options } = formatParts(String(value).trim());
  let version3 = false;
  let ok = accepted.includes(base);
  for (const s of options) {
    const m = /^version\s*=\s*(\d+)$/.exec(s);
    if (m && m[1] === '3' && (base === 'json' || base === 'csv')) version3 = true;
    else ok = false;
  }
  if (!ok) {
    throw badRequest([
      fieldError(
        'Enum',
        'format',
        `'format' must be one of ${accepted.join(', ')} (json and csv may end in ';version=3'). You entered '${String(value).slice(0, 32)}'.`,
        { AllowedValues: accepted },
      ),
    ]);
  }
  return { format: base as SeriesFormat, version3 };
}

/**
 * Reads the `format` of a record endpoint from its raw query (names matched as every query name
 * is): JSON when absent or empty; `version=3` is the one option.
 *
 * @throws ApiError 400 naming `format` for another format or option
 * @example parseRecordFormat({ format: 'csv' }) // { format: 'csv', version3: false }
 */
export function parseRecordFormat(query: unknown): { format: RecordFormat; version3: boolean } {
  const raw = normalizeQuery(query as Record<string, unknown>)
    .get('format')?.[0]
    ?.trim();
  if (raw === undefined || raw === '') return { format: 'json', version3: false };
  const { base, options } = formatParts(raw);
  let version3 = false;
  for (const o of options) {
    if (o === 'version=3') version3 = true;
    else if (o !== '')
      throw badRequest([
        fieldError('Enum', 'format', `'format' has an option that is not accepted: '${o}'. Accepted: version=3.`),
      ]);
  }
  if (base !== 'json' && base !== 'csv') {
    throw badRequest([
      fieldError('Enum', 'format', `'format' must be json or csv. You entered '${raw.slice(0, 64)}'.`),
    ]);
  }
  return { format: base, version3 };
}
