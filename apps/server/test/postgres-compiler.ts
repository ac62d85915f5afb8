/**
 * A Kysely for the schema that compiles statements as PostgreSQL would receive them, with no
 * connection: for tests of what a statement's text and parameters are.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type KyselyPlugin,
} from 'kysely';
import type { Database } from '../src/db/schema';

export function postgresCompiler(plugins: KyselyPlugin[] = []): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins,
  });
}
