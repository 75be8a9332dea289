/**
 * SAM's equipment libraries (the CSV files of NREL's System Advisor Model that pvlib's
 * `retrieve_sam` reads): the Sandia module library (SAPM parameters), the CEC module library
 * (single-diode parameters), the CEC inverter library (Sandia inverter parameters) and the ADR
 * inverter library. Text in, typed parameter sets out; no file system (src/node reads the files).
 */
import { parseCsvRecords } from '../../util/csv-records.js';
import { checkObject, checkOneOf, typeFailure } from '../../util/validate.js';
import type {
  AdrInverterParameters,
  CecModuleParameters,
  SandiaInverterParameters,
  SapmModuleParameters,
} from '../parameters.js';
import { EquipmentFileError } from './errors.js';
import { equipmentText } from './text.js';

/** The four kinds of SAM library. */
export type SamLibraryKind = 'sandia-modules' | 'cec-modules' | 'cec-inverters' | 'adr-inverters';

/** The parameter set of each kind of SAM library. */
export interface SamLibraryParameters {
  /** The Sandia module library: SAPM parameters. */
  'sandia-modules': SapmModuleParameters;
  /** The CEC module library: single-diode (CEC) parameters. */
  'cec-modules': CecModuleParameters;
  /** The CEC inverter library: Sandia inverter parameters. */
  'cec-inverters': SandiaInverterParameters;
  /** The ADR inverter library: Driesse's inverter parameters. */
  'adr-inverters': AdrInverterParameters;
}

/** A cell of a SAM library row as read: a number, NaN for a blank or missing-value cell, text, or the ADR list. */
export type SamCell = number | string | readonly number[];

/** What a library entry carries besides its parameters. */
export interface SamEntryInfo {
  /** The library's own name of the module or inverter (`'Canadian Solar CS5P-220M [ 2009]'`). */
  name: string;
  /** pvlib's key of it (`'Canadian_Solar_CS5P_220M___2009_'`): see {@link samProductKey}. */
  key: string;
  /** 1-based line of the file where its row starts. */
  line: number;
  /**
   * Every cell of the row by pvlib's row names (the header with spaces as `_`: `Cells_in_Series`):
   * numbers where the cell reads as one, NaN for blank and missing-value cells (`n/a`, `NA`, as
   * pandas), text otherwise, the ADR coefficients as a list.
   */
  fields: Readonly<Record<string, SamCell>>;
}

/** One module or inverter of a SAM library: its parameter set with its name, key and cells. */
export type SamLibraryEntry<T> = T & SamEntryInfo;

/** A SAM library read by {@link parseSamLibrary}. */
export interface SamLibrary<T> {
  /** The library's kind. */
  readonly kind: SamLibraryKind;
  /** The file's name as given (`'(text)'` when none). */
  readonly fileName: string;
  /** Number of modules or inverters (rows). */
  readonly size: number;
  /** The columns after `Name`, by pvlib's names (spaces as `_`), in the file's order. */
  readonly columns: readonly string[];
  /** The units line of each column of {@link SamLibrary.columns} (`''` where the file gives none). */
  readonly units: readonly string[];
  /** pvlib's keys that more than one row shares (pvlib warns of them and keeps every row). */
  readonly duplicateKeys: readonly string[];
  /** pvlib's keys of every row, in the file's order (as `retrieve_sam(...).columns`). */
  keys(): string[];
  /** The library's own names of every row, in the file's order. */
  names(): string[];
  /** Every entry, in the file's order. */
  entries(): SamLibraryEntry<T>[];
  /** Whether {@link SamLibrary.get} finds an entry by this key or name. */
  has(nameOrKey: string): boolean;
  /** The entry of a key or name, or undefined (see {@link SamLibrary.get} for how it looks). */
  find(nameOrKey: string): SamLibraryEntry<T> | undefined;
  /**
   * The entry of a pvlib key (`'Canadian_Solar_CS5P_220M___2009_'`) or a library name
   * (`'Canadian Solar CS5P-220M [ 2009]'`): tried as a key, as a name, as pvlib's normalisation of
   * the text, then with every character that is not an ASCII letter or digit as `_` (so
   * `'ABB MICRO 0.25 I OUTD US 208 208V'` also finds `'ABB: MICRO-0.25-I-OUTD-US-208 [208V]'`).
   * Throws a RangeError naming the closest keys when nothing matches, or the rows when the text
   * matches several.
   */
  get(nameOrKey: string): SamLibraryEntry<T>;
}

