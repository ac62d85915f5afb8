import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportRefusal, ImportReport } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, login } from '../../../test/fixtures';
import { CsvParser, type CsvRecord } from '../../lib/csv-parser';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

/** Each test its own roll numbers and groups, so no test sees another's rows. */
let block = 200_000;
const nextBlock = () => (block += 30_000);

const STUDENT_HEADER = 'RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group';
const studentLine = (rollNo: number, group: string) =>
  `${rollNo},Student ${rollNo},Father ${rollNo},Mother ${rollNo},Female,2005-04-03,General,9876543210,s${rollNo}@uni.example.edu,${group}`;

const post = (url: string, payload: string | Buffer | Readable) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'content-type': 'text/csv' } });
const postJson = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

const RLO = '\u202E';

describe('group names and text cells of an import', () => {
  it('refuses a group name with a right-to-left override, markup or a line break, row by row, as the API does', async () => {
    const first = nextBlock();
    const lines = [
      STUDENT_HEADER,
      studentLine(first, `CSE-A${RLO}B-`),
      studentLine(first + 1, '<b>CSE-A</b>'),
      studentLine(first + 2, '"CSE\nA"'),
      studentLine(first + 3, `ok-${first}`),
    ];
    const csv = lines.join('\r\n');
    const rtl = 'must not hold the invisible character U+202E, which changes the direction text is shown in';
    const res = await post('/api/import/students/check', csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    expect(report.errors).toMatchObject([
      { row: 2, field: 'group', problem: rtl },
      { row: 3, field: 'group', problem: 'may hold letters, digits, spaces and . _ - + & ( ) only' },
      { row: 4, field: 'group', problem: 'must be on one line (it holds a line break)' },
    ]);
    expect(report.newGroups).toEqual([`ok-${first}`]);

    // The API refuses the same names in the same words: one schema for both.
    for (const [name, problem] of [
      [`CSE-A${RLO}B-`, rtl],
      ['<b>CSE-A</b>', report.errors[1]!.problem],
      ['CSE\nA', report.errors[2]!.problem],
    ] as const) {
      const api = await postJson('/api/groups', { name });
      expect(api.statusCode).toBe(400);
      expect(api.json<{ message: string }>().message).toBe(`name ${problem}`);
    }

    const refused = await post('/api/import/students', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ImportRefusal>().report.errorCount).toBe(3);
    const groups = await t.app.inject({ url: '/api/groups', headers: bearer(token) });
    expect(groups.json<string[]>().filter((g) => g.startsWith('CSE-A') || g.includes('ok-'))).toEqual([]);
  });

  it('refuses the same group names in a mentors file', async () => {
    const res = await post('/api/import/mentors/check', `teacherId,group\r\n500001,CSE-A${RLO}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>().errors).toContainEqual({
      row: 2,
      field: 'group',
      problem: 'must not hold the invisible character U+202E, which changes the direction text is shown in',
      // The cell is shown with the invisible character named, never applied.
      value: 'CSE-A<U+202E>',
    });
  });

  it('refuses control and direction characters in every other text cell, naming row, field and problem', async () => {
    const first = nextBlock();
    const group = `TXT-${first}`;
    const line = (rollNo: number, edit: (cells: string[]) => void) => {
      const cells = studentLine(rollNo, group).split(',');
      edit(cells);
      return cells.join(',');
    };
    const csv = [
      STUDENT_HEADER,
      line(first, (c) => (c[1] = `Asha${RLO}ahsA`)),
      line(first + 1, (c) => (c[2] = 'Father\tName')),
      line(first + 2, (c) => (c[3] = 'Mother\u2067Name\u2069')),
      line(first + 3, (c) => (c[6] = 'General\u0007')),
      line(first + 4, (c) => (c[8] = `\u200Fs${first + 4}@uni.example.edu`)),
      line(first + 5, (c) => (c[1] = '"Two\r\nLines"')),
      line(first + 6, (c) => (c[1] = 'Zoë Ångström')),
    ].join('\r\n');
    const res = await post('/api/import/students/check', csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    expect(report.errors).toMatchObject([
      {
        row: 2,
        field: 'name',
        problem: expect.stringMatching(/^must not hold the invisible character U\+202E/),
      },
      { row: 3, field: 'FatherName', problem: 'must not hold a tab' },
      { row: 4, field: 'MotherName', problem: expect.stringMatching(/character U\+2067, which changes/) },
      { row: 5, field: 'Category', problem: 'must not hold the invisible character U+0007' },
      { row: 6, field: 'email', problem: expect.stringMatching(/character U\+200F, which changes/) },
      { row: 7, field: 'name', problem: 'must be on one line (it holds a line break)' },
    ]);
    expect(report.counts.created).toBe(1);

    // A student created through the API meets the same rule, in the same words.
    const api = await postJson('/api/students', {
      RollNo: first + 50,
      name: `Asha${RLO}ahsA`,
      email: `s${first + 50}@uni.example.edu`,
      group,
    });
    expect(api.statusCode).toBe(400);
    expect(api.json<{ message: string }>().message).toBe(`name ${report.errors[0]!.problem}`);
  });
});

describe('a CSV "comma bomb" and a big file', () => {
  it('refuses a row of millions of commas at once with 413 naming the row, without reading the rest', async () => {
    let produced = 0;
    const bomb = Readable.from(
      (function* () {
        yield `${STUDENT_HEADER}\r\n`;
        const piece = ','.repeat(64 * 1024);
        for (let i = 0; i < 128; i++) {
          produced++;
          yield piece;
        }
      })(),
    );
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await post('/api/import/students/check', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'Row 2 has more than 256 cells (a row may have at most 256 columns); the file was not read further',
    );
    // Refused within the first pieces (the stream's buffer holds a few more): 8 MB were never read.
    expect(produced).toBeLessThan(8);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a cell of megabytes with 413 naming its row and column', async () => {
    const res = await post(
      '/api/import/students/check',
      `${STUDENT_HEADER}\r\n1,${'x'.repeat(2 * 1024 * 1024)},,,,,,,a@b.example,G\r\n`,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'Row 2, column 2: a cell is longer than 10,000 characters; the file was not read further',
    );
  });

  it('answers GET /api/health while a big valid file is still being read', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = nextBlock();
    const rows = 20_000;
    const lines = [STUDENT_HEADER];
    for (let i = 0; i < rows; i++) lines.push(studentLine(first + i, `BIG-${Math.floor(i / 500)}`));
    // Sent at once, as one chunk: the server must still not read it in one go.
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);

    // Health is asked as soon as the server starts reading the file, and answers while rows remain.
    const { feed } = CsvParser.prototype; // eslint-disable-line @typescript-eslint/unbound-method -- called with its parser below
    let recordsRead = 0;
    let recordsWhenHealthAnswered: number | undefined;
    let health: Promise<number> | undefined;
    const spy = vi.spyOn(CsvParser.prototype, 'feed').mockImplementation(function (this: CsvParser, text) {
      health ??= fetch(`${address}/api/health`).then(async (res) => {
        await res.arrayBuffer();
        recordsWhenHealthAnswered = recordsRead;
        return res.status;
      });
      const records: CsvRecord[] = feed.call(this, text);
      recordsRead += records.length;
      return records;
    });
    try {
      const res = await post('/api/import/students/check', file);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json<ImportReport>()).toMatchObject({ rows, errorCount: 0, counts: { created: rows } });
      expect(await health).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(recordsRead).toBe(rows + 1);
    expect(recordsWhenHealthAnswered).toBeLessThan(rows + 1);
  }, 60_000);
});
