/**
 * Accounts a journey makes for itself through the admin's API, so that it never shares another
 * journey's rows or hourly allowances: a group, its students, a guard, each with a password of its own.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './session';

/** The password every account made here ends up with. */
export const OWN_PASSWORD = 'journey-own-password';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function bearer(request: APIRequestContext, userId: number, password = DEMO_PASSWORD) {
  const res = await request.post('/api/login', { data: { userId: String(userId), password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

/** A new account's one-time password exchanged for `OWN_PASSWORD`, as a first sign-in does. */
export async function choosePassword(request: APIRequestContext, userId: number, oneTimePassword: string) {
  const changed = await request.post('/api/change-password', {
    headers: await bearer(request, userId, oneTimePassword),
    data: { currentPassword: oneTimePassword, newPassword: OWN_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

export async function createGroup(request: APIRequestContext, name: string): Promise<void> {
  const made = await request.post('/api/groups', {
    headers: await bearer(request, DEMO.admin),
    data: { name },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** Students of `group` with roll numbers of their own, signed in once; their roll numbers. */
export async function createStudents(
  request: APIRequestContext,
  group: string,
  count: number,
  name = 'Journey Student',
): Promise<number[]> {
  const admin = await bearer(request, DEMO.admin);
  const firstRoll = 280000 + Math.floor(Math.random() * 9_000) * 10;
  const rollNos: number[] = [];
  for (let s = 1; s <= count; s++) {
    const rollNo = firstRoll + s;
    const student = await request.post('/api/students', {
      headers: admin,
      data: {
        RollNo: rollNo,
        name: `${name} ${s}`,
        FatherName: null,
        MotherName: null,
        Gender: null,
        Dob: null,
        Category: null,
        phoneNo: null,
        email: `s${rollNo}@campus.example.edu`,
        group,
      },
    });
    expect(student.status(), await student.text()).toBe(201);
    await choosePassword(request, rollNo, (await student.json()).oneTimePassword as string);
    rollNos.push(rollNo);
  }
  return rollNos;
}

/** A guard of the journey's own; their guard id. */
export async function createGuard(request: APIRequestContext, name = 'Journey Guard'): Promise<number> {
  const guardId = 700000 + Math.floor(Math.random() * 99_999);
  const created = await request.post('/api/guards', {
    headers: await bearer(request, DEMO.admin),
    data: { guardId, name, email: `gate${guardId}@campus.example`, phoneNo: '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await choosePassword(request, guardId, (await created.json()).oneTimePassword as string);
  return guardId;
}