/** Options of {@link parseSamLibrary}. */
export interface SamLibraryOptions<K extends SamLibraryKind = SamLibraryKind> {
  /** The kind of library the text must be (default: told from its columns). */
  kind?: K;
  /** The file's name, for error messages and {@link SamLibrary.fileName} (default `'(text)'`). */
  fileName?: string;
}

// Characters that pvlib.pvsystem._normalize_sam_product_names turns into '_' (and no others).
const PVLIB_BAD_CHARS = /[ \-.()[\]:+/",]/g;

/**
 * pvlib's key of a SAM library name: each of the characters space `- . ( ) [ ] : + / " ,` becomes
 * `_`, every other character stays (so a key may hold `&`, `!` or `<`), as
 * pvlib.pvsystem._normalize_sam_product_names. Two names may give one key; pvlib then warns and
 * keeps both rows.
 * @param name a module or inverter name as the library writes it
 * @example
 * samProductKey('Canadian Solar CS5P-220M [ 2009]'); // => 'Canadian_Solar_CS5P_220M___2009_'
 */
export function samProductKey(name: string): string {
  if (typeof name !== 'string') typeFailure('samProductKey', 'name', 'a string (a SAM library name)', name);
  return name.replace(PVLIB_BAD_CHARS, '_');
}

/** The looser form: every character that is not an ASCII letter or digit as `_`. */
function looseKey(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '_');
}

type FieldType = 'number' | 'optional-number' | 'string' | 'boolean' | 'list';
type ColumnSpec = readonly [column: string, field: string, type: FieldType];

const num = 'number';
const opt = 'optional-number';

// The columns each kind reads, by pvlib's names (the header with spaces as '_').
const SPECS: Record<SamLibraryKind, readonly ColumnSpec[]> = {
  'sandia-modules': [
    ['Isco', 'isco', num],
    ['Impo', 'impo', num],
    ['Voco', 'voco', num],
    ['Vmpo', 'vmpo', num],
    ['Aisc', 'aisc', num],
    ['Aimp', 'aimp', num],
    ['Bvoco', 'bvoco', num],
    ['Mbvoc', 'mbvoc', num],
    ['Bvmpo', 'bvmpo', num],
    ['Mbvmp', 'mbvmp', num],
    ['N', 'n', num],
    ['Cells_in_Series', 'cellsInSeries', num],
    ['IXO', 'ixo', num],
    ['IXXO', 'ixxo', num],
    ['C0', 'c0', num],
    ['C1', 'c1', num],
    ['C2', 'c2', num],
    ['C3', 'c3', num],
    ['C4', 'c4', num],
    ['C5', 'c5', num],
    ['C6', 'c6', num],
    ['C7', 'c7', num],
    ['A0', 'a0', num],
    ['A1', 'a1', num],
    ['A2', 'a2', num],
    ['A3', 'a3', num],
    ['A4', 'a4', num],
    ['B0', 'b0', num],
    ['B1', 'b1', num],
    ['B2', 'b2', num],
    ['B3', 'b3', num],
    ['B4', 'b4', num],
    ['B5', 'b5', num],
    ['FD', 'fd', num],
    ['A', 'a', opt],
    ['B', 'b', opt],
    ['DTC', 'dtc', opt],
    ['Area', 'area', opt],
    ['Material', 'material', 'string'],
  ],
  'cec-modules': [
    ['alpha_sc', 'alphaSc', num],
    ['a_ref', 'aRef', num],
    ['I_L_ref', 'iLRef', num],
    ['I_o_ref', 'iORef', num],
    ['R_sh_ref', 'rShRef', num],
    ['R_s', 'rS', num],
    ['Adjust', 'adjust', num],
    ['beta_oc', 'betaOc', opt],
    ['gamma_r', 'gammaR', opt],
    ['N_s', 'nS', opt],
    ['T_NOCT', 'tNoct', opt],
    ['A_c', 'aC', opt],
    ['STC', 'stc', opt],
    ['I_sc_ref', 'iScRef', opt],
    ['V_oc_ref', 'vOcRef', opt],
    ['I_mp_ref', 'iMpRef', opt],
    ['V_mp_ref', 'vMpRef', opt],
    ['Technology', 'technology', 'string'],
    ['Bifacial', 'bifacial', 'boolean'],
  ],
  'cec-inverters': [
    ['Paco', 'paco', num],
    ['Pdco', 'pdco', num],
    ['Vdco', 'vdco', num],
    ['Pso', 'pso', num],
    ['C0', 'c0', num],
    ['C1', 'c1', num],
    ['C2', 'c2', num],
    ['C3', 'c3', num],
    ['Pnt', 'pnt', num],
    ['Vac', 'vac', opt],
    ['Vdcmax', 'vdcmax', opt],
    ['Idcmax', 'idcmax', opt],
    ['Mppt_low', 'mpptLow', opt],
    ['Mppt_high', 'mpptHigh', opt],
  ],
  'adr-inverters': [
    ['Pnom', 'pnom', num],
    ['Vnom', 'vnom', num],
    ['Vmax', 'vmax', num],
    ['Vmin', 'vmin', num],
    ['Vdcmax', 'vdcmax', num],
    ['MPPTHi', 'mpptHi', num],
    ['MPPTLow', 'mpptLow', num],
    ['Pacmax', 'pacmax', num],
    ['ADRCoefficients', 'adrCoefficients', 'list'],
    ['Pnt', 'pnt', num],
  ],
};

