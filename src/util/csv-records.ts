/**
 * CSV records from text (RFC 4180): the reading side of csv.ts. Unlike the weather readers'
 * line splitter (`splitCsv` of weather/readers/types.ts), a quoted field may hold line breaks, as
 * the ADR inverter library's bracketed coefficient lists do, so records are cut from the whole
 * text rather than line by line, and each record keeps the file line it starts on for error
 * messages.
 */

/** One record of a CSV text: its fields and the 1-based line of the text where it starts. */
export interface CsvRecord {
  /** The fields, unquoted (`""` inside quotes read as one `"`). */
  fields: string[];
  /** 1-based line of the text on which the record starts. */
  line: number;
}

/**
 * The records of a CSV text: fields separated by commas, records by CRLF or LF (a lone CR too);
 * a field in double quotes may hold commas, line breaks and doubled quotes. Empty lines are
 * skipped (as pandas' read_csv does), a final line break adds no record. A quote that opens and
 * never closes reads to the end of the text; the caller's column count then catches it.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let endOfRecord = false;
    while (!endOfRecord) {
      if (i < n && text.charCodeAt(i) === 34 /* " */) {
        // A quoted field, up to its closing quote.
        i++;
        for (;;) {
          if (i >= n) break;
          const c = text.charCodeAt(i);
          if (c === 34) {
            if (text.charCodeAt(i + 1) === 34) {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
          field += text[i];
          i++;
        }
      }
      // The rest of an unquoted field (or text after a closing quote, kept as pandas does).
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
      fields.push(field);
      field = '';
      if (i >= n) {
        endOfRecord = true;
      } else {
        const c = text.charCodeAt(i);
        i++;
        if (c !== 44) {
          if (c === 13 && text.charCodeAt(i) === 10) i++;
          line++;
          endOfRecord = true;
        }
      }
    }
    if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: start });
  }
  return records;
}
