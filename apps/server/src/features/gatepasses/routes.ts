/** Gate passes: students apply and follow their own; teachers decide; teachers and admins read all. */
import {
  BulkGatePassStatusRequestSchema,
  DEFAULT_TIME_ZONE,
  BulkGatePassStatusResponseSchema,
  ErrorSchema,
  GatePassListQuerySchema,
  GatePassListSchema,
  GatePassSchema,
  GatePassIdParamsSchema,
  GatePassStatusParamsSchema,
  GatePassStudentListQuerySchema,
  GatePassStudentParamsSchema,
  MESSAGES,
  SubmitGatePassRequestSchema,
  SubmitGatePassResponseSchema,
  UpdateGatePassStatusRequestSchema,
  type GatePass,
} from '@campus/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import {
  answerList,
  arrayAnswer,
  KeptPages,
  keepsInMemory,
  withNewest,
  type ListAnswer,
} from '../../lib/lists';
import { assertOwnRollNo, principalOf } from '../../plugins/access';
import { alongside } from '../../plugins/settle-writes';
import { countedWrite } from '../../plugins/write-limits';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { campusMoment } from '../gate/state';
import { pastPassCloser } from './closing';
import { gatePassRepository, type ListView } from './repository';
import { entriesWithWrite } from '../audit/entries';
import { menteeRows, type MenteeRows } from '../../db/mentees';
import { isCurrentCard, studentCards, type StudentCard } from '../people/cards';
import type { CachedRead } from '../../db/read-cache';
import { gatepassKeys } from './cache-keys';
import { guardianConsent } from '../guardians/consent';

