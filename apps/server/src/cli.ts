/** `campus` command: migrate, seed, create-admin, import, backup, restore. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config';
import { backupSqlite, BackupError, POSTGRES_BACKUP_HELP, restoreSqlite } from './db/backup';
import { openConfiguredDb } from './db/open';
import { migrateToLatest } from './db/migrate';
import { seedDemoCampus } from './db/seed/demo';
import { seedLargeCampus } from './db/seed/large';
import { progressBar } from './lib/progress-bar';
import { hashPassword } from './lib/passwords';
import { importCommand } from './features/transfer/import-command';
import { newId, nowIso } from './lib/ids';
import { PASSWORD_MIN_LENGTH } from '@campus/contract';

const USAGE = `Usage: campus <command> [options]

Commands:
  migrate                        apply pending migrations
  seed [--size demo|large] [--scale N] [--lecture-weeks N]
                                 create the demo campus (or the 20,000-student benchmark campus:
                                 --scale 0.1 for a tenth of it, up to 5 for 100,000 students;
                                 --lecture-weeks the weeks of lecture marks, 2 unless told, up to
                                 the whole term so far) on an empty database
  create-admin --id N --name TEXT --email TEXT --password TEXT
                                 create an admin account (the User ID must be free)
  import KIND FILE [--dry-run] [--credentials FILE] [--by ADMIN_ID]
                                 import a CSV file; KIND is students, teachers, mentors, marks or
                                 attendance. --dry-run only checks it and prints what it would do.
                                 Problems are printed row by row and nothing is imported (exit 1).
                                 The one-time passwords of created students and teachers go to
                                 FILE-one-time-passwords.csv beside FILE (mode 0600; --credentials
                                 names another); attendance is recorded as marked by the first admin
                                 (--by names one)
  backup FILE [--force]          copy the SQLite database to FILE, consistently, while the server runs
                                 (FILE must be outside DATA_DIR; --force replaces an existing FILE)
  restore FILE                   replace the SQLite database with the backup FILE (stop the server first;
                                 its schema must be the one its migrations make; the replaced database
                                 is kept beside it as campus.db.before-restore-…)

On PostgreSQL (DATABASE_URL set) back up with pg_dump and restore with pg_restore.
`;

/** `backup FILE` and `restore FILE`: they work on the file itself and never migrate or create it. */
async function backupCommand(
  command: 'backup' | 'restore',
  file: string | undefined,
  config: Config,
  force: boolean,
) {
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_HELP);
    return 1;
  }
  if (!file) {
    console.error(`Usage: campus ${command} FILE${command === 'backup' ? ' [--force]' : ''}`);
    return 1;
  }
  const database = join(config.dataDir, 'campus.db');
  try {
    if (command === 'backup') {
      const result = await backupSqlite(database, file, { force });
      console.log(
        `Backed up ${database} to ${result.file} (${result.bytes} bytes, ${result.tables.length} tables, integrity ok).`,
      );
    } else {
      const result = await restoreSqlite(file, database);
      console.log(
        `Restored ${database} from ${file} (${result.bytes} bytes, ${result.tables.length} tables, integrity ok).`,
      );
      if (result.previous) console.log(`The replaced database was kept as ${result.previous}.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      size: { type: 'string', default: 'demo' },
      scale: { type: 'string', default: '1' },
      'lecture-weeks': { type: 'string' },
      force: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      credentials: { type: 'string' },
      by: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 1;
  }
  // Backups and anything else the command creates are owner-only.
  process.umask(0o077);
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    return backupCommand(command, positionals[0], config, values.force ?? false);
  }
  const handle = await openConfiguredDb(config);
  try {
    await migrateToLatest(handle);
    switch (command) {
      case 'import':
        return await importCommand(
          handle,
          {
            kind: positionals[0],
            file: positionals[1],
            dryRun: values['dry-run'] ?? false,
            credentials: values.credentials,
            by: values.by,
          },
          { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
        );
      case 'migrate':
        console.log('Database is up to date.');
        return 0;
      case 'seed': {
        if (values.size === 'large') {
          const bar = progressBar('seeding');
          const started = Date.now();
          const weeks = values['lecture-weeks'];
          const counts = await seedLargeCampus(handle.db, handle.dialect, {
            scale: Number(values.scale),
            lectureWeeks: weeks === undefined ? undefined : Number(weeks),
            onProgress: bar.update,
          });
          bar.end();
          const summary = Object.entries(counts as unknown as Record<string, number>)
            .map(([table, n]) => `${n.toLocaleString('en')} ${table}`)
            .join(', ');
          console.log(`Large campus created in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary}.`);
          return 0;
        }
        if (values.size !== 'demo') throw new Error(`Unknown size "${values.size}" (demo or large)`);
        if (!(await seedDemoCampus(handle.db, handle.dialect))) {
          console.error('The campus already has accounts; seed only runs on an empty database.');
          return 1;
        }
        console.log('Demo campus created.');
        return 0;
      }
      case 'create-admin': {
        const id = Number(values.id);
        if (!Number.isInteger(id) || id <= 0 || id > 999_999_999)
          throw new Error('--id must be a numeric User ID');
        if (!values.name?.trim()) throw new Error('--name is required');
        if (!values.email?.includes('@')) throw new Error('--email must be an email address');
        if (!values.password || values.password.length < PASSWORD_MIN_LENGTH) {
          throw new Error(`--password must be at least ${PASSWORD_MIN_LENGTH} characters`);
        }
        const taken = await handle.db
          .selectFrom('accounts')
          .select('id')
          .where('login_id', '=', id)
          .executeTakeFirst();
        if (taken) throw new Error(`User ID ${id} is already taken`);
        const accountId = newId();
        const passwordHash = await hashPassword(values.password);
        await handle.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('accounts')
            .values({
              id: accountId,
              login_id: id,
              role: 'admin',
              password_hash: passwordHash,
              created_at: nowIso(),
            })
            .execute();
          await trx
            .insertInto('admins')
            .values({
              account_id: accountId,
              admin_id: id,
              name: values.name!.trim(),
              email: values.email!.trim(),
            })
            .execute();
        });
        console.log(`Admin ${id} created.`);
        return 0;
      }
      default:
        process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
