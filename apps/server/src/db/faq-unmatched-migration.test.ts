/** Migration 0036 gives a campus whose FAQ predates leave the leave item, once, and leaves others alone. */
import { afterEach, describe, expect, it } from 'vitest';
import { freshSchema } from '../../test/app';
import { openDb, type DbHandle } from './index';
import { migrateTo, migrateToLatest } from './migrate';

let handle: DbHandle | undefined;
let drop: (() => Promise<void>) | undefined;

async function campusBefore0036(faq: { question: string; answer: string }[]): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = await freshSchema(url);
    drop = fresh.drop;
    handle = openDb({ databaseUrl: url, pgSchema: fresh.schema });
  } else {
    handle = openDb({ sqliteFile: ':memory:' });
  }
  await migrateTo(handle, '0035-audit-counts');
  for (const [i, item] of faq.entries()) {
    const id = `00000000-0000-4000-8000-00000000000${i + 1}`;
    await handle.db
      .insertInto('faq')
      .values({ id, position: i + 1, ...item })
      .execute();
  }
  await migrateToLatest(handle);
  return handle;
}
afterEach(async () => {
  await handle?.close();
  await drop?.();
  handle = undefined;
  drop = undefined;
});

const questions = async (h: DbHandle) =>
  (await h.db.selectFrom('faq').select('question').orderBy('position').execute()).map((r) => r.question);

describe('migration 0036-faq-unmatched', () => {
  it('adds the leave item last to an FAQ without one', async () => {
    const h = await campusBefore0036([
      { question: 'How do I reset my password?', answer: 'Open View Profile.' },
      { question: 'When is the library open?', answer: 'From 8 am.' },
    ]);
    expect(await questions(h)).toEqual([
      'How do I reset my password?',
      'When is the library open?',
      'How do I apply for leave?',
    ]);
  });

  it('adds nothing to an FAQ that already speaks of leave, nor to an empty one', async () => {
    const h = await campusBefore0036([{ question: 'Can I take Leave in exam week?', answer: 'No.' }]);
    expect(await questions(h)).toEqual(['Can I take Leave in exam week?']);
  });

  it('adds nothing to a campus with no FAQ yet (its seed brings the item)', async () => {
    const h = await campusBefore0036([]);
    expect(await questions(h)).toEqual([]);
  });
});