const TAGS = ['gate_passes', 'students', 'teachers'];
const WAITING_FOR_GUARDIAN =
  'This gate pass is waiting for a guardian’s consent: it can be decided once they consent';
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const gatepassesRoutes: Feature = async (
  app: App,
  { db, dialect, cache, notify, now, clock, mail, signer },
) => {
  const zone = () => clock.zone();
  const passes = gatePassRepository(db, dialect, now, zone);
  // A campus may ask a guardian first (decision record 0092); off, nothing here changes.
  const consent = guardianConsent({ db, cache, mail, signer, notify, now, zone, log: app.log });
  const closeDue = pastPassCloser(db, dialect, now, zone);
  const viewOf = (asDecided: boolean | undefined): ListView => (asDecided ? 'decision' : 'use');
  /** Why a pass can no longer be decided, in the words of its 409. */
  const closedWords = (date: string) =>
    `This gate pass closed on its own: its day, ${notify.day(date)}, passed before anyone decided it`;
  const cardOf = studentCards(db, cache);
  const menteesOf = menteeRows(db, cache);
  // A pass's state at the gate changes with the campus's day (ready → expired): a cached list is kept
  // per day.
  const day = () => clock.today();
  /** The campus's clock now, read once for a request (and not by a cached list's load). */
  const moment = async () => campusMoment(now(), await zone());
  /** At most this many first pages of one student's own passes are kept up to date as they apply. */
  const OWN_PAGE_KEYS = 6;
  /** Each student's own lists' first pages kept in memory, by their status and size. */
  const ownPages = new KeptPages<number, { status: string; limit: number | 'all'; read: CachedRead }>(
    OWN_PAGE_KEYS,
  );
  const newer = (a: GatePass, b: GatePass) =>
    a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a._id > b._id);

  /** At most this many page sizes of one mentor's pending list are kept up to date as mentees apply. */
  const MENTOR_PAGE_SIZES = 2;
  /** Each mentor's pending work list's first pages kept in memory (newest first), by their size. */
  const mentorPages = new KeptPages<string, { mentees: MenteeRows; read: CachedRead; limit: number | 'all' }>(
    MENTOR_PAGE_SIZES,
  );

  /**
   * After a pass: each first page of its student's own lists kept in memory, the pending one with
   * the pass in its place (newest first) and its total one more, when nothing but the pass changed
   * what the page was read from (`keepChanged`, decision record 0060): the student sees their list
   * right after applying. So are the pending work lists of the student's mentors, who see the pass
   * without a read of their few hundred mentees' passes. The pass is as the lists' reads give it;
   * its name and group are from the student's card, which must be the student as they are now.
   */
  function keepApplied(pass: GatePass, card: StudentCard, today: string): void {
    const keepIn = (read: CachedRead, limit: number | 'all') =>
      cache.keepChanged<ListAnswer<GatePass[]>>(read, 1, (kept) => {
        if (kept.body.some((p) => p._id === pass._id)) return kept;
        if (!isCurrentCard(cache, pass.rollNo, card)) return undefined;
        const body = withNewest(kept.body, pass, newer, limit);
        return body && { body, total: kept.total + 1 };
      });
    // A pass applied for a day already past is in no pending list (it is closing).
    const listed = pass.date >= today;
    for (const { shape: own } of ownPages.of(pass.rollNo)) {
      if (listed && own.status === pass.approvedStatus) keepIn(own.read, own.limit);
      // A list of another status is as it was: the pass moved only the student's rows it does not hold.
      else cache.keepChanged(own.read, 1, (kept) => kept);
    }
    for (const { shape: page } of mentorPages.all()) {
      if (!page.mentees.has(pass.rollNo)) continue;
      // A pass waiting for its guardian is not in its mentors' lists yet (decision record 0092).
      if (listed && !pass.waitingFor) keepIn(page.read, page.limit);
      else cache.keepChanged(page.read, 1, (kept) => kept);
    }
  }

  app.post(
    '/api/submit-gatepass',
    {
      config: { access: ['student'], writeLimit: 'gatePasses', writeLimitWithWrite: true },
      schema: {
        tags: TAGS,
        summary: 'Apply for a gate pass as the signed-in student; it starts pending',
        body: SubmitGatePassRequestSchema,
        response: { 201: SubmitGatePassResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { rollNo } = principalOf(request);
      if (rollNo === null) throw forbidden('Only students may apply for gate passes');
      const today = await day();
      // A campus with its own zone refuses its past days; at UTC, the default, the contract's rule
      // stands (any day still today somewhere), as a client's own day may be behind UTC's.
      if (request.body.date < today && (await zone()) !== DEFAULT_TIME_ZONE) {
        throw badRequest('date must not be before today');
      }
      const answerOf = (gatepass: GatePass) => ({ message: MESSAGES.gatePass.submitted, gatepass });
      // The pass, its audit entry, its student's mentors' notifications and its count against the
      // student's allowance are written together.
      let notes: Awaited<ReturnType<typeof notify.gatePassRequestNotes>> | undefined;
      const student = await cardOf(rollNo, request.dataVersion);
      if (!student) throw forbidden('Only students may apply for gate passes');
      // A pass that waits for a guardian tells its mentors only once consented to.
      const waitsForGuardian = await consent.required(rollNo, student.group);
      const gatepass = await passes.create(
        { ...request.body, rollNo, waitsForGuardian },
        student,
        countedWrite(request),
        {
          audit: (pass) => entriesWithWrite(request, answerOf(pass)),
          ...(waitsForGuardian
            ? {}
            : { notes: async (pass: GatePass) => (notes = await notify.gatePassRequestNotes(pass)) }),
        },
      );
      if (notes) alongside(request, notes.told());
      if (waitsForGuardian) alongside(request, consent.ask(gatepass));
      // The pass moved its student's passes once.
      keepApplied(gatepass, student, today);
      return reply.code(201).send(answerOf(gatepass));
    },
  );

  app.get(
    '/api/gatepasses/:status/:rollNo',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "One student's gate passes in a list, newest first (students: their own only); by use unless `asDecided=true` (decision record 0067)",
        params: GatePassStudentParamsSchema,
        querystring: GatePassStudentListQuerySchema,
        response: { 200: GatePassListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { status, rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      const { asDecided, ...page } = request.query;
      const view = viewOf(asDecided);
      const at = await moment();
      await closeDue(at.today);
      const load = async () => arrayAnswer(await passes.list(status, page, rollNo, view, at));
      if (!keepsInMemory(page)) return answerList(reply, load());
      const read = gatepassKeys.own(at.today, view, status, rollNo, page);
      if (page.offset === 0) {
        const limit = page.limit ?? 'all';
        // A new day's page takes its slot from the day before's.
        ownPages.note(rollNo, `${view}:${status}:${limit}`, read.key, { status, limit, read });
      }
      return answerList(reply, cache.read(read, load, request.dataVersion));
    },
  );

  app.get(
    '/api/gatepasses/:status',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "All gate passes in a list, newest applied first unless sorted; `group` keeps one group's, `mine=true` the signed-in teacher's mentees'; by use unless `asDecided=true` (decision record 0067)",
        params: GatePassStatusParamsSchema,
        querystring: GatePassListQuerySchema,
        response: { 200: GatePassListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { group, mine, sort, order, asDecided, ...page } = request.query;
      const { status } = request.params;
      const view = viewOf(asDecided);
      const mentoredBy = mine ? principalOf(request).accountId : undefined;
      const at = await moment();
      await closeDue(at.today);
      const load = async () =>
        arrayAnswer(await passes.listForStaff(status, page, { group, mentoredBy, sort, order }, view, at));
      if (!keepsInMemory(page)) return answerList(reply, load());
      // A mentor's work list follows only their mentees' passes: a pass from another group leaves it
      // in memory.
      const mentees = mentoredBy === undefined ? undefined : await menteesOf(mentoredBy, request.dataVersion);
      const read = gatepassKeys.staff(
        at.today,
        view,
        { status, group, mentoredBy, mentees, sort, order },
        page,
      );
      if (
        mentees &&
        mentoredBy !== undefined &&
        status === 'pending' &&
        group === undefined &&
        sort === 'createdAt' &&
        order === 'desc' &&
        page.offset === 0
      ) {
        const limit = page.limit ?? 'all';
        mentorPages.note(mentoredBy, `${view}:${limit}`, read.key, { mentees, read, limit });
      }
      return answerList(reply, cache.read(read, load, request.dataVersion));
    },
  );

  app.put(
    '/api/gatepasses/update-status',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: TAGS,
        summary:
          'Approve or reject a pending gate pass, a rejection with an optional reason; a decided pass cannot change again, nor one whose day passed while pending (409)',
        body: UpdateGatePassStatusRequestSchema,
        response: { 200: GatePassSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const teacher = principalOf(request);
      const { gatepassId, approvedStatus, rejectReason } = request.body;
      if (approvedStatus === 'approved' && rejectReason) {
        throw badRequest('rejectReason is only for a rejection');
      }
      const outcome = await passes.decide(gatepassId, approvedStatus, teacher.accountId, rejectReason);
      if (outcome.kind === 'not-found') throw notFound('Gate pass not found');
      if (outcome.kind === 'closed') throw conflict(closedWords(outcome.date));
      if (outcome.kind === 'waiting') throw conflict(WAITING_FOR_GUARDIAN);
      if (outcome.kind === 'already-decided') {
        throw conflict(`This gate pass has already been ${outcome.status}`);
      }
      alongside(request, notify.gatePassDecided(outcome.gatepass));
      return outcome.gatepass;
    },
  );

  app.put(
    '/api/gatepasses/update-status-bulk',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: TAGS,
        summary:
          'Approve or reject up to 200 gate passes at once; each still pending is decided exactly once, and each result says decided, already-decided (with its status), closed (its day passed while pending) or not-found, in the order asked',
        body: BulkGatePassStatusRequestSchema,
        response: { 200: BulkGatePassStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const teacher = principalOf(request);
      const { gatepassIds, approvedStatus, rejectReason } = request.body;
      if (approvedStatus === 'approved' && rejectReason) {
        throw badRequest('rejectReason is only for a rejection');
      }
      const results = await passes.decideMany(gatepassIds, approvedStatus, teacher.accountId, rejectReason);
      alongside(request, notify.gatePassDecided(results.flatMap((r) => (r.gatepass ? [r.gatepass] : []))));
      return { results };
    },
  );

  app.get(
    '/api/gatepass/:id',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "One gate pass, as decided, for the screen its notification opens (students: their own only, others' are not found)",
        params: GatePassIdParamsSchema,
        response: { 200: GatePassSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { role, rollNo } = principalOf(request);
      await closeDue(await day());
      const pass = await passes.findById(request.params.id);
      if (!pass || (role === 'student' && pass.rollNo !== rollNo)) throw notFound('Gate pass not found');
      return pass;
    },
  );
};
