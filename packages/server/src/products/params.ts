/**
 * Declarative query parameters: one definition per parameter (name, type, range, default,
 * enumeration, description) drives both the validation of a request and the OpenAPI document,
 * so the two cannot disagree. Validation messages follow the wording existing clients of the
 * API compare literally (contract.md section 5), e.g. `'capacity' must be greater than '0'.`.
 */

/** One problem with one field of a request (an element of `response_status.errors`). */
export interface FieldError {
  error_code: string;
  field_name: string;
  message: string;
  meta: Record<string, unknown>;
}

export type ParamType =
  | 'number'
  | 'integer'
  | 'boolean'
  | 'string'
  | 'enum'
  | 'datetime'
  | 'duration'
  | 'string[]'
  | 'number[]'
  | 'enum[]';

/** A query parameter as documented and validated. */
export interface ParamDef {
  /** Canonical snake_case name, as documented. */
  name: string;
  type: ParamType;
  description: string;
  required?: boolean;
  /** Inclusive bounds. */
  minimum?: number;
  maximum?: number;
  /** Exclusive bounds (`'capacity' must be greater than '0'.`). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** Allowed values of an enum or enum[] (matched case-insensitively, returned as listed). */
  enum?: readonly string[];
  /** Value used when the parameter is absent (documented as the default). */
  default?: unknown;
  /** Other names accepted for the same parameter (e.g. manual_washdates). */
  aliases?: readonly string[];
  /** Error code and message for a value outside `enum` (e.g. array_type's literal message). */
  enumMessage?: string;
  enumErrorCode?: string;
  /** Steps a number must be a multiple of (e.g. 0.25 h); checked after the range. */
  step?: number;
  /** Example shown in the documentation. */
  example?: string;
  /** Error for an absent required parameter when clients expect another wording than NotEmpty. */
  missingError?: { code: string; message: string };
}

/**
 * Key under which a parameter name is matched: lower case, without underscores or dots, so that
 * `output_parameters`, `outputParameters` and `OutputParameters` (and `pm2.5`, `pm2_5`) are one.
 */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[_.-]/g, '');
}

/** A query string after name normalisation: each normalised name with every raw value given. */
export type NormalizedQuery = Map<string, string[]>;

/**
 * Normalises a parsed query object (values may be strings or arrays of strings, as fastify's
 * parser gives for repeated keys) into a map keyed by normalised names.
 */
export function normalizeQuery(query: Record<string, unknown> | undefined | null): NormalizedQuery {
  const out: NormalizedQuery = new Map();
  if (!query) return out;
  for (const key of Object.keys(query)) {
    const raw = query[key];
    const values = Array.isArray(raw) ? raw.map(String) : raw === undefined || raw === null ? [] : [String(raw)];
    const k = normalizeName(key);
    const prev = out.get(k);
    if (prev) prev.push(...values);
    else out.set(k, values);
  }
  return out;
}

/**
 * Splits the values of a list parameter: repeated keys, comma-joined values and the bracketed,
 * quoted form `['a','b']` of a Python list printed into a URL all give the same list.
 */
export function splitList(values: readonly string[]): string[] {
  const out: string[] = [];
  for (let v of values) {
    v = v.trim();
    if (v.startsWith('[') && v.endsWith(']')) v = v.slice(1, -1);
    for (let part of v.split(',')) {
      part = part.trim();
      if ((part.startsWith("'") && part.endsWith("'")) || (part.startsWith('"') && part.endsWith('"'))) {
        part = part.slice(1, -1).trim();
      }
      if (part !== '') out.push(part);
    }
  }
  return out;
}

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_RE = /^[+-]?\d+$/;

/** Formats a bound as the messages show it (no exponent for ordinary numbers). */
function show(n: number): string {
  return String(n);
}

function err(code: string, field: string, message: string, meta: Record<string, unknown> = {}): FieldError {
  return { error_code: code, field_name: field, message, meta };
}

/** The raw values of a parameter, looked up under its name and aliases. */
export function rawValues(query: NormalizedQuery, def: ParamDef): string[] | undefined {
  const v = query.get(normalizeName(def.name));
  if (v !== undefined) return v;
  for (const a of def.aliases ?? []) {
    const w = query.get(normalizeName(a));
    if (w !== undefined) return w;
  }
  return undefined;
}

