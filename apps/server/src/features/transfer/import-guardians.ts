/**
 * A guardians file's plan (decision record 0093): one row a link. Rows with the same email are one
 * guardian: a new address becomes one account with a one-time password, a stored one keeps its
 * account and gets the file's name and phone; each row links the guardian to its student.
 */
import { GUARDIAN_ID_BASE, type ImportProblem, type OneTimeCredential, type Role } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { newId } from '../../lib/ids';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';
import type { GuardianRow } from './guardians-kind';
import type { CheckedRow } from './import-kinds';
import type { Planner } from './import-plans';

interface StoredGuardian {
  accountId: string;
  loginId: number;
  name: string;
  phone: string | null;
}

/** One guardian of the file: stored, or to be created. */
interface Planned {
  accountId: string;
  loginId: number | null;
  name: string;
  phone: string | null;
  email: string;
  isNew: boolean;
  changed: boolean;
}

const A_OR_AN = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);
const unique = <T>(items: Iterable<T>) => [...new Set(items)];

async function storedGuardians(db: Db, emails: string[]): Promise<Map<string, StoredGuardian>> {
  const found = new Map<string, StoredGuardian>();
  await inChunks(emails, async (chunk) => {
    const rows = await db
      .selectFrom('guardians as g')
      .innerJoin('accounts as a', 'a.id', 'g.account_id')
      .select(['g.account_id', 'a.login_id', 'g.name', 'g.email', 'g.phone_no'])
      .where('g.email', 'in', chunk)
      .execute();
    for (const r of rows)
      found.set(r.email, { accountId: r.account_id, loginId: r.login_id, name: r.name, phone: r.phone_no });
  });
  return found;
}

async function storedLinks(db: Db, accountIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  await inChunks(accountIds, async (chunk) => {
    const rows = await db
      .selectFrom('guardian_links')
      .select(['guardian_account_id', 'roll_no', 'relation'])
      .where('guardian_account_id', 'in', chunk)
      .execute();
    for (const r of rows) found.set(`${r.guardian_account_id}|${r.roll_no}`, r.relation);
  });
  return found;
}

/** Free guardian User IDs, one per guardian without one, past the highest given and the file's own. */
async function freeIds(db: Db, count: number, reserved: Set<number>): Promise<number[]> {
  if (count === 0) return [];
  const row = await db
    .selectFrom('accounts')
    // PostgreSQL may hand a number over as text.
    .select((eb) => eb.fn.max<number | string | null>('login_id').as('top'))
    .where('role', '=', 'guardian')
    .executeTakeFirst();
  const ids: number[] = [];
  let candidate = Math.max(GUARDIAN_ID_BASE, Number(row?.top ?? 0)) + 1;
  while (ids.length < count) {
    const taken =
      reserved.has(candidate) ||
      (await db.selectFrom('accounts').select('id').where('login_id', '=', candidate).executeTakeFirst());
    if (!taken) ids.push(candidate);
    candidate++;
  }
  return ids;
}

/** The problems of one row's guardian and student; none when the row can be written. */
function rowProblems(
  { row, value }: CheckedRow<GuardianRow>,
  context: {
    students: Map<number, { role: Role }>;
    accounts: Map<number, { role: Role }>;
    stored: StoredGuardian | undefined;
    first: CheckedRow<GuardianRow> | undefined;
    idOwner: Map<number, CheckedRow<GuardianRow>>;
  },
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const student = context.students.get(value.RollNo);
  if (!student)
    problems.push({ row, field: 'RollNo', problem: `no student has the roll number ${value.RollNo}` });
  else if (student.role !== 'student')
    problems.push({
      row,
      field: 'RollNo',
      problem: `${value.RollNo} is ${A_OR_AN(student.role)}, not a student`,
    });
  const id = value.guardianId;
  if (id === null) return problems;
  const { stored, first } = context;
  const owner = context.idOwner.get(id);
  if (stored && stored.loginId !== id)
    problems.push({
      row,
      field: 'guardianId',
      problem: `${value.email} is already guardian ${stored.loginId}`,
    });
  else if (first && first.value.guardianId !== null && first.value.guardianId !== id)
    problems.push({
      row,
      field: 'guardianId',
      problem: `differs from row ${first.row}, which has the same email (${first.value.guardianId})`,
    });
  else if (owner && owner.value.email !== value.email)
    problems.push({
      row,
      field: 'guardianId',
      problem: `is given to ${owner.value.email} on row ${owner.row}`,
    });
  else if (!stored) {
    const account = context.accounts.get(id);
    if (account)
      problems.push({
        row,
        field: 'guardianId',
        problem: `${id} is already the User ID of ${A_OR_AN(account.role)}`,
      });
  }
  return problems;
}

