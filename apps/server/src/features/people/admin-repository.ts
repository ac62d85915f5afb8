/**
 * The admin's changes to people: creating and editing students and teachers, deactivating and
 * reactivating their accounts, resetting passwords, and a person's own contact details
 * (own-contact-repository.ts). Each change is one transaction; edits answer what they changed, field
 * by field, for the audit log (person-fields.ts).
 */
import type {
  FieldChange,
  Guard,
  GuardCreateRequest,
  GuardUpdateRequest,
  Role,
  Student,
  StudentCreateRequest,
  StudentUpdateRequest,
  Teacher,
  TeacherCreateRequest,
  TeacherUpdateRequest,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId, nowIso } from '../../lib/ids';
import {
  changesBetween,
  studentColumns,
  studentFields,
  teacherColumns,
  teacherFields,
} from './person-fields';
import { ownContactRepository } from './own-contact-repository';
import { peopleRepository } from './repository';
import type { Webhooks } from '../webhooks/index';

/** Who already has a User ID: its role and name. */
export interface UserIdHolder {
  role: Role;
  name: string;
}

export type CreateResult<T> =
  | { ok: true; person: T }
  | { ok: false; problem: 'taken'; holder: UserIdHolder | undefined }
  | { ok: false; problem: 'no-group' };

export type EditResult<T> =
  | { ok: true; person: T; changes: FieldChange[] }
  | { ok: false; problem: 'not-found' }
  | { ok: false; problem: 'no-group' };

export { changesBetween } from './person-fields';