/** Checks a number against the definition's bounds and step; pushes errors. */
function checkRange(def: ParamDef, x: number, errors: FieldError[]): boolean {
  const f = def.name;
  if (def.minimum !== undefined && def.maximum !== undefined && (x < def.minimum || x > def.maximum)) {
    errors.push(
      err(
        'InclusiveBetween',
        f,
        `'${f}' must be between ${show(def.minimum)} and ${show(def.maximum)}. You entered ${show(x)}.`,
        { From: def.minimum, To: def.maximum, PropertyValue: x },
      ),
    );
    return false;
  }
  if (def.minimum !== undefined && def.maximum === undefined && x < def.minimum) {
    errors.push(
      err('GreaterThanOrEqual', f, `'${f}' must be greater than or equal to '${show(def.minimum)}'.`, {
        ComparisonValue: def.minimum,
        PropertyValue: x,
      }),
    );
    return false;
  }
  if (def.maximum !== undefined && def.minimum === undefined && x > def.maximum) {
    errors.push(
      err('LessThanOrEqual', f, `'${f}' must be less than or equal to '${show(def.maximum)}'.`, {
        ComparisonValue: def.maximum,
        PropertyValue: x,
      }),
    );
    return false;
  }
  if (def.exclusiveMinimum !== undefined && !(x > def.exclusiveMinimum)) {
    errors.push(
      err('GreaterThan', f, `'${f}' must be greater than '${show(def.exclusiveMinimum)}'.`, {
        ComparisonValue: def.exclusiveMinimum,
        PropertyValue: x,
      }),
    );
    return false;
  }
  if (def.exclusiveMaximum !== undefined && !(x < def.exclusiveMaximum)) {
    errors.push(
      err('LessThan', f, `'${f}' must be less than '${show(def.exclusiveMaximum)}'.`, {
        ComparisonValue: def.exclusiveMaximum,
        PropertyValue: x,
      }),
    );
    return false;
  }
  if (def.step !== undefined) {
    const q = x / def.step;
    if (Math.abs(q - Math.round(q)) > 1e-9) {
      errors.push(
        err('Step', f, `'${f}' must be a multiple of ${show(def.step)}.`, { Step: def.step, PropertyValue: x }),
      );
      return false;
    }
  }
  return true;
}

function parseNumber(def: ParamDef, text: string, errors: FieldError[], integer: boolean): number | undefined {
  const t = text.trim();
  if (!(integer ? INTEGER_RE : NUMBER_RE).test(t)) {
    errors.push(
      err(
        integer ? 'InvalidInteger' : 'InvalidNumber',
        def.name,
        `'${def.name}' must be ${integer ? 'an integer' : 'a number'}. You entered '${text.slice(0, 64)}'.`,
      ),
    );
    return undefined;
  }
  const x = Number(t);
  if (!Number.isFinite(x) || (integer && !Number.isSafeInteger(x))) {
    errors.push(err('InvalidNumber', def.name, `'${def.name}' is out of range.`));
    return undefined;
  }
  return checkRange(def, x, errors) ? x : undefined;
}

function matchEnum(def: ParamDef, text: string, errors: FieldError[]): string | undefined {
  const t = text.trim().toLowerCase();
  const hit = (def.enum ?? []).find((e) => e.toLowerCase() === t);
  if (hit === undefined) {
    errors.push(
      err(
        def.enumErrorCode ?? 'Enum',
        def.name,
        def.enumMessage ??
          `'${def.name}' has a value that is not accepted: '${text.slice(0, 64)}'. Accepted values: ${(def.enum ?? []).join(', ')}.`,
        { AllowedValues: def.enum },
      ),
    );
    return undefined;
  }
  return hit;
}

/** Parsed parameter values keyed by canonical name (absent optional ones take their default). */
export type ParamValues = Record<string, unknown>;

/**
 * Validates a normalised query against parameter definitions: types, ranges, enumerations and
 * presence. Returns the typed values (datetime and duration stay strings: their meaning depends
 * on other fields, e.g. time_zone) and every field error found, in definition order.
 */
export function parseParams(
  defs: readonly ParamDef[],
  query: NormalizedQuery,
): { values: ParamValues; errors: FieldError[] } {
  const values: ParamValues = {};
  const errors: FieldError[] = [];
  for (const def of defs) {
    const raw = rawValues(query, def);
    const isList = def.type.endsWith('[]');
    const items = raw === undefined ? [] : isList ? splitList(raw) : raw.slice(0, 1).map((s) => s.trim());
    const present = items.length > 0 && !(items.length === 1 && items[0] === '');
    if (!present) {
      if (def.required) {
        errors.push(
          def.missingError
            ? err(def.missingError.code, def.name, def.missingError.message)
            : err('NotEmpty', def.name, `'${def.name}' must not be empty.`),
        );
      } else if (def.default !== undefined) {
        values[def.name] = Array.isArray(def.default) ? [...def.default] : def.default;
      }
      continue;
    }
    const text = items[0]!;
    switch (def.type) {
      case 'number':
      case 'integer': {
        const x = parseNumber(def, text, errors, def.type === 'integer');
        if (x !== undefined) values[def.name] = x;
        break;
      }
      case 'boolean': {
        const t = text.toLowerCase();
        if (t === 'true' || t === '1') values[def.name] = true;
        else if (t === 'false' || t === '0') values[def.name] = false;
        else
          errors.push(
            err('InvalidBoolean', def.name, `'${def.name}' must be true or false. You entered '${text.slice(0, 64)}'.`),
          );
        break;
      }
      case 'enum': {
        const e = matchEnum(def, text, errors);
        if (e !== undefined) values[def.name] = e;
        break;
      }
      case 'string':
      case 'datetime':
      case 'duration':
        values[def.name] = text;
        break;
      case 'string[]':
        values[def.name] = items;
        break;
      case 'enum[]': {
        const out: string[] = [];
        let ok = true;
        for (const it of items) {
          const e = matchEnum(def, it, errors);
          if (e === undefined) ok = false;
          else if (!out.includes(e)) out.push(e);
        }
        if (ok) values[def.name] = out;
        break;
      }
      case 'number[]': {
        const out: number[] = [];
        let ok = true;
        for (const it of items) {
          const x = parseNumber(def, it, errors, false);
          if (x === undefined) {
            ok = false;
            break;
          }
          out.push(x);
        }
        if (ok) values[def.name] = out;
        break;
      }
    }
  }
  return { values, errors };
}
