/**
 * Reading CSV files (RFC 4180, and what spreadsheets write): quoted cells with doubled quotes and
 * line breaks inside, CRLF, LF or CR line ends, a UTF-8 byte-order mark. The file is read as it
 * arrives, in slices of bounded size, so a huge or endless upload is refused once it passes a limit
 * instead of being held whole in memory, and other requests are answered between slices.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** One record of the file; `row` counts records as a spreadsheet numbers its rows (the header is 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** A file that cannot be read: the status to answer (400 or 413) and what is wrong, in words. */
export class CsvInputError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'CsvInputError';
  }
}

const SPECIAL = /[",\r\n]/g;

/** How wide a record and how long a cell may be; the parser refuses more as soon as it is seen. */
export interface RecordLimits {
  maxColumns: number;
  maxCellChars: number;
}

const NO_RECORD_LIMITS: RecordLimits = { maxColumns: Infinity, maxCellChars: Infinity };

/**
 * The parser proper: `feed` it text in pieces of any size, `end` it once; each returns the records
 * completed so far. A quoted cell may span pieces and lines. A record wider than `maxColumns` or a
 * cell longer than `maxCellChars` is refused (413) before it is built, so a row of millions of
 * commas costs no more memory than a row at the limit.
 */
export class CsvParser {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** Inside quotes, the last piece ended on a quote that may be the first of a doubled pair. */
  private pendingQuote = false;
  /** The last piece ended on CR, whose LF may start the next one. */
  private pendingCr = false;
  private row = 1;
  private recordStartRow = 1;

  constructor(private readonly limits: RecordLimits = NO_RECORD_LIMITS) {}

  /** Adds `text[from, to)` to the cell being read, unless that makes it longer than the limit. */
  private append(text: string, from: number, to: number) {
    if (this.cell.length + (to - from) > this.limits.maxCellChars) {
      throw new CsvInputError(
        413,
        `Row ${this.recordStartRow}, column ${this.cells.length + 1}: a cell is longer than ${this.limits.maxCellChars.toLocaleString('en')} characters; the file was not read further`,
      );
    }
    if (to > from) this.cell += text.slice(from, to);
  }

  /** Ends the cell being read at a comma, unless the record then has more cells than the limit. */
  private nextCell() {
    if (this.cells.length + 1 >= this.limits.maxColumns) {
      throw new CsvInputError(
        413,
        `Row ${this.recordStartRow} has more than ${this.limits.maxColumns.toLocaleString('en')} cells (a row may have at most ${this.limits.maxColumns.toLocaleString('en')} columns); the file was not read further`,
      );
    }
    this.cells.push(this.cell);
    this.cell = '';
  }

  feed(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.startsWith('\n')) i = 1;
    }
    if (this.pendingQuote) {
      this.pendingQuote = false;
      if (text.startsWith('"')) {
        this.append('"', 0, 1);
        i += 1;
      } else this.quoted = false;
    }
    const n = text.length;
    while (i < n) {
      if (this.quoted) {
        const close = text.indexOf('"', i);
        if (close === -1) {
          this.append(text, i, n);
          i = n;
          break;
        }
        this.append(text, i, close);
        if (close + 1 === n) {
          this.pendingQuote = true;
          i = n;
          break;
        }
        if (text[close + 1] === '"') {
          this.append('"', 0, 1);
          i = close + 2;
        } else {
          this.quoted = false;
          i = close + 1;
        }
        continue;
      }
      SPECIAL.lastIndex = i;
      const found = SPECIAL.exec(text);
      if (!found) {
        this.append(text, i, n);
        break;
      }
      const at = found.index;
      this.append(text, i, at);
      const ch = text[at];
      i = at + 1;
      if (ch === ',') {
        this.nextCell();
      } else if (ch === '"') {
        // A quote opens a quoted cell only at its start; elsewhere it is kept as text.
        if (this.cell === '') this.quoted = true;
        else this.append('"', 0, 1);
      } else {
        if (ch === '\r') {
          if (i === n) this.pendingCr = true;
          else if (text[i] === '\n') i += 1;
        }
        out.push(this.finishRecord());
      }
    }
    return out;
  }

  end(): CsvRecord[] {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.quoted = false;
    }
    if (this.quoted) {
      throw new CsvInputError(
        400,
        `Row ${this.recordStartRow}: a quoted cell is never closed (a " is missing), so the rest of the file is inside it`,
      );
    }
    if (this.cell === '' && this.cells.length === 0) return [];
    return [this.finishRecord()];
  }

  private finishRecord(): CsvRecord {
    this.cells.push(this.cell);
    const record = { row: this.recordStartRow, cells: this.cells };
    this.cells = [];
    this.cell = '';
    this.row += 1;
    this.recordStartRow = this.row;
    return record;
  }
}

export interface CsvLimits extends Partial<RecordLimits> {
  maxBytes: number;
  /** Records after the header; blank lines do not count. */
  maxRows: number;
}

/**
 * The most bytes parsed before the event loop gets a turn: a client that sends 50 MB at once (or a
 * row of commas) is read in slices this size, and other requests are answered in between.
 */
export const SLICE_BYTES = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Whether a record is a blank line (or only empty cells): such records are skipped. */
export const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The records of a CSV file as its bytes arrive. Refuses, without reading further: bytes that are
 * not UTF-8 and files marked as UTF-16 (400), more than `maxBytes` bytes or `maxRows` data rows, a
 * row of more than `maxColumns` cells or a cell of more than `maxCellChars` characters (413). After
 * each slice of at most SLICE_BYTES, once its records have been taken, it waits a turn of the event
 * loop, so a big upload never holds other requests for longer than one slice.
 */
export async function* readCsv(
  source: AsyncIterable<Uint8Array | string>,
  limits: CsvLimits,
): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new CsvParser({
    maxColumns: limits.maxColumns ?? Infinity,
    maxCellChars: limits.maxCellChars ?? Infinity,
  });
  let bytes = 0;
  let rows = 0;
  let first = true;
  const take = function* (records: CsvRecord[]) {
    for (const record of records) {
      if (record.row > 1 && !isBlankRecord(record.cells) && ++rows > limits.maxRows) {
        throw new CsvInputError(
          413,
          `The file has more than ${limits.maxRows.toLocaleString('en')} rows; split it into smaller files`,
        );
      }
      yield record;
    }
  };
  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (first && chunk.length > 0) {
      first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new CsvInputError(400, 'The file is UTF-16 text; save it as "CSV UTF-8" and try again');
      }
    }
    bytes += chunk.length;
    if (bytes > limits.maxBytes) {
      throw new CsvInputError(413, `The file is larger than ${megabytes(limits.maxBytes)}`);
    }
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      let text: string;
      try {
        text = decoder.decode(chunk.subarray(at, at + SLICE_BYTES), { stream: true });
      } catch {
        throw new CsvInputError(
          400,
          `The file is not UTF-8 text (an invalid byte within its first ${bytes.toLocaleString('en')} bytes); save it as "CSV UTF-8" and try again`,
        );
      }
      yield* take(parser.feed(text));
      await nextTurn();
    }
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new CsvInputError(400, 'The file is not UTF-8 text (it ends in the middle of a character)');
  }
  yield* take([...parser.feed(rest), ...parser.end()]);
}
