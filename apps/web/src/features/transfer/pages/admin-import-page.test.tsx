import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportApplyResponse, ImportReport } from '@campus/contract';
import { ADMIN, deferred, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { AdminImportPage } from './admin-import-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const report = (errors: ImportReport['errors'], created = 3): ImportReport => ({
  kind: 'students',
  dryRun: true,
  rows: 3 + errors.length,
  counts: { created, updated: 0, unchanged: 0 },
  newGroups: ['CSE-C'],
  ignoredColumns: [],
  errors,
  errorCount: errors.length,
});

const PROBLEMS = Array.from({ length: 23 }, (_, i) => ({
  row: i + 2,
  field: i === 0 ? 'email' : 'RollNo',
  problem: i === 0 ? 'must be a valid email' : `${240000 + i} appears again (first on row 2)`,
  value: i === 0 ? 'asha@' : String(240000 + i),
}));

const DONE: ImportApplyResponse = {
  message: 'Imported 3 rows: 3 created, 0 updated, 0 unchanged',
  report: { ...report([]), dryRun: false },
  credentials: [{ userId: 240001, name: 'Asha Rao', oneTimePassword: 'abcDEF234ghjk' }],
};

/** The answer of an import asked with progress: NDJSON lines, as the server streams them. */
function progressLines(): Response {
  const lines = [
    { type: 'progress', phase: 'writing', done: 0, total: 7 },
    { type: 'progress', phase: 'students', done: 7, total: 7 },
    { type: 'done', ...DONE },
  ];
  return new Response(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

/** Files handed to the browser to save: their names and the bytes as sent. */
function captureDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const text = blob
      .arrayBuffer()
      .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    saved.push({ name: '', text });
    return 'blob:file';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
  return saved;
}

async function chooseFile(user: ReturnType<typeof renderScreen>['user'], name: string) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['RollNo,name,email,group\n'], name, { type: 'text/csv' }));
}

describe('AdminImportPage', { timeout: 20_000 }, () => {
  it('shows the problems a check finds, a page at a time, and keeps Import disabled until a check is clean', async () => {
    let checks = 0;
    const calls = stubApi((call: ApiCall) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
      if (call.path === '/api/import/students/check') {
        checks++;
        return { status: 200, body: report(checks === 1 ? PROBLEMS : []) };
      }
      if (call.path === '/api/import/students') return progressLines();
      return { status: 404, body: { message: 'no' } };
    });
    const { user } = renderScreen(<AdminImportPage />, ADMIN);

    expect(screen.getByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();

    await chooseFile(user, 'students.csv');
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('The file has 23 problems.')).toBeInTheDocument();
    expect(
      screen.getByText('26 rows: 3 would be created, 0 would be updated, 0 unchanged.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Problems in the file/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Row', 'Field', 'Value', 'Problem']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(rows[1]).toHaveTextContent('2emailasha@must be a valid email');
    expect(importButton).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Problems page 2' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('24RollNo240022240022 appears again');

    // The file fixed and checked again: no problems, and Import may be pressed.
    await chooseFile(user, 'students-fixed.csv');
    expect(screen.queryByRole('table', { name: /Problems in the file/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText('No problems found. Press “Import” to import the file.'),
    ).toBeInTheDocument();
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    expect(await screen.findByText('Import finished.')).toBeInTheDocument();
    expect(screen.getByText('3 rows: 3 created, 0 updated, 0 unchanged.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download one-time passwords' })).toBeInTheDocument();
    expect(importButton).toBeDisabled();

    const upload = calls.find((c) => c.path === '/api/import/students')!;
    expect(upload.method).toBe('POST');
  });

  it('shows the report of an import the server refused, and asks for a new check', async () => {
    stubApi((call: ApiCall) => {
      if (call.path === '/api/groups') return { status: 200, body: [] };
      if (call.path === '/api/import/students/check') return { status: 200, body: report([]) };
      if (call.path === '/api/import/students') {
        return {
          status: 400,
          body: {
            message: 'The file has 1 problem; nothing was imported',
            report: report([
              { row: 3, field: 'RollNo', problem: '500001 is already the User ID of a teacher' },
            ]),
          },
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    const { user } = renderScreen(<AdminImportPage />, ADMIN);
    await chooseFile(user, 'students.csv');
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByText('No problems found. Press “Import” to import the file.');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The file has 1 problem.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Problems in the file/ })).toHaveTextContent(
      '500001 is already the User ID of a teacher',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('downloads the problems, each with its value, as a CSV file', async () => {
    const saved = captureDownloads();
    stubApi((call: ApiCall) => {
      if (call.path === '/api/groups') return { status: 200, body: [] };
      if (call.path === '/api/import/students/check') {
        return {
          status: 200,
          body: report([
            { row: 2, field: 'email', problem: 'must be a valid email', value: 'asha@' },
            { row: 3, field: 'name', problem: 'is required', value: '' },
            { row: 4, field: 'group', problem: 'is not valid', value: '=cmd()' },
            { row: 5, field: '(row)', problem: 'has 11 cells but the first row names 10 columns' },
          ]),
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    const { user } = renderScreen(<AdminImportPage />, ADMIN);
    await chooseFile(user, 'students.csv');
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: /Problems in the file/ });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('3name(empty)is required');
    expect(within(table).getAllByRole('row')[4]).toHaveTextContent('5(row)(whole row)has 11 cells');

    await user.click(screen.getByRole('button', { name: 'Download problems (CSV)' }));
    await vi.waitFor(() => expect(saved[0]?.name).toBe('students-import-problems.csv'));
    const lines = (await saved[0]!.text)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('row,field,value,problem');
    expect(lines[1]).toBe('2,email,asha@,must be a valid email');
    // A value a spreadsheet would run as a formula is kept as text.
    expect(lines[3]).toContain("'=cmd()");
    expect(lines).toHaveLength(5);
  });

  it('says which file an export saved, and keeps the other exports free while one runs', async () => {
    const saved = captureDownloads();
    const held = deferred<Response>();
    stubApi((call: ApiCall) => {
      if (call.path === '/api/groups') return { status: 200, body: [] };
      if (call.path === '/api/export/students.csv') return held.promise;
      if (call.path === '/api/export/teachers.csv') {
        return new Response('teacherId\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="teachers-2026-11-25.csv"',
          },
        });
      }
      return { status: 404, body: { message: 'no' } };
    });
    const { user } = renderScreen(<AdminImportPage />, ADMIN);
    await user.click(screen.getByRole('button', { name: 'Download students as CSV' }));
    expect(await screen.findByText('Downloading...')).toBeInTheDocument();
    const teachers = screen.getByRole('button', { name: 'Download teachers as CSV' });
    expect(teachers).toBeEnabled();
    await user.click(teachers);
    expect(await screen.findByText('Downloaded teachers-2026-11-25.csv.')).toBeInTheDocument();
    expect(saved[0]?.name).toBe('teachers-2026-11-25.csv');
    held.resolve(
      new Response('RollNo\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="students-2026-11-25.csv"',
        },
      }),
    );
    expect(await screen.findByText('Downloaded students-2026-11-25.csv.')).toBeInTheDocument();
    expect(screen.queryByText('Downloading...')).not.toBeInTheDocument();
  });
});