/** `webhooks`: people added and changed are told to the endpoints that listen (record 0085). */
export function peopleAdminRepository(db: Db, webhooks?: Webhooks) {
  const people = peopleRepository(db);

  /** Queues `person.changed` with the change: which fields changed, never their values. */
  const changed = async (
    on: Db,
    role: 'student' | 'teacher' | 'guard',
    userId: number,
    changes: readonly FieldChange[],
  ) => {
    if (changes.length === 0) return;
    await webhooks?.emit('person.changed', () => ({ role, userId, fields: changes.map((c) => c.field) }), on);
  };

  async function holderOf(loginId: number, from: Db = db): Promise<UserIdHolder | undefined> {
    const row = await from
      .selectFrom('accounts')
      .leftJoin('students', 'students.account_id', 'accounts.id')
      .leftJoin('teachers', 'teachers.account_id', 'accounts.id')
      .leftJoin('admins', 'admins.account_id', 'accounts.id')
      .leftJoin('guards', 'guards.account_id', 'accounts.id')
      .select([
        'accounts.role',
        'students.name as s',
        'teachers.name as t',
        'admins.name as a',
        'guards.name as g',
      ])
      .where('accounts.login_id', '=', loginId)
      .executeTakeFirst();
    return row && { role: row.role, name: row.s ?? row.t ?? row.a ?? row.g ?? '' };
  }

  async function groupExists(name: string, from: Db): Promise<boolean> {
    const row = await from.selectFrom('groups').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Inserts a new account holding a one-time password, then the person's own row, unless the User
   * ID is taken or `refuse` finds a problem (the student's group does not exist).
   */
  async function create<T>(
    loginId: number,
    role: 'student' | 'teacher' | 'guard',
    passwordHash: string,
    refuse: (trx: Db) => Promise<'no-group' | undefined>,
    insert: (trx: Db, accountId: string) => Promise<unknown>,
    read: () => Promise<T | undefined>,
  ): Promise<CreateResult<T>> {
    try {
      const refused = await db.transaction().execute(async (trx) => {
        const holder = await holderOf(loginId, trx);
        if (holder) return { problem: 'taken' as const, holder };
        const problem = await refuse(trx);
        if (problem) return { problem };
        const accountId = newId();
        await trx
          .insertInto('accounts')
          .values({
            id: accountId,
            login_id: loginId,
            role,
            password_hash: passwordHash,
            created_at: nowIso(),
            must_change_password: 1,
          })
          .execute();
        await insert(trx, accountId);
        await webhooks?.emit('person.created', { role, userId: loginId }, trx);
        return undefined;
      });
      if (refused) return { ok: false, ...refused };
    } catch (error) {
      // Another admin took the same User ID at the same moment.
      if (isUniqueViolation(error)) return { ok: false, problem: 'taken', holder: await holderOf(loginId) };
      throw error;
    }
    const person = await read();
    if (!person) throw new Error(`The account ${loginId} just created cannot be read`);
    return { ok: true, person };
  }

  /** Revokes every open session of an account: it must sign in again (or cannot, once deactivated). */
  const revokeSessions = (trx: Db, accountId: string) =>
    trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();

  async function accountOf(role: 'student' | 'teacher' | 'guard', loginId: number, from: Db) {
    return from
      .selectFrom('accounts')
      .select(['id', 'deactivated_at', 'erased_at'])
      .where('login_id', '=', loginId)
      .where('role', '=', role)
      .executeTakeFirst();
  }

  const selectGuards = () =>
    db
      .selectFrom('guards')
      .innerJoin('accounts', 'accounts.id', 'guards.account_id')
      .select([
        'guards.account_id',
        'guards.guard_id',
        'guards.name',
        'guards.email',
        'guards.phone_no',
        'accounts.deactivated_at',
      ]);
  const toGuard = (row: Awaited<ReturnType<ReturnType<typeof selectGuards>['execute']>>[number]): Guard => ({
    _id: row.account_id,
    guardId: row.guard_id,
    name: row.name,
    email: row.email,
    phoneNo: row.phone_no,
    status: row.deactivated_at === null ? 'active' : 'inactive',
  });
  const findGuard = async (guardId: number) => {
    const row = await selectGuards().where('guards.guard_id', '=', guardId).executeTakeFirst();
    return row && toGuard(row);
  };

  return {
    holderOf,
    findGuard,

    async listGuards(): Promise<Guard[]> {
      return (await selectGuards().orderBy('guards.name').orderBy('guards.guard_id').execute()).map(toGuard);
    },

    createGuard(request: GuardCreateRequest, passwordHash: string): Promise<CreateResult<Guard>> {
      return create(
        request.guardId,
        'guard',
        passwordHash,
        () => Promise.resolve(undefined),
        (trx, accountId) =>
          trx
            .insertInto('guards')
            .values({
              account_id: accountId,
              guard_id: request.guardId,
              name: request.name,
              email: request.email,
              phone_no: request.phoneNo,
            })
            .execute(),
        () => findGuard(request.guardId),
      );
    },

    async updateGuard(guardId: number, request: GuardUpdateRequest): Promise<EditResult<Guard>> {
      const before = await findGuard(guardId);
      if (!before) return { ok: false, problem: 'not-found' };
      const fields = (g: Guard | GuardUpdateRequest) => ({
        name: g.name,
        phoneNo: g.phoneNo,
        email: g.email,
      });
      const changes = changesBetween(fields(before), fields(request));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('guards')
          .set({ name: request.name, email: request.email, phone_no: request.phoneNo })
          .where('guard_id', '=', guardId)
          .execute();
        await changed(trx, 'guard', guardId, changes);
      });
      const person = await findGuard(guardId);
      if (!person) return { ok: false, problem: 'not-found' };
      return { ok: true, person, changes };
    },

    createStudent(request: StudentCreateRequest, passwordHash: string): Promise<CreateResult<Student>> {
      return create(
        request.RollNo,
        'student',
        passwordHash,
        async (trx) => ((await groupExists(request.group, trx)) ? undefined : 'no-group'),
        (trx, accountId) =>
          trx
            .insertInto('students')
            .values({ account_id: accountId, roll_no: request.RollNo, ...studentColumns(request) })
            .execute(),
        () => people.findStudent(request.RollNo),
      );
    },

    createTeacher(request: TeacherCreateRequest, passwordHash: string): Promise<CreateResult<Teacher>> {
      return create(
        request.teacherId,
        'teacher',
        passwordHash,
        () => Promise.resolve(undefined),
        (trx, accountId) =>
          trx
            .insertInto('teachers')
            .values({ account_id: accountId, teacher_id: request.teacherId, ...teacherColumns(request) })
            .execute(),
        () => people.findTeacher(request.teacherId),
      );
    },

    async updateStudent(rollNo: number, request: StudentUpdateRequest): Promise<EditResult<Student>> {
      const outcome = await db.transaction().execute(async (trx) => {
        const before = await people.findStudent(rollNo, trx);
        if (!before) return { ok: false as const, problem: 'not-found' as const };
        if (before.group !== request.group && !(await groupExists(request.group, trx))) {
          return { ok: false as const, problem: 'no-group' as const };
        }
        await trx
          .updateTable('students')
          .set(studentColumns(request))
          .where('roll_no', '=', rollNo)
          .execute();
        const changes = changesBetween(
          { guardianName: null, guardianEmail: null, ...studentFields(before) },
          studentFields(request),
        );
        await changed(trx, 'student', rollNo, changes);
        return { ok: true as const, changes };
      });
      if (!outcome.ok) return outcome;
      const person = await people.findStudent(rollNo);
      if (!person) return { ok: false, problem: 'not-found' };
      return { ok: true, person, changes: outcome.changes };
    },

    async updateTeacher(teacherId: number, request: TeacherUpdateRequest): Promise<EditResult<Teacher>> {
      const changes = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('teachers')
          .select(['name', 'gender', 'dob', 'phone_no', 'email'])
          .where('teacher_id', '=', teacherId)
          .executeTakeFirst();
        if (!before) return undefined;
        await trx
          .updateTable('teachers')
          .set(teacherColumns(request))
          .where('teacher_id', '=', teacherId)
          .execute();
        const old = {
          name: before.name,
          Gender: before.gender,
          Dob: before.dob,
          phoneNo: before.phone_no,
          email: before.email,
        };
        const changes = changesBetween(old, teacherFields(request));
        await changed(trx, 'teacher', teacherId, changes);
        return changes;
      });
      const person = changes && (await people.findTeacher(teacherId));
      if (!changes || !person) return { ok: false, problem: 'not-found' };
      return { ok: true, person, changes };
    },

    /**
     * Deactivates (ending every session at once) or reactivates a student's or teacher's account.
     * Answers false when there is no such account, and 'erased' for an account whose personal data
     * was erased (record 0084): it stays deactivated. Deactivating again keeps the first time.
     */
    async setActive(
      role: 'student' | 'teacher' | 'guard',
      loginId: number,
      active: boolean,
    ): Promise<boolean | 'erased'> {
      return db.transaction().execute(async (trx) => {
        const account = await accountOf(role, loginId, trx);
        if (!account) return false;
        if (active && account.erased_at !== null) return 'erased';
        const status = { field: 'active', from: account.deactivated_at === null ? 1 : 0, to: active ? 1 : 0 };
        if (active) {
          await trx
            .updateTable('accounts')
            .set({ deactivated_at: null })
            .where('id', '=', account.id)
            .execute();
          await changed(trx, role, loginId, status.from === status.to ? [] : [status]);
          return true;
        }
        if (account.deactivated_at === null) {
          await trx
            .updateTable('accounts')
            .set({ deactivated_at: nowIso() })
            .where('id', '=', account.id)
            .execute();
          await changed(trx, role, loginId, [status]);
        }
        await revokeSessions(trx, account.id);
        return true;
      });
    },

    /** Replaces the password by a one-time password to be changed at the next sign-in; ends every session. */
    async resetPassword(
      role: 'student' | 'teacher' | 'guard',
      loginId: number,
      passwordHash: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const account = await accountOf(role, loginId, trx);
        if (!account) return false;
        await trx
          .updateTable('accounts')
          .set({ password_hash: passwordHash, must_change_password: 1 })
          .where('id', '=', account.id)
          .execute();
        await revokeSessions(trx, account.id);
        return true;
      });
    },

    ...ownContactRepository(db),
  };
}

export type PeopleAdminRepository = ReturnType<typeof peopleAdminRepository>;