/** What each kind is called in messages, and the column that tells it. */
const KIND_INFO: Record<SamLibraryKind, { title: string; marker: string }> = {
  'sandia-modules': { title: 'a SAM Sandia module library (SandiaMod)', marker: 'Isco' },
  'cec-modules': { title: 'a SAM CEC module library (CECMod)', marker: 'I_L_ref' },
  'cec-inverters': { title: 'a SAM CEC inverter library (CECInverter, SandiaInverter)', marker: 'Paco' },
  'adr-inverters': { title: 'a SAM ADR inverter library (ADRInverter)', marker: 'ADRCoefficients' },
};

const KINDS = Object.keys(SPECS) as SamLibraryKind[];

// pandas' default missing-value strings (read_csv's na_values), which pvlib's reader inherits.
const NA_TEXT = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A cell as a number: NaN for missing-value text, undefined for text that is not a number. */
function cellNumber(text: string): number | undefined {
  const t = text.trim();
  if (NA_TEXT.has(t)) return Number.NaN;
  return NUMBER_TEXT.test(t) ? Number(t) : undefined;
}

/**
 * Reads a SAM library CSV (as pvlib.pvsystem.retrieve_sam with a path): three header lines (the
 * column names with `Name` first; units; SAM's variable names, first cell `[0]`), then one module
 * or inverter a row, fields quoted as RFC 4180 (the ADR library's coefficient lists span lines).
 * Each row becomes the kind's parameter set in pvlib's names (camelCase) and units, with numbers
 * parsed (a blank cell is NaN, as in pvlib), plus its name, pvlib's key and every cell. Lookup by
 * pvlib's key or by the library's name (see {@link SamLibrary.get}). The libraries come from SAM
 * (NREL, https://github.com/NatLabRockies/SAM, deploy/libraries); the Sandia module parameters are
 * those of King, Boyson and Kratochvil (2004), SAND2004-3535, DOI 10.2172/919131; the inverter
 * parameters of King et al. (2007), SAND2007-5036, DOI 10.2172/920449, and of Driesse, Jain and
 * Harrison (2008), DOI 10.1109/PVSC.2008.4922827. Follows pvlib.pvsystem.retrieve_sam.
 *
 * Throws {@link EquipmentFileError} (a RangeError) naming the file, and the line and column where
 * there are some, for a text that is not the SAM layout, lacks a column the kind needs, has a row
 * of the wrong length, or a word where a number belongs.
 * @param text the file's text, or its bytes (UTF-8, with or without a byte-order mark, else Windows-1252)
 * @param options `kind` (default: told from the columns) and `fileName` (for messages)
 * @example
 * // The layout of SAM's CEC inverter library, with one made-up row.
 * const text = [
 *   'Name,Vac,Pso,Paco,Pdco,Vdco,C0,C1,C2,C3,Pnt',
 *   'Units,V,W,W,W,V,1/W,1/V,1/V,1/V,W',
 *   '[0],inv_snl_ac_voltage,inv_snl_pso,inv_snl_paco,inv_snl_pdco,inv_snl_vdco,inv_snl_c0,inv_snl_c1,inv_snl_c2,inv_snl_c3,inv_snl_pnt',
 *   'ABB: MICRO-0.25-I-OUTD-US-208 [208V],208,2.1,250,259.6,40,-0.00004,-0.00009,0.0005,-0.013,0.075',
 * ].join('\n');
 * const library = parseSamLibrary(text, { kind: 'cec-inverters' });
 * library.keys(); // => ['ABB__MICRO_0_25_I_OUTD_US_208__208V_']
 * library.get('ABB: MICRO-0.25-I-OUTD-US-208 [208V]').paco; // => 250
 */
