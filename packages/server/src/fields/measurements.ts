/**
 * Measurement records as an upload gives them and as the API shows them (spec 2.4, 2.5;
 * contract.md section 7): every record is validated before anything is written, and a bad record
 * is named by its index and field (`measurements[12].total_power`). Utility-scale records carry
 * total power and optional context values; sub-unit records a sub-unit's power.
 */
import { TimeParseError, formatTimestamp, parseDateTime } from 'solarkit';
import { formatPeriod, parsePeriod } from 'solarkit/internal';
import { PERIODS } from '../products/common.js';
import { type FieldError, badRequest, fieldError } from '../http/errors.js';
import type { MeasurementRecord, SubUnitRecord } from '../storage/types.js';

/** Most records one upload may carry (spec part 8). */
export const MAX_RECORDS = 1000;
/**
 * The accepted measurement periods: the six of the API (contract sections 2 and 7), PT1H read as
 * PT60M, matched as written (case aside), so that a period reads back as it was given.
 */
const ACCEPTED_PERIODS = new Set<string>([...PERIODS, 'PT1H']);
/**
 * Accepted period_end instants, Unix seconds: 1900-01-01 to 2099-12-31. Years outside 0..9999
 * cannot be written in the v3 timestamp form (+275760-09-13...), and nothing measured lies
 * outside this span.
 */
const EARLIEST_PERIOD_END = Date.UTC(1900, 0, 1) / 1000;
const LATEST_PERIOD_END = Date.UTC(2100, 0, 1) / 1000;

type Num = { kind: 'number'; min?: number; max?: number; exclusiveMin?: number };
type FieldRule = { name: string; key: keyof MeasurementRecord; required?: boolean } & (Num | { kind: 'boolean' });

/** The optional and required value fields of a utility-scale record (contract.md section 7). */
const VALUE_FIELDS: readonly FieldRule[] = [
  { name: 'total_power', key: 'totalPower', required: true, kind: 'number', min: 0 },
  { name: 'availability', key: 'availability', kind: 'number', min: 0, max: 100 },
  { name: 'mean_ghi', key: 'meanGhi', kind: 'number', min: 0 },
  { name: 'tracking_angle', key: 'trackingAngle', kind: 'number', min: -90, max: 90 },
  { name: 'network_constraint', key: 'networkConstraint', kind: 'boolean' },
  { name: 'constraint_power_ceiling', key: 'constraintPowerCeiling', kind: 'number', min: 0 },
  { name: 'local_limit', key: 'localLimit', kind: 'number', min: 0 },
  { name: 'frequency', key: 'frequency', kind: 'number', exclusiveMin: 0 },
];

/** Reads a record's period_end and period; pushes errors named with the record's path. */
function readTime(
  rec: Record<string, unknown>,
  at: string,
  errors: FieldError[],
): { periodEnd: number; period: number } | undefined {
  let periodEnd: number | undefined;
  let period: number | undefined;
  const pe = rec.period_end;
  const f1 = `${at}.period_end`;
  if (pe === undefined || pe === null || pe === '')
    errors.push(fieldError('NotEmpty', f1, `'${f1}' must not be empty.`));
  else if (typeof pe !== 'string')
    errors.push(fieldError('InvalidType', f1, `'${f1}' must be an ISO 8601 date-time string.`));
  else {
    try {
      // Whole seconds: timestamps are yyyy-MM-ddThh:mm:ss (spec 2.6), and a record's key is what
      // reads back. A zero fraction (the legacy form's .0000000) is the whole second; any other
      // is refused, never rounded (00:05:00.4 would have replaced 00:05:00 without a word).
      periodEnd = parseDateTime(pe);
      if (!Number.isInteger(periodEnd)) {
        errors.push(
          fieldError(
            'WholeSeconds',
            f1,
            `'${f1}' must be a whole second: timestamps carry no fraction of a second. You entered '${pe.slice(0, 64)}'.`,
          ),
        );
        periodEnd = undefined;
      } else if (!(periodEnd >= EARLIEST_PERIOD_END && periodEnd < LATEST_PERIOD_END)) {
        errors.push(
          fieldError(
            'InclusiveBetween',
            f1,
            `'${f1}' must be between 1900-01-01 and 2099-12-31. You entered '${pe.slice(0, 64)}'.`,
          ),
        );
        periodEnd = undefined;
      }
    } catch (e) {
      if (!(e instanceof TimeParseError)) throw e;
      errors.push(
        fieldError('InvalidDateTime', f1, `'${f1}' must be an ISO 8601 date-time. You entered '${pe.slice(0, 64)}'.`),
      );
    }
  }
  const p = rec.period;
  const f2 = `${at}.period`;
  if (p === undefined || p === null || p === '') errors.push(fieldError('NotEmpty', f2, `'${f2}' must not be empty.`));
  else if (typeof p !== 'string')
    errors.push(fieldError('InvalidType', f2, `'${f2}' must be an ISO 8601 duration string.`));
  else if (!ACCEPTED_PERIODS.has(p.trim().toUpperCase())) {
    errors.push(
      fieldError(
        'Enum',
        f2,
        `'${f2}' must be one of ${PERIODS.join(', ')} (PT1H is read as PT60M). You entered '${p.slice(0, 32)}'.`,
        { AllowedValues: [...PERIODS] },
      ),
    );
  } else {
    period = parsePeriod(p.trim().toUpperCase());
  }
  return periodEnd !== undefined && period !== undefined ? { periodEnd, period } : undefined;
}

