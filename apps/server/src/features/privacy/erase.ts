/**
 * Erases a person's personal data in one transaction (decision record 0084): their name becomes a
 * pseudonym, contacts and what they wrote go, their sessions, links, mails and notifications are
 * deleted; the rows that are counted (attendance, lecture marks, gate passes with their times,
 * marks, audit entries) stay, so that a group's figures and the log's history do not change.
 */
import { ERASED_TEXT, erasedPseudonym } from '@campus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Dialect } from '../../db/index';
import { nowIso } from '../../lib/ids';
import { insertEntries, type AuditRecord } from '../audit/repository';
import type { Subject } from './export-data';

type Trx = Transaction<Database>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the text columns are named as data
type AnyDb = Kysely<any>;

/**
 * Free text anywhere that may name the person (a teacher's reason, a mentor's notification, an
 * audit entry's detail): each is searched for the person's name and contacts, which are replaced.
 */
const TEXT_COLUMNS: readonly [string, string][] = [
  ['audit_log', 'detail'],
  ['notifications', 'text'],
  ['mail_queue', 'subject'],
  ['mail_queue', 'text_body'],
  ['mail_digest_items', 'text'],
  ['gate_passes', 'reason'],
  ['gate_passes', 'reject_reason'],
  ['gate_scans', 'reason'],
  ['leave_applications', 'reason'],
  ['leave_applications', 'reject_reason'],
  ['queries', 'topic'],
  ['queries', 'description'],
  ['queries', 'solution'],
  ['mentor_notices', 'description'],
  ['events', 'host_by'],
  ['events', 'description'],
  ['notices', 'description'],
  ['support_messages', 'message'],
  ['faq_unmatched', 'question'],
];

/** Shorter values are not searched for: "Al" would be replaced inside every "Alice". */
const SHORTEST_SEARCHED = 4;

export interface Erasure {
  pseudonym: string;
  erased: Record<string, number>;
}

const placeholderEmail = (accountId: string) => `erased-${accountId.replace(/-/g, '')}@erased.invalid`;

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0);

/** The personal values of the profile, besides the name, email and phone the subject carries. */
async function otherValues(trx: Trx, subject: Subject): Promise<string[]> {
  if (subject.role !== 'student') return [];
  const row = await trx
    .selectFrom('students')
    .select(['father_name', 'mother_name', 'guardian_name', 'guardian_email'])
    .where('account_id', '=', subject.accountId)
    .executeTakeFirst();
  return [row?.father_name, row?.mother_name, row?.guardian_name, row?.guardian_email].filter(
    (v): v is string => typeof v === 'string',
  );
}

/** The profile row: a pseudonym, a placeholder address, nothing else personal. */
async function eraseProfile(trx: Trx, subject: Subject, pseudonym: string): Promise<number> {
  const email = placeholderEmail(subject.accountId);
  const by = subject.accountId;
  switch (subject.role) {
    case 'student':
      return count(
        await trx
          .updateTable('students')
          .set({
            name: pseudonym,
            email,
            father_name: null,
            mother_name: null,
            gender: null,
            dob: null,
            category: null,
            phone_no: null,
            guardian_name: null,
            guardian_email: null,
          })
          .where('account_id', '=', by)
          .executeTakeFirst(),
      );
    case 'teacher':
      return count(
        await trx
          .updateTable('teachers')
          .set({ name: pseudonym, email, gender: null, dob: null, phone_no: null })
          .where('account_id', '=', by)
          .executeTakeFirst(),
      );
    case 'guard':
      return count(
        await trx
          .updateTable('guards')
          .set({ name: pseudonym, email, phone_no: null })
          .where('account_id', '=', by)
          .executeTakeFirst(),
      );
    case 'admin':
      return count(
        await trx
          .updateTable('admins')
          .set({ name: pseudonym, email })
          .where('account_id', '=', by)
          .executeTakeFirst(),
      );
    case 'guardian':
      // The links go too: an erased guardian sees no child (decision record 0091).
      await trx.deleteFrom('guardian_links').where('guardian_account_id', '=', by).execute();
      return count(
        await trx
          .updateTable('guardians')
          .set({ name: pseudonym, email, phone_no: null })
          .where('account_id', '=', by)
          .executeTakeFirst(),
      );
  }
}

/** What is the person's alone and means nothing without them: deleted. */
async function deleteOwn(trx: Trx, subject: Subject, addresses: string[]): Promise<Record<string, number>> {
  const by = subject.accountId;
  const erased: Record<string, number> = {};
  for (const table of [
    'sessions',
    'password_resets',
    'email_changes',
    'calendar_feeds',
    'mail_settings',
    'notifications',
    'mail_digest_items',
    'push_queue',
    'push_subscriptions',
  ] as const) {
    erased[table] = count(await trx.deleteFrom(table).where('account_id', '=', by).executeTakeFirst());
  }
  erased.guardian_codes = count(
    await trx.deleteFrom('guardian_codes').where('account_id', '=', by).executeTakeFirst(),
  );
  // A guardian's choices, kept news and consent links (decision records 0092, 0093).
  for (const table of ['guardian_mail_modes', 'guardian_digest_items', 'gate_pass_consents'] as const) {
    erased[table] = count(
      await trx.deleteFrom(table).where('guardian_account_id', '=', by).executeTakeFirst(),
    );
  }
  erased.mail_queue =
    addresses.length === 0
      ? 0
      : count(
          await trx
            .deleteFrom('mail_queue')
            .where(sql<string>`lower(to_address)`, 'in', addresses)
            .executeTakeFirst(),
        );
  erased.guardian_optouts =
    addresses.length === 0
      ? 0
      : count(
          await trx
            .deleteFrom('guardian_optouts')
            .where(sql<string>`lower(address)`, 'in', addresses)
            .executeTakeFirst(),
        );
  return erased;
}