export function parseSamLibrary<K extends SamLibraryKind = SamLibraryKind>(
  text: string | Uint8Array,
  options: SamLibraryOptions<K> = {},
): SamLibrary<SamLibraryParameters[K]> {
  const fn = 'parseSamLibrary';
  checkObject(fn, 'options', options);
  const fileName = options.fileName ?? '(text)';
  if (typeof fileName !== 'string') typeFailure(fn, 'options.fileName', 'a string', fileName);
  if (typeof text !== 'string' && !(text instanceof Uint8Array))
    typeFailure(fn, 'text', "a string or a Uint8Array (the library file's text or bytes)", text);
  if (options.kind !== undefined) checkOneOf(fn, 'options.kind', options.kind, KINDS);

  const records = parseCsvRecords(equipmentText(text));
  const notSam = (why: string): never => {
    throw new EquipmentFileError(fileName, `not a SAM library CSV: ${why}`, { line: 1 });
  };
  if (records.length < 3) notSam(`it has ${records.length} line(s), a SAM library has three header lines`);
  const [header, unitsRecord, variables] = records as [(typeof records)[0], (typeof records)[0], (typeof records)[0]];
  if (header.fields[0]?.trim() !== 'Name') notSam(`its first cell is ${JSON.stringify(header.fields[0])}, not 'Name'`);
  if (variables.fields[0]?.trim() !== '[0]')
    throw new EquipmentFileError(
      fileName,
      `not a SAM library CSV: the third header line (SAM's variable names) should start with '[0]', it starts with ${JSON.stringify(variables.fields[0])}`,
      { line: variables.line, column: 1 },
    );
  const columns = header.fields.map((h) => h.replace(/ /g, '_'));
  const columnIndex = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!columnIndex.has(c)) columnIndex.set(c, i);
  });

  let kind = options.kind as SamLibraryKind | undefined;
  if (kind === undefined) {
    kind = KINDS.find((k) => columnIndex.has(KIND_INFO[k].marker));
    if (kind === undefined)
      notSam(
        `its columns (${columns.slice(1, 8).join(', ')}, ...) are none of the Sandia module, CEC module, CEC inverter or ADR inverter libraries'`,
      );
  }
  const spec = SPECS[kind as SamLibraryKind];
  const title = KIND_INFO[kind as SamLibraryKind].title;
  for (const [column, , type] of spec) {
    if ((type === num || type === 'list') && !columnIndex.has(column))
      throw new EquipmentFileError(fileName, `not ${title}: it has no column '${column}'`, { line: header.line });
  }

  const width = header.fields.length;
  const entries: SamLibraryEntry<SamLibraryParameters[K]>[] = [];
  for (let r = 3; r < records.length; r++) {
    const { fields, line } = records[r]!;
    if (fields.length !== width) {
      const column = Math.min(fields.length, width) + 1;
      throw new EquipmentFileError(
        fileName,
        `the row has ${fields.length} fields, the header ${width}${fields.length < width ? ` (column '${header.fields[column - 1]}' is missing)` : ''}`,
        { line, column },
      );
    }
    const cells: Record<string, SamCell> = {};
    for (let c = 1; c < width; c++) {
      const cell = fields[c]!;
      const n = cellNumber(cell);
      cells[columns[c]!] = n ?? cell;
    }
    const bad = (c: number, what: string): never => {
      throw new EquipmentFileError(fileName, `${what}, got ${JSON.stringify(fields[c])}`, {
        line,
        column: c + 1,
        columnName: header.fields[c],
      });
    };
    const parameters: Record<string, unknown> = {};
    for (const [column, field, type] of spec) {
      const c = columnIndex.get(column);
      if (c === undefined) continue;
      const cell = fields[c]!;
      if (type === num) {
        const v = cellNumber(cell);
        if (v === undefined) bad(c, 'expected a number');
        parameters[field] = v;
      } else if (type === opt) {
        const v = cellNumber(cell);
        if (v !== undefined && !Number.isNaN(v)) parameters[field] = v;
      } else if (type === 'string') {
        const t = cell.trim();
        if (!NA_TEXT.has(t)) parameters[field] = t;
      } else if (type === 'boolean') {
        const t = cell.trim().toLowerCase();
        if (t === '1' || t === 'y' || t === 'yes' || t === 'true') parameters[field] = true;
        else if (t === '0' || t === 'n' || t === 'no' || t === 'false') parameters[field] = false;
      } else {
        // pvlib: x.strip(' []').split() read as floats.
        const inner = cell.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
        const parts = inner === '' ? [] : inner.split(/\s+/);
        const list = parts.map((p) => {
          const v = cellNumber(p);
          if (v === undefined || Number.isNaN(v)) bad(c, 'expected a bracketed list of numbers');
          return v as number;
        });
        parameters[field] = list;
        cells[column] = list;
      }
    }
    const name = fields[0]!;
    entries.push({ ...parameters, name, key: samProductKey(name), line, fields: cells } as SamLibraryEntry<
      SamLibraryParameters[K]
    >);
  }
  return makeLibrary(
    kind as SamLibraryKind,
    fileName,
    columns.slice(1),
    columns.slice(1).map((_, i) => unitsRecord.fields[i + 1] ?? ''),
    entries,
  );
}

