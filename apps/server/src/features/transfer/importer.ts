/**
 * An import from start to end, for the API and the `campus import` command alike: the file read and
 * checked row by row, compared with what is stored (a dry run stops there), then written in one
 * transaction that checks everything again first and writes nothing if anything is wrong.
 */
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportCounts,
  type ImportKind,
  type ImportProblem,
  type ImportReport,
  type OneTimeCredential,
} from '@campus/contract';
import type { Db, Dialect } from '../../db/index';
import { CsvInputError, isBlankRecord, readCsv, type CsvLimits } from '../../lib/csv-parser';
import type { Progress } from '../../lib/progress-bar';
import {
  findDuplicates,
  readHeader,
  readRow,
  fieldValue,
  type CheckedRow,
  type Header,
  type KindRows,
} from './import-kinds';
import { importRepository, type ImportRepository } from './import-repository';
import type { ImportContext } from './import-context';
import { PLANNERS, type Plan } from './import-plans';
import type { Webhooks } from '../webhooks/index';

export interface ImportFile<K extends ImportKind = ImportKind> {
  kind: K;
  header: Header;
  /** Data rows read, blank lines left out. */
  rows: number;
  checked: CheckedRow<KindRows[K]>[];
  problems: ImportProblem[];
}

const IMPORT_LIMITS: CsvLimits = {
  maxBytes: IMPORT_MAX_BYTES,
  maxRows: IMPORT_MAX_ROWS,
  maxColumns: IMPORT_MAX_COLUMNS,
  maxCellChars: IMPORT_MAX_CELL_CHARS,
};

/** Reads and checks a whole file as it arrives; refuses (CsvInputError) what cannot be read at all. */
export async function readImportFile<K extends ImportKind>(
  kind: K,
  source: AsyncIterable<Uint8Array | string>,
  limits: CsvLimits = IMPORT_LIMITS,
): Promise<ImportFile<K>> {
  let header: Header | undefined;
  let rows = 0;
  const read: CheckedRow<KindRows[K]>[] = [];
  const problems: ImportProblem[] = [];
  for await (const record of readCsv(source, limits)) {
    if (!header) {
      header = readHeader(kind, record.cells);
      continue;
    }
    if (isBlankRecord(record.cells)) continue;
    rows++;
    const result = readRow(kind, header, record.row, record.cells);
    if ('value' in result) read.push({ row: record.row, value: result.value });
    else problems.push(...result.problems);
  }
  if (!header) header = readHeader(kind, undefined);
  if (rows === 0) throw new CsvInputError(400, 'The file has no rows below its first row');
  const { unique, problems: duplicates } = findDuplicates(kind, read);
  return { kind, header, rows, checked: unique, problems: [...problems, ...duplicates] };
}

/**
 * A problem found after the cells were read (a repeated key, an unknown group) names its field: the
 * report shows that field's value of the row beside it, as the cell check does.
 */
function withValues(problems: readonly ImportProblem[], file: ImportFile): ImportProblem[] {
  const wanted = new Set(problems.filter((p) => p.value === undefined).map((p) => p.row));
  if (wanted.size === 0) return [...problems];
  const rows = new Map<number, object>();
  for (const checked of file.checked) {
    if (wanted.has(checked.row)) rows.set(checked.row, checked.value);
  }
  return problems.map((p) => {
    const row = p.value === undefined ? rows.get(p.row) : undefined;
    const value = row && fieldValue(row, p.field);
    return value === undefined ? p : { ...p, value };
  });
}

function reportOf(file: ImportFile, plan: Plan, dryRun: boolean): ImportReport {
  const errors = withValues([...file.problems, ...plan.problems], file).sort((a, b) => a.row - b.row);
  return {
    kind: file.kind,
    dryRun,
    rows: file.rows,
    counts: plan.counts,
    newGroups: plan.newGroups,
    ...(plan.newCourses ? { newCourses: plan.newCourses } : {}),
    ignoredColumns: file.header.ignored,
    errors: errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
    errorCount: errors.length,
  };
}

async function planFor(file: ImportFile, repo: ImportRepository, context: ImportContext): Promise<Plan> {
  const planner = PLANNERS[file.kind] as (
    rows: CheckedRow<unknown>[],
    repo: ImportRepository,
    context: ImportContext,
  ) => Promise<Plan>;
  return planner(file.checked, repo, context);
}

export type ApplyResult =
  { ok: true; report: ImportReport; credentials: OneTimeCredential[] } | { ok: false; report: ImportReport };

class Refused extends Error {
  constructor(readonly report: ImportReport) {
    super('refused');
  }
}

export interface ApplyHooks {
  /** The file passed its check inside the transaction: writing starts. */
  onChecked?: (report: ImportReport) => void;
  onProgress?: (progress: Progress) => void;
  /** Runs last inside the transaction: throwing undoes the whole import (the CLI's password file). */
  beforeCommit?: (credentials: OneTimeCredential[]) => Promise<void>;
}

/** The role of the people an import of this kind adds, when it adds people. */
const ADDS_PEOPLE: Partial<Record<ImportFile['kind'], 'student' | 'teacher' | 'guard'>> = {
  students: 'student',
  teachers: 'teacher',
  guards: 'guard',
};

/** `webhooks`: the people an import adds are told to the endpoints that listen (record 0085). */
export function importService(db: Db, dialect: Dialect, webhooks?: Webhooks) {
  return {
    /** The dry run: what the import would do, and every problem; nothing is written. */
    async check(file: ImportFile, context: ImportContext): Promise<ImportReport> {
      return reportOf(file, await planFor(file, importRepository(db, dialect), context), true);
    },

    /** Checks again and writes all of it in one transaction, or nothing when anything is wrong. */
    async apply(file: ImportFile, context: ImportContext, hooks: ApplyHooks = {}): Promise<ApplyResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = importRepository(trx, dialect);
          const plan = await planFor(file, repo, context);
          const checked = reportOf(file, plan, true);
          if (checked.errorCount > 0) throw new Refused(checked);
          hooks.onChecked?.(checked);
          let done = 0;
          const total = plan.writes;
          hooks.onProgress?.({ phase: 'writing', done, total });
          const credentials = await plan.write(repo, (phase, rows) => {
            done += rows;
            hooks.onProgress?.({ phase, done, total });
          });
          const role = ADDS_PEOPLE[file.kind];
          if (role && webhooks) {
            for (const { userId } of credentials)
              await webhooks.emit('person.created', { role, userId }, trx);
          }
          await hooks.beforeCommit?.(credentials);
          hooks.onProgress?.({ phase: 'saving', done: total, total });
          return { ok: true as const, report: { ...checked, dryRun: false }, credentials };
        });
      } catch (err) {
        if (err instanceof Refused) return { ok: false, report: err.report };
        throw err;
      }
    },
  };
}

/** The audit log's words for an import: "students: 195 created, 3 updated, 2 unchanged; 1 new group". */
export function describeImport(report: ImportReport): string {
  const { created, updated, unchanged }: ImportCounts = report.counts;
  const groups = report.newGroups.length;
  const newGroups = groups > 0 ? `; ${groups} new group${groups === 1 ? '' : 's'}` : '';
  const courses = report.newCourses?.length ?? 0;
  const newCourses = courses > 0 ? `; ${courses} new course${courses === 1 ? '' : 's'}` : '';
  return `${report.kind}: ${report.rows} rows, ${created} created, ${updated} updated, ${unchanged} unchanged${newGroups}${newCourses}`;
}
