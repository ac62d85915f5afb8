/** Leave attachments do not fill the disk: a quota per student, and old files of dropped leave removed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_ATTACHMENT_QUOTA_BYTES,
  type Leave,
} from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createStudent, login } from '../../../test/fixtures';
import { pruneExpired } from '../maintenance/prune';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG of `bytes` bytes (its signature, then padding), as the form sends it. */
const png = (bytes: number, name = 'scan.png') => {
  const data = Buffer.alloc(bytes);
  data.set(PNG_HEAD);
  return { name, type: 'image/png', data: data.toString('base64') };
};

async function student() {
  const s = await createStudent(t.handle.db);
  return { ...s, token: await login(t.app, s.loginId) };
}
const apply = (token: string, day: number, attachment: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/leave',
    headers: bearer(token),
    payload: { from: addDays(today(), day), to: addDays(today(), day), reason: 'Medical', attachment },
  });

describe('leave attachments', () => {
  it(`keep at most ${LEAVE_ATTACHMENT_QUOTA_BYTES / 1024 / 1024} MB a student, and say so when a file would pass it`, async () => {
    const s = await student();
    const files = LEAVE_ATTACHMENT_QUOTA_BYTES / LEAVE_ATTACHMENT_MAX_BYTES;
    for (let i = 0; i < files; i++) {
      const res = await apply(s.token, 10 + i, png(LEAVE_ATTACHMENT_MAX_BYTES));
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await apply(s.token, 30, png(1024));
    expect(over.statusCode).toBe(413);
    expect(over.json<{ message: string }>().message).toBe(
      'attachment would take your leave files past 10 MB (10.0 MB kept); files of withdrawn and rejected leave are removed after 30 days',
    );
    // Leave without a file is still filed, and another student's quota is their own.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/leave',
      headers: bearer(s.token),
      payload: { from: addDays(today(), 31), to: addDays(today(), 31), reason: 'Medical' },
    });
    expect(bare.statusCode).toBe(201);
    expect((await apply((await student()).token, 30, png(1024))).statusCode).toBe(201);
  });

  it('of leave withdrawn or rejected more than 30 days ago are removed; others stay', async () => {
    const s = await student();
    const filed = async (day: number) => {
      const res = await apply(s.token, day, png(2048));
      expect(res.statusCode).toBe(201);
      return res.json<{ leave: Leave }>().leave._id;
    };
    const [oldWithdrawn, newWithdrawn, oldPending] = [await filed(40), await filed(41), await filed(42)];
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.handle.db
      .updateTable('leave_applications')
      .set({ status: 'withdrawn', decided_at: longAgo })
      .where('id', '=', oldWithdrawn)
      .execute();
    await t.handle.db
      .updateTable('leave_applications')
      .set({ status: 'withdrawn', decided_at: new Date().toISOString() })
      .where('id', '=', newWithdrawn)
      .execute();
    await t.handle.db
      .updateTable('leave_applications')
      .set({ created_at: longAgo })
      .where('id', '=', oldPending)
      .execute();

    const removed = await pruneExpired(t.handle.db, t.handle.dialect, new Date(), {
      auditRetentionDays: 365,
    });
    expect(removed.leaveFiles).toBeGreaterThanOrEqual(1);
    const left = await t.handle.db.selectFrom('leave_attachments').select('leave_id').execute();
    const ids = new Set(left.map((r) => r.leave_id));
    expect(ids.has(oldWithdrawn)).toBe(false);
    expect(ids.has(newWithdrawn)).toBe(true);
    expect(ids.has(oldPending)).toBe(true);
    const download = await t.app.inject({
      url: `/api/leave/${oldWithdrawn}/attachment`,
      headers: bearer(s.token),
    });
    expect(download.statusCode).toBe(404);
  });
});
