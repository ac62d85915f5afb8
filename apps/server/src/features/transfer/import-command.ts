/**
 * `campus import KIND FILE [--dry-run] [--credentials FILE] [--by ADMIN_ID]`: the same check and
 * apply as the API, with a progress bar on stderr. The one-time passwords of created people go to
 * an owner-only (0600) CSV file, written inside the import's transaction: when it cannot be
 * written, nothing is imported.
 */
import { createReadStream } from 'node:fs';
import { open, stat, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { csvRow, IMPORT_KINDS, type ImportKind, type ImportReport } from '@campus/contract';
import type { DbHandle } from '../../db/index';
import { CsvInputError } from '../../lib/csv-parser';
import { progressBar } from '../../lib/progress-bar';
import { auditRepository } from '../audit/repository';
import { describeImport, importService, readImportFile } from './importer';

export interface ImportCommandOptions {
  kind: string | undefined;
  file: string | undefined;
  dryRun: boolean;
  credentials?: string | undefined;
  /** The admin recorded as having marked imported attendance; the first admin when not given. */
  by?: string | undefined;
}

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const CREATES_PEOPLE: readonly ImportKind[] = ['students', 'teachers'];

/** The report as lines: what would be (or was) done, then every problem listed. */
export function formatReport(report: ImportReport): string {
  const verb = report.dryRun ? 'would be ' : '';
  const { created, updated, unchanged } = report.counts;
  const lines = [
    `${report.kind}: ${report.rows.toLocaleString('en')} rows: ${created} ${verb}created, ${updated} ${verb}updated, ${unchanged} unchanged.`,
  ];
  if (report.newGroups.length > 0) lines.push(`New groups: ${report.newGroups.join(', ')}.`);
  if (report.newCourses?.length) lines.push(`New courses: ${report.newCourses.join(', ')}.`);
  if (report.ignoredColumns.length > 0) lines.push(`Columns not read: ${report.ignoredColumns.join(', ')}.`);
  if (report.errorCount > 0) {
    lines.push(`${report.errorCount} problem${report.errorCount === 1 ? '' : 's'}:`);
    for (const e of report.errors) lines.push(`  row ${e.row}\t${e.field}\t${e.problem}`);
    if (report.errorCount > report.errors.length)
      lines.push(`  … and ${report.errorCount - report.errors.length} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** Where the one-time passwords go: beside FILE unless named. */
export function credentialsPath(file: string, named: string | undefined): string {
  return named ?? join(dirname(file), `${basename(file, extname(file))}-one-time-passwords.csv`);
}

async function importer(handle: DbHandle, by: string | undefined) {
  let query = handle.db
    .selectFrom('accounts')
    .select(['id', 'login_id'])
    .where('role', '=', 'admin')
    .orderBy('login_id')
    .limit(1);
  if (by !== undefined) query = query.where('login_id', '=', Number(by));
  return query.executeTakeFirst();
}

export async function importCommand(
  handle: DbHandle,
  options: ImportCommandOptions,
  io: Output,
): Promise<number> {
  const kind = IMPORT_KINDS.find((k) => k === options.kind);
  if (!kind || !options.file) {
    io.err(
      `Usage: campus import ${IMPORT_KINDS.join('|')} FILE [--dry-run] [--credentials FILE] [--by ADMIN_ID]\n`,
    );
    return 1;
  }
  const file = options.file;
  if (!(await stat(file).catch(() => undefined))?.isFile()) {
    io.err(`No file ${file}\n`);
    return 1;
  }
  const admin = await importer(handle, options.by);
  if (!admin) {
    io.err(
      options.by
        ? `No admin has the User ID ${options.by}\n`
        : 'The campus has no admin yet: create one first (campus create-admin)\n',
    );
    return 1;
  }
  let parsed;
  try {
    parsed = await readImportFile(kind, createReadStream(file));
  } catch (err) {
    if (err instanceof CsvInputError) {
      io.err(`${file}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const service = importService(handle.db, handle.dialect);
  const context = { importer: { accountId: admin.id, loginId: null, role: null }, now: Date.now() };
  if (options.dryRun) {
    const report = await service.check(parsed, context);
    (report.errorCount > 0 ? io.err : io.out)(formatReport(report));
    return report.errorCount > 0 ? 1 : 0;
  }

  const secrets = CREATES_PEOPLE.includes(kind) ? credentialsPath(file, options.credentials) : undefined;
  // Made first, exclusively and owner-only: an existing file is never replaced.
  const sink = secrets
    ? await open(secrets, 'wx', 0o600).catch((err: unknown) => err as NodeJS.ErrnoException)
    : undefined;
  if (sink instanceof Error) {
    io.err(
      sink.code === 'EEXIST'
        ? `${secrets} already exists; move it away or name another file with --credentials\n`
        : `Cannot create ${secrets}: ${sink.message}\n`,
    );
    return 1;
  }
  const bar = progressBar(`importing ${kind}`);
  let written = false;
  try {
    const result = await service.apply(parsed, context, {
      onProgress: bar.update,
      beforeCommit: async (credentials) => {
        if (!sink || credentials.length === 0) return;
        let text = csvRow(['userId', 'name', 'oneTimePassword']);
        for (const c of credentials) text += csvRow([c.userId, c.name, c.oneTimePassword]);
        await sink.writeFile(text);
        await sink.sync();
        written = true;
      },
    });
    bar.end();
    if (!result.ok) {
      io.err(`Nothing was imported.\n${formatReport(result.report)}`);
      return 1;
    }
    await auditRepository(handle.db, handle.dialect).record({
      kind: 'import.apply',
      actorLoginId: null,
      actorRole: null,
      target: kind,
      detail: `${describeImport(result.report)} (command line)`,
    });
    io.out(formatReport(result.report));
    if (written) {
      io.out(
        `The one-time passwords of the ${result.credentials.length} people created are in ${secrets} (readable by you only); hand them out and delete the file.\n`,
      );
    }
    return 0;
  } finally {
    await sink?.close();
    if (secrets && !written) await unlink(secrets).catch(() => undefined);
  }
}