/** What a student wrote: their reasons, questions and attachments; the rows themselves stay. */
async function eraseStudentText(trx: Trx, rollNo: number): Promise<Record<string, number>> {
  const passes = await trx
    .updateTable('gate_passes')
    .set({ contact: ERASED_TEXT, reason: ERASED_TEXT })
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  const leaveIds = trx.selectFrom('leave_applications').select('id').where('roll_no', '=', rollNo);
  const attachments = await trx
    .deleteFrom('leave_attachments')
    .where('leave_id', 'in', leaveIds)
    .executeTakeFirst();
  const leave = await trx
    .updateTable('leave_applications')
    .set({ reason: ERASED_TEXT })
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  const queries = await trx
    .updateTable('queries')
    .set({ topic: ERASED_TEXT, description: ERASED_TEXT })
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  return {
    gate_passes: count(passes),
    leave_attachments: count(attachments),
    leave_applications: count(leave),
    queries: count(queries),
  };
}

/** Support messages the person sent (by address): kept as counted, emptied. */
async function eraseSupport(trx: Trx, addresses: string[], pseudonym: string, email: string) {
  if (addresses.length === 0) return 0;
  return count(
    await trx
      .updateTable('support_messages')
      .set({ name: pseudonym, email, message: ERASED_TEXT })
      .where(sql<string>`lower(email)`, 'in', addresses)
      .executeTakeFirst(),
  );
}

/** Staff's published notices stay (the campus's record); their name and address on them go. */
async function eraseAuthorship(trx: Trx, subject: Subject, pseudonym: string, email: string) {
  const by = subject.accountId;
  const mentor = await trx
    .updateTable('mentor_notices')
    .set({ teacher_name: pseudonym, email })
    .where('author_id', '=', by)
    .executeTakeFirst();
  const events = await trx
    .updateTable('events')
    .set({ contact_email: email })
    .where('author_id', '=', by)
    .executeTakeFirst();
  const notices = await trx
    .updateTable('notices')
    .set({ contact_email: email })
    .where('author_id', '=', by)
    .executeTakeFirst();
  return count(mentor) + count(events) + count(notices);
}

/** Every mention of the person's name or contacts in free text, replaced. */
async function eraseMentions(trx: Trx, replacements: readonly [string, string][]): Promise<number> {
  const searched = replacements.filter(([from]) => from.length >= SHORTEST_SEARCHED);
  if (searched.length === 0) return 0;
  let changed = 0;
  // One statement per column, every value replaced in it: one scan of each table, not one a value.
  for (const [table, column] of TEXT_COLUMNS) {
    const col = sql.ref(column);
    const replaced = searched.reduce(
      (text, [from, to]) => sql<string>`replace(${text}, ${from}, ${to})`,
      sql<string>`${col}`,
    );
    const result = await (trx as unknown as AnyDb)
      .updateTable(table)
      .set({ [column]: replaced })
      .where(sql<boolean>`${col} <> ${replaced}`)
      .executeTakeFirst();
    changed += count(result);
  }
  return changed;
}

/** Erases `subject`'s personal data and records it, by `actor`; all or nothing. */
export function erasePerson(
  db: Db,
  dialect: Dialect,
  subject: Subject,
  actor: { loginId: number; role: string },
  /** A hash of a password no one knows, in place of theirs. */
  lockedHash: string,
): Promise<Erasure> {
  const pseudonym = erasedPseudonym(subject.role, subject.accountId);
  const email = placeholderEmail(subject.accountId);
  return db.transaction().execute(async (trx) => {
    const others = await otherValues(trx, subject);
    const addresses = [subject.email, ...others.filter((v) => v.includes('@'))]
      .filter((v): v is string => !!v)
      .map((v) => v.toLowerCase());
    const erased: Record<string, number> = { profile: await eraseProfile(trx, subject, pseudonym) };
    Object.assign(erased, await deleteOwn(trx, subject, addresses));
    if (subject.rollNo !== null) Object.assign(erased, await eraseStudentText(trx, subject.rollNo));
    erased.support_messages = await eraseSupport(trx, addresses, pseudonym, email);
    erased.authored = await eraseAuthorship(trx, subject, pseudonym, email);
    const replacements: [string, string][] = [
      ...(subject.name ? [[subject.name, pseudonym] as [string, string]] : []),
      ...[subject.email, subject.phone, ...others]
        .filter((v): v is string => !!v)
        .map((v) => [v, ERASED_TEXT] as [string, string]),
    ];
    erased.mentions = await eraseMentions(trx, replacements);
    // The client addresses of their sign-ins are personal data too; the entries stay.
    erased.audit_addresses = count(
      await trx
        .updateTable('audit_log')
        .set({ client: null })
        .where('actor_login_id', '=', subject.loginId)
        .where('client', 'is not', null)
        .executeTakeFirst(),
    );
    await trx
      .updateTable('accounts')
      .set({
        erased_at: nowIso(),
        deactivated_at: subject.deactivatedAt ?? nowIso(),
        password_hash: lockedHash,
      })
      .where('id', '=', subject.accountId)
      .execute();
    // Deleted words stay in SQLite's full-text index until its segments merge: merged now.
    if (dialect === 'sqlite')
      await sql`insert into queries_fts (queries_fts) values ('optimize')`.execute(trx);
    const entry: AuditRecord = {
      kind: 'person.erase',
      actorLoginId: actor.loginId,
      actorRole: actor.role,
      target: null,
      detail: pseudonym,
    };
    await insertEntries([entry]).execute(trx);
    return { pseudonym, erased };
  });
}