/** Checks a number against a rule; returns it, or undefined after pushing the error. */
function readNumber(v: unknown, f: string, rule: Num, errors: FieldError[]): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    errors.push(fieldError('InvalidType', f, `'${f}' must be a number.`));
    return undefined;
  }
  if (rule.min !== undefined && rule.max !== undefined && (v < rule.min || v > rule.max)) {
    errors.push(
      fieldError('InclusiveBetween', f, `'${f}' must be between ${rule.min} and ${rule.max}. You entered ${v}.`),
    );
    return undefined;
  }
  if (rule.min !== undefined && rule.max === undefined && v < rule.min) {
    errors.push(fieldError('GreaterThanOrEqual', f, `'${f}' must be greater than or equal to '${rule.min}'.`));
    return undefined;
  }
  if (rule.exclusiveMin !== undefined && !(v > rule.exclusiveMin)) {
    errors.push(fieldError('GreaterThan', f, `'${f}' must be greater than '${rule.exclusiveMin}'.`));
    return undefined;
  }
  return v;
}

/** Validates one utility-scale record (at = its path in the body, for error names). */
export function readMeasurement(value: unknown, at: string, errors: FieldError[]): MeasurementRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(fieldError('InvalidType', at, `'${at}' must be an object.`));
    return undefined;
  }
  const rec = value as Record<string, unknown>;
  const before = errors.length;
  const time = readTime(rec, at, errors);
  const out: Record<string, unknown> = {};
  for (const rule of VALUE_FIELDS) {
    const f = `${at}.${rule.name}`;
    const v = rec[rule.name];
    if (v === undefined || v === null) {
      if (rule.required) errors.push(fieldError('NotEmpty', f, `'${f}' must not be empty.`));
      out[rule.key] = null;
      continue;
    }
    if (rule.kind === 'boolean') {
      if (typeof v !== 'boolean') errors.push(fieldError('InvalidType', f, `'${f}' must be true or false.`));
      out[rule.key] = v;
      continue;
    }
    out[rule.key] = readNumber(v, f, rule, errors);
  }
  if (errors.length > before || time === undefined) return undefined;
  return { ...(out as unknown as MeasurementRecord), periodEnd: time.periodEnd, period: time.period };
}

/** Validates one sub-unit record. */
export function readSubUnitRecord(value: unknown, at: string, errors: FieldError[]): SubUnitRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(fieldError('InvalidType', at, `'${at}' must be an object.`));
    return undefined;
  }
  const rec = value as Record<string, unknown>;
  const before = errors.length;
  const time = readTime(rec, at, errors);
  const su = rec.sub_unit;
  const fs = `${at}.sub_unit`;
  if (su === undefined || su === null || su === '')
    errors.push(fieldError('NotEmpty', fs, `'${fs}' must not be empty.`));
  else if (typeof su !== 'string' || su.length > 100)
    errors.push(fieldError('InvalidType', fs, `'${fs}' must be a string of 1 to 100 characters.`));
  const fp = `${at}.power`;
  let power: number | undefined;
  if (rec.power === undefined || rec.power === null)
    errors.push(fieldError('NotEmpty', fp, `'${fp}' must not be empty.`));
  else power = readNumber(rec.power, fp, { kind: 'number' }, errors);
  if (errors.length > before || time === undefined || power === undefined) return undefined;
  return { subUnit: su as string, periodEnd: time.periodEnd, period: time.period, power };
}

