/**
 * Who acted on a row (decided a pass or a leave, solved a question, wrote an audit entry), by name:
 * the row keeps the actor's account id, and the people table of each role that may act gives it a
 * name. Decision record 0080.
 */
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';

/** The tables of people, each keyed by `account_id` and naming its person in `name`. */
export type PeopleTable = 'students' | 'teachers' | 'admins' | 'guards';

/** A query builder whose tables this module does not know: only the SQL it builds matters here. */
type Joining = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>;

/**
 * `query` with the name of whoever's account is in `by`, selected `as`: a left join of each of the
 * `roles`' tables on it (aliased after `as`, so that one query may name several actors), and the
 * first name found; null when nobody acted, or when the account is of no such role. Only the roles
 * that may act are joined: a cached read declares every table it reads (`ReadCache`).
 */
export function withActorName<DB, TB extends keyof DB, O, As extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  by: StringReference<DB, TB>,
  roles: readonly [PeopleTable, ...PeopleTable[]],
  as: As,
): SelectQueryBuilder<DB, TB, O & { [K in As]: string | null }> {
  let joined = query as unknown as Joining;
  const names = roles.map((table) => {
    const alias = `${as}_${table}`;
    joined = joined.leftJoin(`${table} as ${alias}`, `${alias}.account_id`, by);
    return sql.ref<string | null>(`${alias}.name`);
  });
  // SQLite's coalesce takes two arguments or more.
  const name = names.length === 1 ? names[0]! : sql<string | null>`coalesce(${sql.join(names)})`;
  return joined.select(name.as(as)) as unknown as SelectQueryBuilder<
    DB,
    TB,
    O & { [K in As]: string | null }
  >;
}
