/**
 * Importing a CSV file (admins): `POST /api/import/:kind/check` is the dry run, `POST /api/import/:kind`
 * applies it. The body is the file itself (`Content-Type: text/csv`), read as it arrives. An apply
 * asked with `Accept: application/x-ndjson` answers a line of progress per batch written and the
 * result last (decision record 0016).
 */
import { PassThrough, Readable } from 'node:stream';
import {
  ErrorSchema,
  IMPORT_MAX_BYTES,
  IMPORT_PROGRESS_TYPE,
  ImportApplyResponseSchema,
  ImportKindParamsSchema,
  ImportReportSchema,
  type ImportKind,
  type ImportProgressLine,
  type ImportReport,
  type OneTimeCredential,
} from '@campus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsvInputError } from '../../lib/csv-parser';
import { HttpError } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import type { ImportContext } from './import-context';
import { describeImport, importService, readImportFile } from './importer';

const CSV_TYPES = ['text/csv', 'application/csv'];
const megabytes = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
const RefusalSchema = ErrorSchema.extend({ report: ImportReportSchema.optional() });
const errors = {
  400: RefusalSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  415: ErrorSchema,
};

/** PostgreSQL's unique violation, or SQLite's: another writer got there between check and write. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}
const CONFLICT_MESSAGE =
  'Someone else changed these records while the import ran, and nothing was imported. Check the file again.';

const refusalMessage = (report: ImportReport) =>
  `The file has ${report.errorCount} problem${report.errorCount === 1 ? '' : 's'}; nothing was imported`;

const applied = (report: ImportReport, credentials: OneTimeCredential[]) => ({
  message: `Imported ${report.rows} rows: ${report.counts.created} created, ${report.counts.updated} updated, ${report.counts.unchanged} unchanged`,
  report,
  credentials,
});

/** The uploaded file, read and checked row by row; a file that cannot be read is a 4xx. */
async function uploadedFile(kind: ImportKind, request: FastifyRequest, reply: FastifyReply) {
  const body = request.body;
  if (!(body instanceof Readable)) {
    throw new HttpError(415, 'Send the CSV file itself as the request body, with Content-Type: text/csv');
  }
  const refuse = (status: number, message: string) => {
    // The rest of the upload is not read: the connection closes once the refusal is sent.
    if (!body.readableEnded) void reply.header('connection', 'close');
    return new HttpError(status, message);
  };
  if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES) {
    throw refuse(413, `The file is larger than ${megabytes} MB`);
  }
  try {
    // Stopping early must not destroy the request: that would close the connection before the
    // refusal is sent. Node discards what is left of the upload once the answer has gone.
    return await readImportFile(kind, body.iterator({ destroyOnReturn: false }));
  } catch (err) {
    if (err instanceof CsvInputError) throw refuse(err.statusCode, err.message);
    throw err;
  }
}

/** The answer becomes the stream of progress lines; the handler writes to it until it ends. */
function startLines(reply: FastifyReply, lines: PassThrough) {
  void reply.code(200).header('content-type', `${IMPORT_PROGRESS_TYPE}; charset=utf-8`).send(lines);
}

export const importRoutes: Feature = async (app: App, { db, dialect, audit, changes, now, webhooks }) => {
  const service = importService(db, dialect, webhooks);
  // The body is handed over unread: the handler reads it as it arrives, within its limits.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  const contextOf = (request: FastifyRequest): ImportContext => {
    const principal = principalOf(request);
    return {
      importer: { accountId: principal.accountId, loginId: principal.loginId, role: principal.role },
      now: now(),
    };
  };
  // The summary is audited here rather than by a rule (audit/recorder.ts): a streamed answer has
  // no JSON for a rule to read, and the entry must be written before the result is told.
  const record = (context: ImportContext, report: ImportReport) =>
    audit.record({
      kind: 'import.apply',
      actorLoginId: context.importer.loginId,
      actorRole: context.importer.role,
      target: report.kind,
      detail: describeImport(report),
    });

  app.post(
    '/api/import/:kind/check',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['transfer'],
        summary:
          'Dry run of an import: the CSV file (text/csv, up to 50 MB and 100,000 rows) checked row by row and compared with what is stored; nothing is written',
        params: ImportKindParamsSchema,
        response: { 200: ImportReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.check(await uploadedFile(request.params.kind, request, reply), contextOf(request)),
  );

  app.post(
    '/api/import/:kind',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['transfer'],
        summary:
          'Applies an import in one transaction after checking it again; any problem refuses it with 400 and the report, and nothing is written. Created people get one-time passwords, answered once. With Accept: application/x-ndjson, progress lines come first.',
        params: ImportKindParamsSchema,
        response: { 200: ImportApplyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await uploadedFile(request.params.kind, request, reply);
      const context = contextOf(request);
      if (!request.headers.accept?.includes(IMPORT_PROGRESS_TYPE)) {
        let result;
        try {
          result = await service.apply(file, context);
        } catch (err) {
          if (isUniqueViolation(err)) throw new HttpError(409, CONFLICT_MESSAGE);
          throw err;
        }
        if (!result.ok)
          return reply.code(400).send({ message: refusalMessage(result.report), report: result.report });
        await record(context, result.report);
        return applied(result.report, result.credentials);
      }

      const lines = new PassThrough();
      const send = (line: ImportProgressLine) => lines.write(`${JSON.stringify(line)}\n`);
      let streaming = false;
      const fail = (err: unknown) => {
        if (!streaming) {
          if (isUniqueViolation(err)) throw new HttpError(409, CONFLICT_MESSAGE);
          throw err;
        }
        request.log.error({ err }, 'import failed after it started');
        send({
          type: 'error',
          message: isUniqueViolation(err) ? CONFLICT_MESSAGE : 'The import failed and nothing was imported.',
        });
      };
      let result;
      try {
        result = await service.apply(file, context, {
          onChecked: () => {
            streaming = true;
            startLines(reply, lines);
          },
          onProgress: (progress) => send({ type: 'progress', ...progress }),
        });
      } catch (err) {
        fail(err);
      }
      if (result && !result.ok) {
        return reply.code(400).send({ message: refusalMessage(result.report), report: result.report });
      }
      if (result) {
        try {
          await record(context, result.report);
          // Told only once every instance has heard of the writes (decision record 0008).
          await changes.settle?.();
          send({ type: 'done', ...applied(result.report, result.credentials) });
        } catch (err) {
          fail(err);
        }
      }
      lines.end();
      return reply;
    },
  );
};
