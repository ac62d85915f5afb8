import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CsvInputError, CsvParser, readCsv, SLICE_BYTES, type CsvRecord } from './csv-parser';

function parse(text: string, pieceSize = text.length || 1): CsvRecord[] {
  const parser = new CsvParser();
  const records: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += pieceSize) records.push(...parser.feed(text.slice(i, i + pieceSize)));
  return [...records, ...parser.end()];
}
const cells = (text: string, pieceSize?: number) => parse(text, pieceSize).map((r) => r.cells);

async function readAll(chunks: (Uint8Array | string)[], maxBytes = 1e6, maxRows = 1e6) {
  const records: CsvRecord[] = [];
  for await (const record of readCsv(Readable.from(chunks), { maxBytes, maxRows })) records.push(record);
  return records;
}
async function refusal(chunks: (Uint8Array | string)[], maxBytes?: number, maxRows?: number) {
  try {
    await readAll(chunks, maxBytes, maxRows);
  } catch (err) {
    if (err instanceof CsvInputError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the file was read');
}

describe('CsvParser', () => {
  it('splits cells and records on LF, CRLF and CR', () => {
    expect(cells('a,b\nc,d\r\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks inside', () => {
    const text = 'name,note\r\n"Rao, Asha","said ""hi""\r\nand left"\r\nx,""\r\n';
    expect(cells(text)).toEqual([
      ['name', 'note'],
      ['Rao, Asha', 'said "hi"\r\nand left'],
      ['x', ''],
    ]);
  });

  it('gives the same records whatever the pieces the text arrives in', () => {
    const text = 'a,"b ""q"" c"\r\n"multi\nline",d\r\n\r\n"",e\r';
    const whole = cells(text);
    for (const size of [1, 2, 3, 5, 7]) expect(cells(text, size)).toEqual(whole);
  });

  it('numbers records as spreadsheet rows: a quoted line break stays in its row, blank lines count', () => {
    const records = parse('h1,h2\n"x\ny",1\n\nz,2\n');
    expect(records.map((r) => [r.row, r.cells])).toEqual([
      [1, ['h1', 'h2']],
      [2, ['x\ny', '1']],
      [3, ['']],
      [4, ['z', '2']],
    ]);
  });

  it('keeps ragged rows as they are: fewer or more cells than the header', () => {
    expect(cells('a,b,c\n1\n1,2,3,4\n')).toEqual([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4']]);
  });

  it('keeps a quote in the middle of a cell as text', () => {
    expect(cells('5" disk,a"b\n')).toEqual([['5" disk', 'a"b']]);
  });

  it('refuses a quoted cell that is never closed, naming its row', () => {
    expect(() => parse('a,b\n1,"open\n2,3\n')).toThrow(/Row 2: a quoted cell is never closed/);
  });
});

describe('readCsv', () => {
  it('drops a UTF-8 byte-order mark and decodes characters split across chunks', async () => {
    const bytes = Buffer.from('\uFEFFname\nZoë Ångström\n', 'utf8');
    const pieces = [...bytes].map((b) => Uint8Array.of(b));
    expect((await readAll(pieces)).map((r) => r.cells)).toEqual([['name'], ['Zoë Ångström']]);
  });

  it('refuses bytes that are not UTF-8', async () => {
    const latin1 = Buffer.from('name\nZo\xeb\n', 'latin1');
    expect(await refusal([latin1])).toMatchObject({
      status: 400,
      message: expect.stringMatching(/not UTF-8/),
    });
  });

  it('refuses UTF-16 files by their byte-order mark, either way round', async () => {
    for (const bom of [
      [0xff, 0xfe],
      [0xfe, 0xff],
    ]) {
      const file = Buffer.concat([Buffer.from(bom), Buffer.from('n\0a\0m\0e\0', 'latin1')]);
      expect(await refusal([file])).toMatchObject({ status: 400, message: expect.stringMatching(/UTF-16/) });
    }
  });

  it('refuses more bytes than the limit with 413', async () => {
    expect(await refusal(['a,b\n', 'x'.repeat(100)], 50)).toMatchObject({ status: 413 });
  });

  it('refuses more data rows than the limit with 413, not counting the header or blank lines', async () => {
    expect((await readAll(['h\n1\n\n2\n3\n'], 1e6, 3)).length).toBe(5);
    expect(await refusal(['h\n1\n2\n3\n4\n'], 1e6, 3)).toMatchObject({
      status: 413,
      message: expect.stringMatching(/more than 3 rows/),
    });
  });

  it('stops reading an endless source at the row limit', async () => {
    let produced = 0;
    async function* endless() {
      yield 'RollNo,date,status\n';
      for (;;) {
        produced++;
        yield '230001,2025-01-01,Present\n'.repeat(100);
      }
    }
    const error = await (async () => {
      try {
        for await (const record of readCsv(endless(), { maxBytes: 1e9, maxRows: 10_000 }))
          expect(record.row).toBeGreaterThan(0);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(CsvInputError);
    expect(produced).toBeLessThanOrEqual(101);
  });

  it('refuses a row of commas past the column limit at once, naming the row, without reading on', async () => {
    let produced = 0;
    async function* commas() {
      yield 'RollNo,name\r\n1,Asha\r\n';
      for (let i = 0; i < 64; i++) {
        produced++;
        yield ','.repeat(64 * 1024);
      }
    }
    const limits = { maxBytes: 1e9, maxRows: 1e6, maxColumns: 256, maxCellChars: 10_000 };
    const error = await (async () => {
      try {
        for await (const record of readCsv(commas(), limits)) expect(record.cells.length).toBeLessThan(257);
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(CsvInputError);
    expect(error).toMatchObject({
      statusCode: 413,
      message:
        'Row 3 has more than 256 cells (a row may have at most 256 columns); the file was not read further',
    });
    // Refused within the first piece of commas: the other 63 (4 MB) were never asked for.
    expect(produced).toBe(1);
  });

  it('refuses a cell past the length limit, quoted or not, naming its row and column', async () => {
    const limits = { maxBytes: 1e9, maxRows: 1e6, maxColumns: 256, maxCellChars: 100 };
    for (const cell of ['x'.repeat(101), `"${'y'.repeat(60)}""${'z'.repeat(60)}"`]) {
      const pieces = ['a,b\n1,', ...cell.match(/[^]{1,7}/g)!, '\n'];
      const refused = await (async () => {
        try {
          for await (const record of readCsv(Readable.from(pieces), limits)) expect(record).toBeDefined();
        } catch (err) {
          return err;
        }
      })();
      expect(refused).toMatchObject({
        statusCode: 413,
        message: 'Row 2, column 2: a cell is longer than 100 characters; the file was not read further',
      });
    }
    const atLimit = await readAll(['a,b\n1,', 'x'.repeat(100)]);
    expect(atLimit[1]!.cells[1]).toHaveLength(100);
  });

  it('gives the event loop a turn between slices of one big chunk, so other work is not held', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `${230001 + i},2025-01-01,Present`);
    const file = Buffer.from(`RollNo,date,status\n${rows.join('\n')}\n`);
    expect(file.length).toBeGreaterThan(8 * SLICE_BYTES);
    let turns = 0;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    const turnsAtRecord: number[] = [];
    for await (const record of readCsv(Readable.from([file]), { maxBytes: 1e9, maxRows: 1e6 }))
      turnsAtRecord[record.row - 1] = turns;
    done = true;
    expect(turnsAtRecord).toHaveLength(40_001);
    // The other work ran while the file was still being read, not only once it was all read.
    expect(turnsAtRecord[20_000]).toBeGreaterThan(0);
    expect(turnsAtRecord.at(-1)! - turnsAtRecord[0]!).toBeGreaterThanOrEqual(8);
  });
});
