/**
 * Reading CSV files (RFC 4180, and what spreadsheets write): quoted cells with doubled quotes and
 * line breaks inside, CRLF, LF or CR line ends, a UTF-8 byte-order mark. The file is read as it
 * arrives, chunk by chunk, so a huge or endless upload is refused once it passes a limit instead of
 * being held whole in memory.
 */

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

/**
 * The parser proper: `feed` it text in pieces of any size, `end` it once; each returns the records
 * completed so far. A quoted cell may span pieces and lines.
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
        this.cell += '"';
        i += 1;
      } else this.quoted = false;
    }
    const n = text.length;
    while (i < n) {
      if (this.quoted) {
        const close = text.indexOf('"', i);
        if (close === -1) {
          this.cell += text.slice(i);
          i = n;
          break;
        }
        this.cell += text.slice(i, close);
        if (close + 1 === n) {
          this.pendingQuote = true;
          i = n;
          break;
        }
        if (text[close + 1] === '"') {
          this.cell += '"';
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
        this.cell += text.slice(i);
        break;
      }
      const at = found.index;
      this.cell += text.slice(i, at);
      const ch = text[at];
      i = at + 1;
      if (ch === ',') {
        this.cells.push(this.cell);
        this.cell = '';
      } else if (ch === '"') {
        // A quote opens a quoted cell only at its start; elsewhere it is kept as text.
        if (this.cell === '') this.quoted = true;
        else this.cell += '"';
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

export interface CsvLimits {
  maxBytes: number;
  /** Records after the header; blank lines do not count. */
  maxRows: number;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Whether a record is a blank line (or only empty cells): such records are skipped. */
export const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The records of a CSV file as its bytes arrive. Refuses, without reading further: bytes that are
 * not UTF-8 and files marked as UTF-16 (400), more than `maxBytes` bytes or `maxRows` data rows (413).
 */
export async function* readCsv(
  source: AsyncIterable<Uint8Array | string>,
  limits: CsvLimits,
): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parser = new CsvParser();
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
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new CsvInputError(
        400,
        `The file is not UTF-8 text (an invalid byte within its first ${bytes.toLocaleString('en')} bytes); save it as "CSV UTF-8" and try again`,
      );
    }
    yield* take(parser.feed(text));
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new CsvInputError(400, 'The file is not UTF-8 text (it ends in the middle of a character)');
  }
  yield* take([...parser.feed(rest), ...parser.end()]);
}
