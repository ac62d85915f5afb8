/**
 * CSV exports (RFC 4180): cells quoted when they need it, text that a spreadsheet would run as a
 * formula neutralised, and the document streamed as its rows come.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;
export type CsvRows = Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (or, with tab and carriage
 * return, may after trimming them): such text is written with a leading apostrophe, which makes it
 * plain text (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

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

/** Rows are gathered into chunks of about this many characters before they are written. */
const CHUNK_CHARS = 16_384;

/**
 * The whole document as a stream: a byte-order mark (without it, spreadsheet programs read UTF-8
 * names as another encoding), the header, then each row as it comes from `rows`.
 */
export function csvStream(header: readonly string[], rows: CsvRows): Readable {
  async function* chunks() {
    let chunk = `\uFEFF${csvRow(header)}`;
    for await (const row of rows) {
      chunk += csvRow(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** RFC 5987 encoding for `filename*`: what encodeURIComponent leaves that attr-char does not allow. */
const encodeFilename = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition for a download: `filename` kept to letters, digits, dot, dash and underscore
 * (anything else becomes `_`), and the exact name in `filename*` when that differs.
 */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^A-Za-z0-9._-]+/g, '_');
  const exact = plain === filename ? '' : `; filename*=UTF-8''${encodeFilename(filename)}`;
  return `attachment; filename="${plain}"${exact}`;
}

/** Answers with `rows` as a CSV file named `filename`, streamed. */
export function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], rows: CsvRows) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(filename))
    .send(csvStream(header, rows));
}
