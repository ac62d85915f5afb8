/** Migration 0016 indexes the queries a campus already has, and its triggers keep the index in step. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema } from '../../../test/app';
import { createStudent } from '../../../test/fixtures';
import { queryRepository } from './repository';
import { openDb, type DbHandle } from '../../db/index';
import { migrateTo, migrateToLatest } from '../../db/migrate';

let handle: DbHandle;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = await freshSchema(url);
    drop = fresh.drop;
    handle = openDb({ databaseUrl: url, pgSchema: fresh.schema });
  } else {
    handle = openDb({ sqliteFile: ':memory:' });
  }
  await migrateTo(handle, '0014-gate-pass-date-order');
});
afterAll(async () => {
  await handle.close();
  await drop?.();
});

describe('migration 0016-query-search', () => {
  it('finds the queries written before it, by word and by tag, and follows later changes', async () => {
    const { db } = handle;
    const student = await createStudent(db);
    await db
      .insertInto('queries')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        roll_no: student.rollNo,
        topic: 'Zebra crossing near the gate',
        description: 'Cars do not stop.',
        solution: null,
        solved_by: null,
        solved_at: null,
        likes: 0,
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('query_tags')
      .values([
        { query_id: '00000000-0000-4000-8000-000000000001', position: 0, tag: 'Safety' },
        { query_id: '00000000-0000-4000-8000-000000000001', position: 1, tag: 'roads' },
      ])
      .execute();
    await migrateToLatest(handle);

    const queries = queryRepository(db, handle.dialect);
    const topics = async (filter: { words?: string; tag?: string }) =>
      (await queries.list(filter, { offset: 0 }, student.accountId)).items.map((q) => q.topic);
    expect(await topics({ words: 'zebra' })).toEqual(['Zebra crossing near the gate']);
    expect(await topics({ words: 'safety' })).toEqual(['Zebra crossing near the gate']);
    expect(await topics({ words: 'stop' })).toEqual(['Zebra crossing near the gate']);
    expect(await topics({ tag: 'safety' })).toEqual(['Zebra crossing near the gate']);

    // A changed topic is found by its new words only; a deleted query is gone from the index.
    await db.updateTable('queries').set({ topic: 'Pedestrian crossing' }).execute();
    expect(await topics({ words: 'zebra' })).toEqual([]);
    expect(await topics({ words: 'pedestrian' })).toEqual(['Pedestrian crossing']);
    await db.deleteFrom('query_tags').execute();
    await db.deleteFrom('queries').execute();
    expect(await topics({ words: 'pedestrian' })).toEqual([]);
  });
});
