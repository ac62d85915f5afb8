/**
 * A teacher's work list of their mentees' questions, unsolved or solved: read through the mentored
 * groups' students, then each student's questions on that board. Indexes of each board's questions by
 * student let that read touch only the board's questions (docs/performance.md, "Migrations: what their
 * indexes and kept counts save"); the partial conditions are the boards' own, term for term.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index queries_unsolved_student_idx on queries (roll_no, created_at)
            where solved_at is null and hidden_at is null`.execute(db);
  await sql`create index queries_solved_student_idx on queries (roll_no, created_at)
            where solved_at is not null and hidden_at is null`.execute(db);
}
