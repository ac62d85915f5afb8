/**
 * A person's own contact details, whatever their role: their email (set once a new address is
 * confirmed) and phone number. Part of `peopleAdminRepository`.
 */
import type { FieldChange, OwnContactRequest, Role } from '@campus/contract';
import type { Db } from '../../db/index';
import { changesBetween } from './person-fields';

/** The table that holds a person of each role. */
function personTable(role: Role) {
  return role === 'student'
    ? ('students' as const)
    : role === 'teacher'
      ? ('teachers' as const)
      : role === 'guard'
        ? ('guards' as const)
        : ('admins' as const);
}

export function ownContactRepository(db: Db) {
  return {
    /** The name and email of the person an account is, whatever their role. */
    async ownEmail(accountId: string, role: Role): Promise<{ name: string; email: string } | undefined> {
      return db
        .selectFrom(personTable(role))
        .select(['name', 'email'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    /** Sets a person's email once its new address was confirmed; answers their User ID and role. */
    async setOwnEmail(
      accountId: string,
      email: string,
    ): Promise<{ loginId: number; role: Role; before: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const account = await trx
          .selectFrom('accounts')
          .select(['login_id', 'role'])
          .where('id', '=', accountId)
          .executeTakeFirst();
        if (!account) return undefined;
        const table = personTable(account.role);
        const person = await trx
          .selectFrom(table)
          .select('email')
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (!person) return undefined;
        await trx.updateTable(table).set({ email }).where('account_id', '=', accountId).execute();
        return { loginId: account.login_id, role: account.role, before: person.email };
      });
    },

    /** A person's own email and phone number (an admin's email only); answers what changed. */
    async updateOwnContact(
      accountId: string,
      role: Role,
      contact: OwnContactRequest,
    ): Promise<{ email: string; phoneNo: string | null; changes: FieldChange[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const table = personTable(role);
        if (table === 'admins') {
          const before = await trx
            .selectFrom('admins')
            .select('email')
            .where('account_id', '=', accountId)
            .executeTakeFirst();
          if (!before) return undefined;
          await trx
            .updateTable('admins')
            .set({ email: contact.email })
            .where('account_id', '=', accountId)
            .execute();
          return {
            email: contact.email,
            phoneNo: null,
            changes: changesBetween({ email: before.email }, { email: contact.email }),
          };
        }
        const before = await trx
          .selectFrom(table)
          .select(['email', 'phone_no'])
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        if (!before) return undefined;
        await trx
          .updateTable(table)
          .set({ email: contact.email, phone_no: contact.phoneNo })
          .where('account_id', '=', accountId)
          .execute();
        return {
          email: contact.email,
          phoneNo: contact.phoneNo,
          changes: changesBetween(
            { email: before.email, phoneNo: before.phone_no },
            { email: contact.email, phoneNo: contact.phoneNo },
          ),
        };
      });
    },
  };
}
