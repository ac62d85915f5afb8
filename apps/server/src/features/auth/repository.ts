/** Accounts, sessions and sign-in failures: all the SQL of the auth domain. */
import type { Role } from '@campus/contract';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { randomUUID } from 'node:crypto';
import { nowIso } from '../../lib/ids';
import type { Principal } from '../../types';
import { authKeys } from './cache-keys';

export interface Identity {
  role: Role;
  loginId: number;
  name: string;
  email: string;
}

/** A session that was not revoked when read, with when it expires. */
interface LiveSession {
  expiresAt: number;
  principal: Principal;
}

/**
 * The most sessions one account keeps (decision record 0024): signing in again and again ends the
 * oldest instead of adding rows without end. Twenty is far more than one person's devices and tabs.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 20;

const stillLive = (session: LiveSession | undefined): Principal | undefined =>
  session && session.expiresAt > Date.now() ? session.principal : undefined;

export function authRepository(db: Db, cache?: ReadCache) {
  const loadSession = async (sessionId: string, accountId: string): Promise<LiveSession | undefined> => {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .leftJoin('students', 'students.account_id', 'accounts.id')
      .select([
        'accounts.id',
        'accounts.role',
        'accounts.login_id',
        'accounts.must_change_password',
        'students.roll_no',
        'sessions.expires_at',
      ])
      .where('sessions.id', '=', sessionId)
      .where('sessions.account_id', '=', accountId)
      .where('sessions.revoked_at', 'is', null)
      // Deactivation revokes the sessions too; this holds even for one that was missed.
      .where('accounts.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      expiresAt: Date.parse(row.expires_at),
      principal: {
        accountId: row.id,
        sessionId,
        role: row.role,
        loginId: row.login_id,
        rollNo: row.roll_no,
        mustChangePassword: row.must_change_password === 1,
      },
    };
  };

  return {
    findAccountByLoginId(loginId: number) {
      return db
        .selectFrom('accounts')
        .select(['id', 'role', 'password_hash', 'login_id', 'deactivated_at', 'must_change_password'])
        .where('login_id', '=', loginId)
        .executeTakeFirst();
    },

    async existingLoginIds(loginIds: number[]): Promise<Set<number>> {
      const rows = await db
        .selectFrom('accounts')
        .select('login_id')
        .where('login_id', 'in', loginIds)
        .execute();
      return new Set(rows.map((r) => r.login_id));
    },

    findAccount(accountId: string) {
      return db
        .selectFrom('accounts')
        .select(['id', 'role', 'password_hash', 'login_id'])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /**
     * The principal behind a live session, in one query; undefined when revoked, expired or gone.
     * Every signed-in request asks, so the answer is cached until one of its tables is written to,
     * and a cached one is given at once, without a promise.
     */
    findPrincipal(
      sessionId: string,
      accountId: string,
      dataVersion?: number,
    ): Principal | undefined | Promise<Principal | undefined> {
      const load = () => loadSession(sessionId, accountId);
      const found = cache ? cache.read(authKeys.session(sessionId, accountId), load, dataVersion) : load();
      return found instanceof Promise ? found.then(stillLive) : stillLive(found);
    },

    /** Name and email of the person behind an account, whatever their role. */
    async findIdentity(accountId: string): Promise<Identity | undefined> {
      const row = await db
        .selectFrom('accounts')
        .leftJoin('students', 'students.account_id', 'accounts.id')
        .leftJoin('teachers', 'teachers.account_id', 'accounts.id')
        .leftJoin('admins', 'admins.account_id', 'accounts.id')
        .leftJoin('guards', 'guards.account_id', 'accounts.id')
        .leftJoin('guardians', 'guardians.account_id', 'accounts.id')
        .select([
          'guardians.name as guardianName',
          'guardians.email as guardianEmail',
          'accounts.role',
          'accounts.login_id',
          'guards.name as guardName',
          'guards.email as guardEmail',
          'students.name as studentName',
          'students.email as studentEmail',
          'teachers.name as teacherName',
          'teachers.email as teacherEmail',
          'admins.name as adminName',
          'admins.email as adminEmail',
        ])
        .where('accounts.id', '=', accountId)
        .executeTakeFirst();
      if (!row) return undefined;
      const name = row.studentName ?? row.teacherName ?? row.adminName ?? row.guardName ?? row.guardianName;
      const email =
        row.studentEmail ?? row.teacherEmail ?? row.adminEmail ?? row.guardEmail ?? row.guardianEmail;
      if (name === null || email === null) return undefined;
      return { role: row.role, loginId: row.login_id, name, email };
    },

    async createSession(accountId: string, expiresAt: Date): Promise<string> {
      // Wholly random, not a row id (lib/ids.ts): it would tell when its person signed in.
      const id = randomUUID();
      await db
        .insertInto('sessions')
        .values({
          id,
          account_id: accountId,
          created_at: nowIso(),
          expires_at: expiresAt.toISOString(),
          revoked_at: null,
        })
        .execute();
      // Past the bound the oldest go: a session whose row is gone is refused like a revoked one.
      const newest = db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_SESSIONS_PER_ACCOUNT);
      await db
        .deleteFrom('sessions')
        .where('account_id', '=', accountId)
        .where('id', 'not in', newest)
        .execute();
      return id;
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Removes sessions that expired before `now`; a revoked one goes once it has expired too. */
    async pruneSessions(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A password the person chose: a one-time password no longer waits to be replaced. */
    async changePassword(accountId: string, passwordHash: string, keepSessionId: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ password_hash: passwordHash, must_change_password: 0 })
          .where('id', '=', accountId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: nowIso() })
          .where('account_id', '=', accountId)
          .where('id', '!=', keepSessionId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
