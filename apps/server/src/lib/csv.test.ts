import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, withoutFormulaGuard } from '@campus/contract';
import { attachmentDisposition, csvStream } from './csv';

/** A strict RFC 4180 reader, to check what a spreadsheet program would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted cell');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text.charAt(i++);
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} in a cell`);
        cell += text.charAt(i++);
      }
    }
    record.push(cell);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) {
      throw new Error(`unexpected ${JSON.stringify(text[i])} after a cell`);
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
  return text;
}

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and nothing for null', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(66.67)).toBe('66.67');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling the quotes', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('the "best"')).toBe('"the ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('quotes a semicolon or a tab anywhere, so a spreadsheet that splits on them runs no formula from mid-cell', () => {
    expect(csvCell('CSE-A;=HYPERLINK("http://evil.example")')).toBe(
      '"CSE-A;=HYPERLINK(""http://evil.example"")"',
    );
    expect(csvCell('Asha\t=1+1')).toBe('"Asha\t=1+1"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvRow(['Asha;=1+1', 230001, 'x\t@SUM(A1)'])).toBe('"Asha;=1+1",230001,"x\t@SUM(A1)"\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe('"\'\t=1+1"');
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    // Only the first character counts: these are plain text.
    expect(csvCell('A=B')).toBe('A=B');
    expect(csvCell('CSE-A')).toBe('CSE-A');
  });

  it('reads back, for any text, as the text itself or the text behind an apostrophe when it starts a formula', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const [read] = parseCsv(csvRow(cells));
        expect(read).toEqual(cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
        expect(read!.map(withoutFormulaGuard)).toEqual(cells);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no semicolon or tab outside quotes, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const unquoted = csvRow(cells).replace(/"(?:[^"]|"")*"/g, '');
        expect(unquoted).not.toMatch(/[;\t]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('csvStream', () => {
  it('writes a byte-order mark, the header and each row ended by CRLF', async () => {
    const text = await readAll(
      csvStream(
        ['Roll No', 'Name'],
        [
          [230001, 'Asha'],
          [230002, '=cmd|x'],
        ],
      ),
    );
    expect(text).toBe("\uFEFFRoll No,Name\r\n230001,Asha\r\n230002,'=cmd|x\r\n");
  });

  it('takes rows as they come from an async source, however many', async () => {
    async function* rows() {
      for (let i = 0; i < 5000; i++) yield [i, `name ${i}`];
    }
    const stream = csvStream(['n', 'name'], rows());
    let chunks = 0;
    let text = '';
    for await (const chunk of stream) {
      chunks++;
      text += String(chunk);
    }
    const records = parseCsv(text.slice(1));
    expect(records).toHaveLength(5001);
    expect(records[4321]).toEqual(['4320', 'name 4320']);
    // Written in a few large pieces, not one per row.
    expect(chunks).toBeGreaterThan(1);
    expect(chunks).toBeLessThan(50);
  });
});

describe('attachmentDisposition', () => {
  it('names a plain file as it is', () => {
    expect(attachmentDisposition('attendance-CSE-A-2025-01-01-to-2025-01-30.csv')).toBe(
      'attachment; filename="attendance-CSE-A-2025-01-01-to-2025-01-30.csv"',
    );
  });

  it('keeps quotes, slashes and other characters out of the plain name and gives the exact one encoded', () => {
    expect(attachmentDisposition('a "b"/c\r\nd é(1).csv')).toBe(
      `attachment; filename="a_b_c_d_1_.csv"; filename*=UTF-8''a%20%22b%22%2Fc%0D%0Ad%20%C3%A9%281%29.csv`,
    );
  });
});