/** Reads the records of an upload body: `measurement` and/or `measurements`, 1 to 1000 together. */
export function readBatch<T>(
  body: Record<string, unknown>,
  single: string | undefined,
  read: (v: unknown, at: string, errors: FieldError[]) => T | undefined,
): { one: T | undefined; many: T[] | undefined } {
  const errors: FieldError[] = [];
  const oneRaw = single === undefined ? undefined : body[single];
  const manyRaw = body.measurements;
  if (manyRaw !== undefined && manyRaw !== null && !Array.isArray(manyRaw)) {
    throw badRequest([fieldError('InvalidType', 'measurements', "'measurements' must be an array of records.")]);
  }
  const hasOne = oneRaw !== undefined && oneRaw !== null;
  const count = (hasOne ? 1 : 0) + (Array.isArray(manyRaw) ? manyRaw.length : 0);
  if (count < 1 || count > MAX_RECORDS) {
    const names = single === undefined ? "'measurements'" : "'measurement' and 'measurements'";
    throw badRequest([
      fieldError(
        'InclusiveBetween',
        'measurements',
        `${names} must hold between 1 and ${MAX_RECORDS} records together. You sent ${count}.`,
        { From: 1, To: MAX_RECORDS, PropertyValue: count },
      ),
    ]);
  }
  const one = hasOne ? read(oneRaw, single!, errors) : undefined;
  const many = Array.isArray(manyRaw) ? manyRaw.map((r, i) => read(r, `measurements[${i}]`, errors)) : undefined;
  refuseRepeats(
    [...(hasOne ? [[single!, one] as const] : []), ...(many ?? []).map((r, i) => [`measurements[${i}]`, r] as const)],
    errors,
  );
  if (errors.length > 0) throw badRequest(errors);
  return { one, many: many as T[] | undefined };
}

/**
 * A record of an upload that repeats the key of an earlier one (its period_end and period, and
 * sub_unit for sub-unit records) is an error naming it and the first. The database keeps one
 * record per key, so echoing both as stored would be false, and keeping either would drop the
 * other without a word: like any invalid record, it refuses the whole upload (contract section 7).
 */
function refuseRepeats(records: ReadonlyArray<readonly [string, unknown]>, errors: FieldError[]): void {
  const first = new Map<string, string>();
  for (const [at, record] of records) {
    if (record === undefined) continue;
    const r = record as { periodEnd: number; period: number; subUnit?: string };
    const key = `${r.subUnit ?? ''}\u0000${r.periodEnd}\u0000${r.period}`;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, at);
      continue;
    }
    const periodEnd = formatTimestamp(r.periodEnd, 'v3');
    const f = `${at}.period_end`;
    errors.push(
      fieldError(
        'Duplicate',
        f,
        `'${at}' repeats the period_end ${periodEnd} and period ${formatPeriod(r.period)} of '${earlier}'${r.subUnit !== undefined ? ` (sub_unit '${r.subUnit.slice(0, 100)}')` : ''}: each may appear once in an upload.`,
        { PropertyValue: periodEnd, FirstRecord: earlier },
      ),
    );
  }
}

/** A record as the API shows it (absent values left out). */
export function measurementView(r: MeasurementRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    period_end: formatTimestamp(r.periodEnd, 'v3'),
    period: formatPeriod(r.period),
    total_power: r.totalPower,
  };
  for (const rule of VALUE_FIELDS) {
    const v = r[rule.key];
    if (rule.name !== 'total_power' && v !== null) out[rule.name] = v;
  }
  return out;
}

/** A sub-unit record as the API shows it. */
export function subUnitView(r: SubUnitRecord): Record<string, unknown> {
  return {
    sub_unit: r.subUnit,
    power: r.power,
    period_end: formatTimestamp(r.periodEnd, 'v3'),
    period: formatPeriod(r.period),
  };
}

/** CSV columns of utility-scale records and of sub-unit records. */
export const MEASUREMENT_COLUMNS = ['period_end', 'period', ...VALUE_FIELDS.map((f) => f.name)];
export const SUB_UNIT_COLUMNS = ['sub_unit', 'power', 'period_end', 'period'];

/** The JSON body of an upload: an object, else a 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest([fieldError('InvalidType', 'body', 'The JSON body must be an object.')]);
  }
  return body as Record<string, unknown>;
}
