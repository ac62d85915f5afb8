/**
 * A reset link is a secret: after its mail is sent, nothing in the database can be used to reset the
 * account, whoever reads a copy of it (decision record 0064).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { createAdmin, login } from '../../../test/fixtures';
import { createMailTestApp } from '../../../test/mail-app';
import type { SmtpSink } from '../../../test/smtp-sink';
import { hashResetToken } from './tokens';

let mailApp: Awaited<ReturnType<typeof createMailTestApp>>;
let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  mailApp = await createMailTestApp();
  ({ t, smtp } = mailApp);
});
afterAll(() => mailApp.close());

/** Every text and number of every row of every table of the test's database, as one string per table. */
async function everyTable(): Promise<Map<string, string>> {
  const names =
    t.handle.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.handle.db)
      : await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.handle.db,
        );
  const dump = new Map<string, string>();
  for (const { name } of names.rows) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(t.handle.db);
    dump.set(
      name,
      JSON.stringify(rows.rows, (_k, v: unknown) => (v instanceof Uint8Array ? '' : v)),
    );
  }
  return dump;
}

describe('a password reset mail', () => {
  it('leaves no usable token in any table once it is sent, and its link still works', async () => {
    const admin = await createAdmin(t.handle.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { userId: String(admin.loginId) },
    });
    expect(asked.statusCode).toBe(200);
    await mailApp.deliver();
    const mail = smtp.to(admin.email).at(-1)!;
    const token = /\/reset\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    const tables = await everyTable();
    expect(tables.get('mail_queue')).toContain('passwordReset');
    for (const [table, rows] of tables) {
      expect(rows.includes(token!), `${table} holds the reset token`).toBe(false);
    }
    // What is kept is the token's hash, which does not reset anything when given as a token.
    expect(tables.get('password_resets')).toContain(hashResetToken(token!));
    const withHash = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: hashResetToken(token!), newPassword: 'chosen by someone else' },
    });
    expect(withHash.statusCode).toBe(400);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, newPassword: 'a new admin password' },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, admin.loginId, 'a new admin password');
  });
});
