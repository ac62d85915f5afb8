/**
 * A mentor's (or a group's) questions, newest first, choose their page's questions from the boards'
 * indexes by student (migration 0023) and order them by date and then id. With the id in those
 * indexes the ordering reads no question's row (docs/performance.md, "Migrations: what their indexes
 * and kept counts save"). The partial conditions stay the boards' own, term for term.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index queries_unsolved_student_idx`.execute(db);
  await sql`drop index queries_solved_student_idx`.execute(db);
  await sql`create index queries_unsolved_student_idx on queries (roll_no, created_at, id)
            where solved_at is null and hidden_at is null`.execute(db);
  await sql`create index queries_solved_student_idx on queries (roll_no, created_at, id)
            where solved_at is not null and hidden_at is null`.execute(db);
}
