/** Guardians, their links to students and what they see of their children: the SQL of the feature. */
import {
  GUARDIAN_ID_BASE,
  PERFORMANCE_SEMESTER_KEYS,
  wallClock,
  type ChildToday,
  type Guardian,
  type GuardianChild,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId, nowIso } from '../../lib/ids';
import { listPage, type Listed, type Page } from '../../lib/lists';

export type CreateGuardianResult =
  { ok: true; guardian: Guardian } | { ok: false; problem: 'email-taken' | 'id-taken' };

/** The most passes and leave applications shown per child: the recent ones. */
const RECENT = 20;

/** A guardian as the office sees them: without the account's internal id. */
export const shownGuardian = (g: Guardian): Guardian => ({
  guardianId: g.guardianId,
  name: g.name,
  email: g.email,
  phoneNo: g.phoneNo,
  active: g.active,
  children: g.children,
});

export function guardiansRepository(db: Db) {
  async function childrenOf(accountIds: string[]) {
    if (accountIds.length === 0) return new Map<string, Guardian['children']>();
    const rows = await db
      .selectFrom('guardian_links as l')
      .innerJoin('students as s', 's.roll_no', 'l.roll_no')
      .select(['l.guardian_account_id', 'l.roll_no', 'l.relation', 's.name'])
      .where('l.guardian_account_id', 'in', accountIds)
      .orderBy('l.roll_no')
      .execute();
    const found = new Map<string, Guardian['children']>();
    for (const r of rows) {
      const list = found.get(r.guardian_account_id) ?? [];
      list.push({ rollNo: r.roll_no, name: r.name, relation: r.relation });
      found.set(r.guardian_account_id, list);
    }
    return found;
  }

  const guardianRows = () =>
    db
      .selectFrom('guardians as g')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .select(['a.id', 'a.login_id', 'a.deactivated_at', 'g.name', 'g.email', 'g.phone_no']);

  type Row = {
    id: string;
    login_id: number;
    deactivated_at: string | null;
    name: string;
    email: string;
    phone_no: string | null;
  };
  const toGuardian = (r: Row, children: Guardian['children']): Guardian => ({
    guardianId: r.login_id,
    name: r.name,
    email: r.email,
    phoneNo: r.phone_no,
    active: r.deactivated_at === null,
    children,
  });

  async function findGuardian(guardianId: number): Promise<(Guardian & { accountId: string }) | undefined> {
    const row = await guardianRows().where('a.login_id', '=', guardianId).executeTakeFirst();
    if (!row) return undefined;
    const children = (await childrenOf([row.id])).get(row.id) ?? [];
    return { ...toGuardian(row, children), accountId: row.id };
  }

  /** The next free guardian User ID: one past the highest given, from GUARDIAN_ID_BASE + 1. */
  async function nextGuardianId(): Promise<number> {
    const row = await db
      .selectFrom('accounts')
      // PostgreSQL may hand a number over as text.
      .select((eb) => eb.fn.max<number | string | null>('login_id').as('top'))
      .where('role', '=', 'guardian')
      .executeTakeFirst();
    let candidate = Math.max(GUARDIAN_ID_BASE, Number(row?.top ?? 0)) + 1;
    // Skip numbers another role holds already (an admin may have chosen one in the range).
    for (;;) {
      const taken = await db
        .selectFrom('accounts')
        .select('id')
        .where('login_id', '=', candidate)
        .executeTakeFirst();
      if (!taken) return candidate;
      candidate++;
    }
  }

  return {
    findGuardian,

    async createGuardian(
      request: { name: string; email: string; phoneNo: string | null; guardianId?: number | undefined },
      passwordHash: string,
    ): Promise<CreateGuardianResult> {
      const email = request.email.trim().toLowerCase();
      const taken = await db
        .selectFrom('guardians')
        .select('account_id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (taken) return { ok: false, problem: 'email-taken' };
      const loginId = request.guardianId ?? (await nextGuardianId());
      const holder = await db
        .selectFrom('accounts')
        .select('id')
        .where('login_id', '=', loginId)
        .executeTakeFirst();
      if (holder) return { ok: false, problem: 'id-taken' };
      const accountId = newId();
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('accounts')
            .values({
              id: accountId,
              login_id: loginId,
              role: 'guardian',
              password_hash: passwordHash,
              created_at: at,
              must_change_password: 1,
            })
            .execute();
          await trx
            .insertInto('guardians')
            .values({
              account_id: accountId,
              name: request.name,
              email,
              phone_no: request.phoneNo,
              created_at: at,
            })
            .execute();
        });
      } catch (error) {
        // Another admin took the address or the User ID at the same moment.
        if (isUniqueViolation(error)) return { ok: false, problem: 'email-taken' };
        throw error;
      }
      const guardian = await findGuardian(loginId);
      if (!guardian) throw new Error(`The guardian ${loginId} just created cannot be read`);
      return { ok: true, guardian: shownGuardian(guardian) };
    },

    /** One page of guardians by name; `search` matches the name or the address. */
    async listGuardians(page: Page & { search?: string | undefined }): Promise<Listed<Guardian>> {
      let query = guardianRows();
      if (page.search) {
        const like = `%${page.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb(eb.fn('lower', ['g.name']), 'like', like), eb('g.email', 'like', like)]),
        );
      }
      const listed = await listPage(query.orderBy('g.name').orderBy('a.login_id'), page);
      const children = await childrenOf(listed.items.map((r) => r.id));
      return { items: listed.items.map((r) => toGuardian(r, children.get(r.id) ?? [])), total: listed.total };
    },

    studentExists: async (rollNo: number) =>
      (await db.selectFrom('students').select('roll_no').where('roll_no', '=', rollNo).executeTakeFirst()) !==
      undefined,

    /** Links a guardian to a student, or changes the relation of a link there is. */
    async link(accountId: string, rollNo: number, relation: string): Promise<void> {
      await db
        .insertInto('guardian_links')
        .values({ guardian_account_id: accountId, roll_no: rollNo, relation, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['guardian_account_id', 'roll_no']).doUpdateSet({ relation }))
        .execute();
    },

    /** Answers whether there was a link to remove. */
    async unlink(accountId: string, rollNo: number): Promise<boolean> {
      const result = await db
        .deleteFrom('guardian_links')
        .where('guardian_account_id', '=', accountId)
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A student's guardians, active accounts only. */
    guardiansOfStudent(rollNo: number) {
      return db
        .selectFrom('guardian_links as l')
        .innerJoin('guardians as g', 'g.account_id', 'l.guardian_account_id')
        .innerJoin('accounts as a', 'a.id', 'g.account_id')
        .select(['a.login_id as guardianId', 'g.name', 'g.email', 'g.phone_no as phoneNo', 'l.relation'])
        .where('l.roll_no', '=', rollNo)
        .where('a.deactivated_at', 'is', null)
        .orderBy('g.name')
        .execute();
    },

    /** The active guardian account with this address, if any. */
    findByEmail(email: string) {
      return db
        .selectFrom('guardians as g')
        .innerJoin('accounts as a', 'a.id', 'g.account_id')
        .select(['a.id as accountId', 'a.login_id as loginId', 'g.name', 'g.email', 'a.language'])
        .where('g.email', '=', email.trim().toLowerCase())
        .where('a.deactivated_at', 'is', null)
        .where('a.erased_at', 'is', null)
        .executeTakeFirst();
    },

    /** The roll numbers linked to a guardian: what every guardian route is checked against. */
    async rollNosOf(accountId: string): Promise<Map<number, string>> {
      const rows = await db
        .selectFrom('guardian_links')
        .select(['roll_no', 'relation'])
        .where('guardian_account_id', '=', accountId)
        .execute();
      return new Map(rows.map((r) => [r.roll_no, r.relation]));
    },

    /** The linked children, each with where they are today (`today`: the campus's day). */
    async children(links: Map<number, string>, today: string, zone: string): Promise<GuardianChild[]> {
      const rollNos = [...links.keys()];
      if (rollNos.length === 0) return [];
      const [students, out, onLeave] = await Promise.all([
        db
          .selectFrom('students')
          .select(['roll_no', 'name', 'group_name'])
          .where('roll_no', 'in', rollNos)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('gate_passes')
          .select(['roll_no', 'exited_at', 'return_by'])
          .where('roll_no', 'in', rollNos)
          .where('exited_at', 'is not', null)
          .where('returned_at', 'is', null)
          .orderBy('exited_at', 'desc')
          .execute(),
        db
          .selectFrom('leave_applications')
          .select(['roll_no', 'to_date'])
          .where('roll_no', 'in', rollNos)
          .where('status', '=', 'approved')
          .where('from_date', '<=', today)
          .where('to_date', '>=', today)
          .execute(),
      ]);
      return students.map((s) => {
        const pass = out.find((p) => p.roll_no === s.roll_no);
        const leave = onLeave.find((l) => l.roll_no === s.roll_no);
        const state: ChildToday = pass?.exited_at
          ? {
              state: 'out',
              since: wallClock(Date.parse(pass.exited_at), zone).time,
              returnBy: pass.return_by,
            }
          : leave
            ? { state: 'leave', until: leave.to_date }
            : { state: 'in' };
        return {
          rollNo: s.roll_no,
          name: s.name,
          group: s.group_name,
          relation: links.get(s.roll_no) ?? '',
          today: state,
        };
      });
    },

    /** The child's recent gate passes with their movements, newest first. */
    async passesOf(rollNo: number) {
      const rows = await db
        .selectFrom('gate_passes')
        .select([
          'id',
          'date',
          'time',
          'reason',
          'status',
          'return_by',
          'exited_at',
          'returned_at',
          'revoked_at',
          'guardian_consent',
        ])
        .where('roll_no', '=', rollNo)
        .orderBy('date', 'desc')
        .orderBy('created_at', 'desc')
        .limit(RECENT)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        date: r.date,
        time: r.time,
        reason: r.reason,
        status: r.status,
        returnBy: r.return_by,
        exitedAt: r.exited_at,
        returnedAt: r.returned_at,
        revoked: r.revoked_at !== null,
        consent: r.guardian_consent,
      }));
    },

    /** The child's recent leave applications, newest first. */
    async leaveOf(rollNo: number) {
      const rows = await db
        .selectFrom('leave_applications')
        .select(['id', 'from_date', 'to_date', 'reason', 'status'])
        .where('roll_no', '=', rollNo)
        .orderBy('from_date', 'desc')
        .orderBy('created_at', 'desc')
        .limit(RECENT)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        from: r.from_date,
        to: r.to_date,
        reason: r.reason,
        status: r.status,
      }));
    },

    /** The child's semester marks (SGPA) and CGPA; null when none are recorded. */
    async marksOf(rollNo: number) {
      const row = await db
        .selectFrom('performance')
        .selectAll()
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      if (!row) return null;
      const sgpas = [row.sem1_sgpa, row.sem2_sgpa, row.sem3_sgpa, row.sem4_sgpa];
      return {
        semesters: PERFORMANCE_SEMESTER_KEYS.map((semester, i) => ({
          semester: semester.replace(' SGPA', ''),
          sgpa: sgpas[i] ?? null,
        })),
        cgpa: row.cgpa,
      };
    },
  };
}

export type GuardiansRepository = ReturnType<typeof guardiansRepository>;
