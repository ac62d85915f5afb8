/** People for tests: each call makes a new account with its own numbers; nothing is shared. */
import type { Db } from '../src/db/index';
import { hashPassword } from '../src/lib/passwords';
import { newId, nowIso } from '../src/lib/ids';
import type { InjectOptions, Response } from 'light-my-request';
import type { App } from '../src/types';

export const PASSWORD = 'correct horse battery';
let counter = 0;
const next = () => ++counter;
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export interface Person {
  accountId: string;
  loginId: number;
  name: string;
  email: string;
}
export interface StudentPerson extends Person {
  rollNo: number;
  group: string;
}

/** Makes the group exist, as an admin or the demo seeder would have before anyone is put in it. */
export async function ensureGroup(db: Db, name: string): Promise<void> {
  await db
    .insertInto('groups')
    .values({ name, created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function createStudent(
  db: Db,
  options: { group?: string; name?: string } = {},
): Promise<StudentPerson> {
  const n = next();
  const rollNo = 100000 + n;
  const accountId = newId();
  const person = {
    accountId,
    loginId: rollNo,
    rollNo,
    name: options.name ?? `Student ${n}`,
    email: `student${n}@test.example.edu`,
    group: options.group ?? 'G-1',
  };
  await ensureGroup(db, person.group);
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: rollNo,
      role: 'student',
      password_hash: await passwordHash(),
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('students')
    .values({
      account_id: accountId,
      roll_no: rollNo,
      name: person.name,
      father_name: `Father ${n}`,
      mother_name: null,
      gender: 'Female',
      dob: '2004-05-06',
      category: 'General',
      phone_no: `90000${String(n).padStart(5, '0')}`,
      email: person.email,
      group_name: person.group,
    })
    .execute();
  return person;
}

export async function createTeacher(
  db: Db,
  options: { groups?: string[]; name?: string } = {},
): Promise<Person> {
  const n = next();
  const loginId = 500000 + n;
  const accountId = newId();
  const person = {
    accountId,
    loginId,
    name: options.name ?? `Teacher ${n}`,
    email: `teacher${n}@test.example.edu`,
  };
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: loginId,
      role: 'teacher',
      password_hash: await passwordHash(),
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('teachers')
    .values({
      account_id: accountId,
      teacher_id: loginId,
      name: person.name,
      gender: 'Male',
      dob: '1980-01-02',
      phone_no: '9123456789',
      email: person.email,
    })
    .execute();
  for (const group of options.groups ?? ['G-1']) {
    await ensureGroup(db, group);
    await db
      .insertInto('teacher_groups')
      .values({ teacher_account_id: accountId, group_name: group })
      .execute();
  }
  return person;
}

export async function createAdmin(db: Db): Promise<Person> {
  const n = next();
  const loginId = 900000 + n;
  const accountId = newId();
  const person = { accountId, loginId, name: `Admin ${n}`, email: `admin${n}@test.example.edu` };
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: loginId,
      role: 'admin',
      password_hash: await passwordHash(),
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('admins')
    .values({ account_id: accountId, admin_id: loginId, name: person.name, email: person.email })
    .execute();
  return person;
}

/** Signs in through the API and returns the Bearer token. */
export async function login(app: App, loginId: number, password = PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(loginId), password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${loginId} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * `inject` for any route of the catalog: the answer of a stream route (live updates) that opened
 * (2xx) is closed after its head, with an empty body; a refused one is read whole.
 */
export async function injectRoute(
  app: App,
  options: InjectOptions,
  stream: boolean,
): Promise<Pick<Response, 'statusCode' | 'body' | 'json' | 'headers'>> {
  if (!stream) return app.inject(options);
  const res = await app.inject({ ...options, payloadAsStream: true });
  const body = res.stream();
  let text = '';
  if (res.statusCode < 300) body.destroy();
  else for await (const chunk of body) text += String(chunk);
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: text,
    json: () => JSON.parse(text) as never,
  };
}

/** What a browser adds to a write made by this site's own pages (inject's Host is localhost:80). */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' } as const;
/** What a browser adds to a write that another site's page makes. */
export const CROSS_SITE = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } as const;

/** Signs in through the API as a browser would: the token, and the Cookie header to send back. */
export async function signInForCookie(app: App, loginId: number): Promise<{ token: string; cookie: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(loginId), password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login ${loginId} failed: ${res.statusCode} ${res.body}`);
  const setCookie = [res.headers['set-cookie'] ?? []].flat().find((v) => v.startsWith('campus_session='));
  if (!setCookie) throw new Error(`login ${loginId} set no session cookie`);
  return { token: res.json<{ token: string }>().token, cookie: setCookie.split(';')[0]! };
}

/** The headings of the general notices, newest first, as `token` is shown them by `app`. */
export async function noticeHeadings(app: App, token: string): Promise<string[]> {
  const response = await app.inject({ url: '/api/get-notices', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET /api/get-notices answered ${response.statusCode}`);
  return response.json<{ heading: string }[]>().map((notice) => notice.heading);
}

/** A teacher publishes a general notice with this heading; the answer is not awaited here. */
export function publishNotice(app: App, token: string, heading: string) {
  return app.inject({
    method: 'POST',
    url: '/api/create-notice',
    headers: bearer(token),
    payload: {
      type: 'generalNotice',
      data: { heading, contactEmail: 'office@campus.example.edu', description: 'Read me.' },
    },
  });
}

/** A guard (the gate desk). */
export async function createGuard(db: Db, options: { name?: string } = {}): Promise<Person> {
  const n = next();
  const loginId = 700000 + n;
  const accountId = newId();
  const person = {
    accountId,
    loginId,
    name: options.name ?? `Guard ${n}`,
    email: `guard${n}@test.example.edu`,
  };
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: loginId,
      role: 'guard',
      password_hash: await passwordHash(),
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('guards')
    .values({
      account_id: accountId,
      guard_id: loginId,
      name: person.name,
      email: person.email,
      phone_no: null,
    })
    .execute();
  return person;
}

/** A guardian (decision record 0091), linked to `children` by roll number. */
export async function createGuardian(db: Db, children: readonly number[] = []): Promise<Person> {
  const n = next();
  const loginId = 650000 + n;
  const accountId = newId();
  const person = { accountId, loginId, name: `Guardian ${n}`, email: `guardian${n}@test.example.org` };
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      login_id: loginId,
      role: 'guardian',
      password_hash: await passwordHash(),
      created_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('guardians')
    .values({
      account_id: accountId,
      name: person.name,
      email: person.email,
      phone_no: null,
      created_at: nowIso(),
    })
    .execute();
  for (const rollNo of children) {
    await db
      .insertInto('guardian_links')
      .values({ guardian_account_id: accountId, roll_no: rollNo, relation: 'Mother', created_at: nowIso() })
      .execute();
  }
  return person;
}
