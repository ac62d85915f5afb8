/**
 * The cell rules of every CSV file the product writes (the server's exports, the browser's file of
 * one-time passwords) and the one an import undoes: one module, so that the copies cannot drift.
 */

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (or, with tab and carriage
 * return, may after trimming them): such text is written with a leading apostrophe, which makes it
 * plain text (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Quoted: the separators a spreadsheet may split on (comma, and semicolon or tab where the locale
 * says so), quotes, line breaks and edge spaces. Unquoted, `a;=1+1` would be read in a semicolon
 * locale as two cells, the second a formula that no apostrophe guards.
 */
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
/** An apostrophe that `csvCell` put before formula-like text. */
const FORMULA_GUARD = /^'[=+\-@\t\r]/;

/** One cell as CSV text. Numbers are written as numbers: only text can be a formula. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A cell as it was before `csvCell` guarded it: an import takes off the apostrophe an export put
 * before formula-like text, so that a file exported and imported again keeps its text.
 */
export const withoutFormulaGuard = (cell: string): string =>
  FORMULA_GUARD.test(cell) ? cell.slice(1) : cell;