export const planGuardians: Planner<'guardians'> = async (rows, repo, context) => {
  const db = repo.db;
  const stored = await storedGuardians(db, unique(rows.map((r) => r.value.email)));
  const givenIds = unique(rows.flatMap((r) => (r.value.guardianId === null ? [] : [r.value.guardianId])));
  const [accounts, students, links] = await Promise.all([
    repo.accounts(givenIds),
    repo.accounts(unique(rows.map((r) => r.value.RollNo))),
    storedLinks(
      db,
      [...stored.values()].map((g) => g.accountId),
    ),
  ]);
  const problems: ImportProblem[] = [];
  const firstOf = new Map<string, CheckedRow<GuardianRow>>();
  const idOwner = new Map<number, CheckedRow<GuardianRow>>();
  const good: CheckedRow<GuardianRow>[] = [];
  for (const checked of rows) {
    const { email, guardianId } = checked.value;
    const found = rowProblems(checked, {
      students,
      accounts,
      stored: stored.get(email),
      first: firstOf.get(email),
      idOwner,
    });
    if (!firstOf.has(email)) firstOf.set(email, checked);
    if (guardianId !== null && !idOwner.has(guardianId)) idOwner.set(guardianId, checked);
    if (found.length > 0) problems.push(...found);
    else good.push(checked);
  }
  // Each guardian as the first of their rows says; a new one without a User ID gets the next free one.
  const guardians = new Map<string, Planned>();
  for (const [email, { value }] of firstOf) {
    const before = stored.get(email);
    const phone = value.phoneNo === undefined ? (before?.phone ?? null) : value.phoneNo;
    const loginId =
      before?.loginId ??
      rows.find((r) => r.value.email === email && r.value.guardianId !== null)?.value.guardianId ??
      null;
    guardians.set(email, {
      accountId: before?.accountId ?? newId(),
      loginId,
      name: value.name,
      phone,
      email,
      isNew: !before,
      changed: !before || before.name !== value.name || before.phone !== phone,
    });
  }
  const missing = [...guardians.values()].filter((g) => g.loginId === null);
  const ids = await freeIds(db, problems.length > 0 ? 0 : missing.length, new Set(givenIds));
  missing.forEach((g, i) => (g.loginId = ids[i] ?? null));

  const counts = { created: 0, updated: 0, unchanged: 0 };
  const linkWrites: [string, number, string][] = [];
  const profileTold = new Set<string>();
  for (const { value } of good) {
    const guardian = guardians.get(value.email)!;
    const before = links.get(`${guardian.accountId}|${value.RollNo}`);
    const profileChanged = guardian.changed && !guardian.isNew && !profileTold.has(value.email);
    profileTold.add(value.email);
    if (before === undefined) counts.created++;
    else if (before !== value.relation || profileChanged) counts.updated++;
    else {
      counts.unchanged++;
      continue;
    }
    linkWrites.push([guardian.accountId, value.RollNo, value.relation]);
  }
  const written = [...guardians.values()].filter(
    (g) => g.changed && good.some((r) => r.value.email === g.email),
  );
  return {
    counts,
    newGroups: [],
    problems,
    writes: written.filter((g) => g.isNew).length + written.length + linkWrites.length,
    async write(repo, progress) {
      const now = new Date(context.now).toISOString();
      const credentials: OneTimeCredential[] = [];
      const accountWriter = await repo.writer(
        'accounts',
        ['id', 'login_id', 'role', 'password_hash', 'created_at', 'must_change_password'],
        (n) => progress('accounts', n),
      );
      for (const g of written.filter((w) => w.isNew)) {
        const oneTimePassword = newOneTimePassword();
        credentials.push({ userId: g.loginId!, name: g.name, oneTimePassword });
        await accountWriter.add(
          g.accountId,
          g.loginId,
          'guardian',
          hashOneTimePassword(oneTimePassword),
          now,
          1,
        );
      }
      await accountWriter.flush();
      const profiles = await repo.writer(
        'guardians',
        ['account_id', 'name', 'email', 'phone_no', 'created_at'],
        (n) => progress('guardians', n),
        { key: ['account_id'], action: 'update', keep: ['created_at'] },
      );
      for (const g of written) await profiles.add(g.accountId, g.name, g.email, g.phone, now);
      await profiles.flush();
      const linkWriter = await repo.writer(
        'guardian_links',
        ['guardian_account_id', 'roll_no', 'relation', 'created_at'],
        (n) => progress('guardian links', n),
        { key: ['guardian_account_id', 'roll_no'], action: 'update', keep: ['created_at'] },
      );
      for (const [accountId, rollNo, relation] of linkWrites)
        await linkWriter.add(accountId, rollNo, relation, now);
      await linkWriter.flush();
      return credentials;
    },
  };
};
