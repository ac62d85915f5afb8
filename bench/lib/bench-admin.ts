/** An admin account of the benchmark's own, written straight into a migrated database. */
import { hashPassword, type DbHandle } from './server';

export async function addBenchAdmin(handle: DbHandle, adminId: number, password: string): Promise<void> {
  const accountId = crypto.randomUUID();
  await handle.db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: adminId,
      role: 'admin',
      password_hash: await hashPassword(password),
      created_at: new Date().toISOString(),
    })
    .execute();
  await handle.db
    .insertInto('admins')
    .values({ account_id: accountId, admin_id: adminId, name: 'Bench', email: 'bench@example.edu' })
    .execute();
}
