/** `campus import` as a person runs it: the real command in a process of its own, on a SQLite file. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = resolve(import.meta.dirname, '../../..');
const CLI = join(SERVER_DIR, 'src/cli.ts');
let dir: string;

function campus(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env, cwd: SERVER_DIR },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const HEADER = 'RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group';
const line = (rollNo: number) => `${rollNo},Student ${rollNo},,,,,,,s${rollNo}@uni.example.edu,CLI-A`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campus-cli-import-'));
  const admin = await campus(
    'create-admin',
    '--id',
    '900100',
    '--name',
    'Registrar',
    '--email',
    'registrar@uni.example.edu',
    '--password',
    'a long enough password',
  );
  expect(admin, admin.stderr).toMatchObject({ code: 0 });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('campus import', () => {
  it('checks a file with --dry-run and writes nothing, then imports it with the passwords in a 0600 file', async () => {
    const file = join(dir, 'people.csv');
    writeFileSync(file, [HEADER, line(610001), line(610002), line(610003)].join('\n'));

    const dry = await campus('import', 'students', file, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('students: 3 rows: 3 would be created, 0 would be updated, 0 unchanged.');
    expect(dry.stdout).toContain('New groups: CLI-A.');

    const again = await campus('import', 'students', file, '--dry-run');
    expect(again.stdout).toContain('3 would be created');

    const real = await campus('import', 'students', file);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('students: 3 rows: 3 created, 0 updated, 0 unchanged.');
    const secrets = join(dir, 'people-one-time-passwords.csv');
    expect(real.stdout).toContain(secrets);
    expect(real.stderr).toMatch(/importing students \[#+\]/);
    expect(statSync(secrets).mode & 0o777).toBe(0o600);
    const rows = readFileSync(secrets, 'utf8').trim().split('\r\n');
    expect(rows[0]).toBe('userId,name,oneTimePassword');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 2).join(','))).toEqual([
      '610001,Student 610001',
      '610002,Student 610002',
      '610003,Student 610003',
    ]);

    // Imported again: nothing is created, and the passwords file is not replaced.
    const twice = await campus('import', 'students', file, '--credentials', join(dir, 'second.csv'));
    expect(twice.stdout).toContain('0 created, 0 updated, 3 unchanged');
  }, 60_000);

  it('prints the report and exits 1 when the file has problems, importing nothing', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, [HEADER, line(620001), line(620001), '620003,,,,,,,,nobody,CLI-A'].join('\n'));
    const res = await campus('import', 'students', file);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Nothing was imported.');
    expect(res.stderr).toContain('row 3\tRollNo\t620001 appears again (first on row 2)');
    expect(res.stderr).toContain('row 4\tname\tis required');
    expect(res.stderr).toContain('row 4\temail\tmust be a valid email');
    expect(() => statSync(join(dir, 'bad-one-time-passwords.csv'))).toThrow();

    const missing = join(dir, 'missing.csv');
    writeFileSync(missing, 'RollNo,name\n1,A\n');
    const refused = await campus('import', 'students', missing, '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The file has no columns email, group.');
  }, 60_000);
});
