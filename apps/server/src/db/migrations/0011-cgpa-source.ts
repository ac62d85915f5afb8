/**
 * Whether a student's CGPA was computed from their SGPAs or entered as it stands on the transcript,
 * so the marks editor can say which and keep it so. Records made before marks could be edited were
 * entered as they came: `entered`.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('performance')
    .addColumn('cgpa_source', 'text', (c) => c.notNull().defaultTo('entered'))
    .execute();
}
