/**
 * Import and export calls (decision record 0016): a file checked (the dry run), the same file
 * imported with its progress read line by line as the server writes, and lists downloaded as CSV.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  csvRow,
  IMPORT_PROGRESS_TYPE,
  type ExportList,
  type ImportApplyResponse,
  type ImportKind,
  type ImportProgressLine,
  type ImportReport,
  type OneTimeCredential,
} from '@campus/contract';
import { api, ApiError, download, stream } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

const csvFile = (file: Blob) => ({ content: file, type: 'text/csv' });

export function checkImport({ kind, file }: { kind: ImportKind; file: Blob }): Promise<ImportReport> {
  return api<ImportReport>(`/api/import/${kind}/check`, { method: 'POST', file: csvFile(file) });
}

export function useCheckImport() {
  return useMutation({ mutationFn: checkImport });
}

export interface ImportProgress {
  phase: string;
  done: number;
  total: number;
}

/** The report of a refused import: the server checked the file again and found problems. */
export function refusedReport(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as { report?: ImportReport } | undefined;
  return body?.report;
}

/** Imports the file, telling `onProgress` of each batch the server writes; answers the result. */
export async function applyImport(
  { kind, file }: { kind: ImportKind; file: Blob },
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportApplyResponse> {
  const res = await stream(`/api/import/${kind}`, {
    method: 'POST',
    file: csvFile(file),
    accept: IMPORT_PROGRESS_TYPE,
  });
  if (!res.body) throw new Error('The server sent no answer');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ImportProgressLine;
      if (line.type === 'progress') onProgress(line);
      else if (line.type === 'done') return line;
      else throw new Error(line.message);
    }
    if (done)
      throw new Error('The import stopped before it finished; check the file again to see what was saved.');
  }
}

export function useApplyImport(onProgress: (progress: ImportProgress) => void) {
  return useMutation({
    mutationFn: (input: { kind: ImportKind; file: Blob }) => applyImport(input, onProgress),
  });
}

/** The one-time passwords as a CSV file, made in the browser: the server never sends them again. */
export function saveCredentials(credentials: readonly OneTimeCredential[], kind: ImportKind): void {
  // The server's exports' cell rules: no cell a spreadsheet would run as a formula, quotes where needed.
  const rows = [
    csvRow(['userId', 'name', 'oneTimePassword']),
    ...credentials.map((c) => csvRow([c.userId, c.name, c.oneTimePassword])),
  ];
  const blob = new Blob([`\uFEFF${rows.join('')}`], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `${kind}-one-time-passwords.csv`);
}

/** The report's problems as a CSV file, made in the browser from the report on show. */
export function saveProblems(report: ImportReport): void {
  const rows = [
    csvRow(['row', 'field', 'value', 'problem']),
    ...report.errors.map((p) => csvRow([p.row, p.field, p.value ?? '', p.problem])),
  ];
  const blob = new Blob([`\uFEFF${rows.join('')}`], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, `${report.kind}-import-problems.csv`);
}

export interface ExportRequest {
  list: ExportList | 'attendance';
  query?: Record<string, string | undefined>;
}

/** Downloads one list and hands it to the browser; answers the name the file was saved under. */
export async function downloadExport({ list, query }: ExportRequest): Promise<string> {
  const { blob, filename } = await download(`/api/export/${list}.csv`, query ? { query } : {});
  const name = filename ?? `${list}.csv`;
  saveFile(blob, name);
  return name;
}

export function useGroupNames() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: () => api<string[]>('/api/groups'),
    staleTime: 5 * 60_000,
  });
}