function addTo(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [index]);
  else list.push(index);
}

function makeLibrary<T>(
  kind: SamLibraryKind,
  fileName: string,
  columns: string[],
  units: string[],
  entries: SamLibraryEntry<T>[],
): SamLibrary<T> {
  const byKey = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  let byLoose: Map<string, number[]> | undefined;
  entries.forEach((e, i) => {
    addTo(byKey, e.key, i);
    addTo(byName, e.name, i);
  });
  const duplicateKeys = [...byKey].filter(([, rows]) => rows.length > 1).map(([key]) => key);

  /** Rows matching a text, by the first rule that matches any. */
  const lookup = (text: string): number[] => {
    const exact = byKey.get(text) ?? byName.get(text) ?? byKey.get(samProductKey(text));
    if (exact !== undefined) return exact;
    byLoose ??= (() => {
      const m = new Map<string, number[]>();
      entries.forEach((e, i) => addTo(m, looseKey(e.key), i));
      return m;
    })();
    return byLoose.get(looseKey(text)) ?? [];
  };
  const find = (nameOrKey: string): SamLibraryEntry<T> | undefined => {
    if (typeof nameOrKey !== 'string')
      typeFailure('SamLibrary.get', 'nameOrKey', 'a string (a key or name)', nameOrKey);
    const rows = lookup(nameOrKey);
    return rows.length === 1 ? entries[rows[0]!] : undefined;
  };
  const get = (nameOrKey: string): SamLibraryEntry<T> => {
    const found = find(nameOrKey);
    if (found !== undefined) return found;
    const rows = lookup(nameOrKey);
    if (rows.length > 1)
      throw new RangeError(
        `SamLibrary.get: ${JSON.stringify(nameOrKey)} matches ${rows.length} rows of ${fileName} (lines ${rows
          .map((r) => entries[r]!.line)
          .join(', ')}: ${rows.map((r) => JSON.stringify(entries[r]!.name)).join(', ')}); give the full name`,
      );
    const close = closestKeys(
      nameOrKey,
      entries.map((e) => e.key),
      3,
    );
    throw new RangeError(
      `SamLibrary.get: no module or inverter ${JSON.stringify(nameOrKey)} in ${fileName} (${entries.length} rows)` +
        (close.length > 0 ? `; closest keys: ${close.map((k) => JSON.stringify(k)).join(', ')}` : ''),
    );
  };
  return {
    kind,
    fileName,
    size: entries.length,
    columns,
    units,
    duplicateKeys,
    keys: () => entries.map((e) => e.key),
    names: () => entries.map((e) => e.name),
    entries: () => entries.slice(),
    has: (nameOrKey) => find(nameOrKey) !== undefined,
    find,
    get,
  };
}

/** Comparable form for suggestions: lower case, runs of non-alphanumerics as one `_`. */
function compact(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The `count` keys nearest to a text by edit distance of their compact forms. */
function closestKeys(text: string, keys: readonly string[], count: number): string[] {
  const q = compact(text);
  const prev = new Int32Array(64);
  const scored: { key: string; d: number }[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const k = compact(key);
    // A key that contains the text (or the reverse) is near whatever its length.
    const d = k.includes(q) || q.includes(k) ? Math.abs(k.length - q.length) * 0.01 : editDistance(q, k, prev);
    scored.push({ key, d });
  }
  scored.sort((a, b) => a.d - b.d);
  const limit = Math.max(3, Math.ceil(q.length / 2));
  return scored
    .filter((s) => s.d <= limit)
    .slice(0, count)
    .map((s) => s.key);
}

function editDistance(a: string, b: string, scratch: Int32Array): number {
  const row = scratch.length > b.length ? scratch : new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const best = Math.min(above + 1, row[j - 1]! + 1, diagonal + cost);
      row[j] = best;
      diagonal = above;
    }
  }
  return row[b.length]!;
}
