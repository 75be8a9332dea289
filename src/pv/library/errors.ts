/**
 * The error of an equipment file (a SAM library CSV, a PVsyst PAN or OND file) that cannot be
 * read as what it was given as: it names the file and, where there is one, the line and column.
 */

/** Where in an equipment file a problem is. */
export interface EquipmentFileLocation {
  /** 1-based line of the file. */
  line?: number;
  /** 1-based column (field) of a CSV record. */
  column?: number;
  /** Name of that column, as the file's header writes it. */
  columnName?: string;
}

/**
 * A malformed or wrong kind of equipment file (a SAM library CSV with a short row or a word where
 * a number belongs, a CSV that is not a SAM library, a PAN given as an OND): a RangeError whose
 * message names the file, and the line and column where it has them.
 */
export class EquipmentFileError extends RangeError {
  /** The error's name, `'EquipmentFileError'`. */
  override readonly name = 'EquipmentFileError';
  /** The file's name as the caller gave it (a path, or `'(text)'` for text without a name). */
  readonly file: string;
  /** 1-based line of the problem, when it has one. */
  readonly line: number | undefined;
  /** 1-based column (CSV field) of the problem, when it has one. */
  readonly column: number | undefined;

  /**
   * The error of one problem.
   * @param file the file's name or path
   * @param problem what is wrong, as a phrase
   * @param at the line and column, when known
   */
  constructor(file: string, problem: string, at: EquipmentFileLocation = {}) {
    const where: string[] = [];
    if (at.line !== undefined) where.push(`line ${at.line}`);
    if (at.column !== undefined)
      where.push(`column ${at.column}${at.columnName !== undefined ? ` (${at.columnName})` : ''}`);
    super(`${file}${where.length > 0 ? `, ${where.join(', ')}` : ''}: ${problem}`);
    this.file = file;
    this.line = at.line;
    this.column = at.column;
  }
}
