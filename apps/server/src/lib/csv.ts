/**
 * CSV exports (RFC 4180): cells quoted and formulas neutralised by the contract's cell rules
 * (`csv-cells.ts`), and the document streamed as its rows come.
 */
import { Readable } from 'node:stream';
import { csvRow, type CsvCell } from '@campus/contract';
import type { FastifyReply } from 'fastify';

export type CsvRows = Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>;

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
