/**
 * The access matrix: every route the server registers × every kind of caller. The route list comes
 * from the server itself; a route without an expectation here fails the test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '../src/plugins/access';
import { createTestApp, type TestApp } from './app';
import { isUnsafeMethod } from '../src/plugins/same-origin';
import {
  bearer,
  createAdmin,
  CROSS_SITE,
  createStudent,
  createGuard,
  createGuardian,
  createTeacher,
  injectRoute,
  login,
  SAME_ORIGIN,
  signInForCookie,
  type Person,
  type StudentPerson,
} from './fixtures';

type Caller = 'anonymous' | 'student' | 'otherStudent' | 'teacher' | 'admin' | 'guard' | 'guardian';
const CALLERS: Caller[] = ['anonymous', 'student', 'otherStudent', 'teacher', 'admin', 'guard', 'guardian'];
/** Every role but the gate's. */
const ANY = ['student', 'teacher', 'admin'] as const;
/** Every role, the guard's and the guardian's too: the session, the inbox and one's own contact details. */
const EVERYONE = ['student', 'teacher', 'admin', 'guard', 'guardian'] as const;
const STAFF = ['teacher', 'admin'] as const;
const GATE = ['guard', 'admin'] as const;
type Expectation = 'public' | readonly ('student' | 'teacher' | 'admin' | 'guard' | 'guardian')[];

/** Who may call each route. Routes taking a roll number are also owner-checked for students. */
const EXPECTED: Record<string, Expectation> = {
  'GET /api/health': 'public',
  'GET /api/health/cache': ['admin'],
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /metrics': 'public',
  'GET /api/demo-accounts': 'public',
  'POST /api/login': 'public',
  'GET /api/auth/sso/status': 'public',
  'GET /api/auth/sso': 'public',
  'GET /api/auth/sso/callback': 'public',
  'POST /api/auth/sso/session': EVERYONE,
  'POST /api/support-add': 'public',
  'GET /questions': 'public',
  'GET /*': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/': 'public',
  'GET /api/post-data-from-token/:token': EVERYONE,
  'POST /api/logout': EVERYONE,
  'POST /api/change-password': EVERYONE,
  'GET /api/contact-teachers': ANY,
  'GET /api/manage-students': STAFF,
  'GET /api/student': ['admin'],
  'GET /api/student-details/:rollNo': ANY,
  'GET /api/teacher-details/:teacherId': STAFF,
  'GET /api/teachers': ['admin'],
  'GET /api/groups': STAFF,
  'POST /api/students': ['admin'],
  'PUT /api/students/:rollNo': ['admin'],
  'PUT /api/students/:rollNo/active': ['admin'],
  'POST /api/students/:rollNo/reset-password': ['admin'],
  'POST /api/teachers': ['admin'],
  'PUT /api/teachers/:teacherId': ['admin'],
  'PUT /api/teachers/:teacherId/active': ['admin'],
  'POST /api/teachers/:teacherId/reset-password': ['admin'],
  'PUT /api/profile/contact': EVERYONE,
  'GET /api/profile/export': EVERYONE,
  'GET /api/people/:accountId/export': ['admin'],
  'POST /api/people/:accountId/erase': ['admin'],
  'GET /api/privacy-settings': ['admin'],
  'PUT /api/privacy-settings': ['admin'],
  'GET /api/groups/summary': ['admin'],
  'POST /api/groups': ['admin'],
  'PUT /api/groups/:name': ['admin'],
  'PUT /api/groups/:name/mentors': ['admin'],
  'POST /api/groups/:name/students': ['admin'],
  'GET /api/get-mentor-notices': ANY,
  'GET /api/get-events': ANY,
  'GET /api/get-notices': ANY,
  'POST /api/create-notice': ['teacher'],
  'GET /api/notices/search': ANY,
  'GET /api/syllabus': ANY,
  'GET /api/syllabus/search': ANY,
  'POST /api/syllabus-add': ['teacher'],
  'POST /api/submit-gatepass': ['student'],
  'GET /api/gatepasses/:status/:rollNo': ANY,
  'GET /api/gatepasses/:status': STAFF,
  'PUT /api/gatepasses/update-status': ['teacher'],
  'PUT /api/gatepasses/update-status-bulk': ['teacher'],
  'GET /api/gatepass/:id': ANY,
  'POST /api/submit-query': ['student'],
  'GET /api/queries-without-solution': ANY,
  'GET /api/queries-with-solution': ANY,
  'GET /api/queries-by-rollno/:rollNo': ANY,
  'PUT /api/queries/update-solution': ['teacher'],
  'POST /api/queries/:id/like': ANY,
  'PUT /api/queries/:id/hidden': STAFF,
  'GET /api/queries': ['admin'],
  'GET /api/queries/similar': ANY,
  'GET /api/queries/:id': ANY,
  'GET /api/students': STAFF,
  'POST /api/mark-attendance': ['teacher'],
  'GET /api/attendance-marks': STAFF,
  'GET /api/attendance/:rollNo': ANY,
  'GET /api/attendance-report': STAFF,
  'GET /api/attendance-report.csv': STAFF,
  'POST /api/leave': ['student'],
  'GET /api/leave/mine': ['student'],
  'PUT /api/leave/:id/withdraw': ['student'],
  'GET /api/leave': STAFF,
  'PUT /api/leave/:id/decision': STAFF,
  'GET /api/leave/:id/attachment': ANY,
  'GET /api/leave/:id': ANY,
  'GET /api/attendance-leave': STAFF,
  'GET /api/attendance-settings': ANY,
  'PUT /api/attendance-settings': ['admin'],
  'GET /api/courses': ANY,
  'POST /api/courses': ['admin'],
  'PUT /api/courses/:code': ['admin'],
  'DELETE /api/courses/:code': ['admin'],
  'GET /api/periods': ANY,
  'POST /api/periods': ['admin'],
  'PUT /api/periods/:id': ['admin'],
  'DELETE /api/periods/:id': ['admin'],
  'GET /api/holidays': ANY,
  'PUT /api/holidays/:date': ['admin'],
  'DELETE /api/holidays/:date': ['admin'],
  'GET /api/timetable-settings': ANY,
  'PUT /api/timetable-settings': ['admin'],
  'GET /api/timetable/day': ANY,
  'GET /api/lectures/:periodId/:date': STAFF,
  'POST /api/lectures/:periodId/:date/marks': STAFF,
  'GET /api/attendance-courses/:rollNo': ANY,
  'GET /api/course-risk': STAFF,
  'GET /api/calendar-feed': ANY,
  'POST /api/calendar-feed': ANY,
  'DELETE /api/calendar-feed': ANY,
  'GET /api/calendar/:file': 'public',
  'GET /api/performance/:rollNo': ANY,
  'GET /api/students-performance': STAFF,
  'GET /api/marks': STAFF,
  'GET /api/marks/:rollNo': STAFF,
  'PUT /api/marks/:rollNo': STAFF,
  'GET /api/students/count': ['admin'],
  'GET /api/teachers/count': ['admin'],
  'GET /api/support/count': ['admin'],
  'GET /api/queries/count': ['admin'],
  'GET /api/notices/count': ['admin'],
  'GET /api/admin/overview': ['admin'],
  'GET /api/supports': ['admin'],
  'GET /api/supports/status-counts': ['admin'],
  'PUT /api/supports/:id/status': ['admin'],
  'GET /api/faq/match': ANY,
  'POST /api/faq/ask': ANY,
  'GET /api/faq/unmatched': ['admin'],
  'DELETE /api/faq/unmatched/:id': ['admin'],
  'GET /api/audit-log': ['admin'],
  'POST /api/faq': ['admin'],
  'PUT /api/faq/:id': ['admin'],
  'DELETE /api/faq/:id': ['admin'],
  'POST /api/import/:kind/check': ['admin'],
  'POST /api/import/:kind': ['admin'],
  'GET /api/export/students.csv': STAFF,
  'GET /api/export/teachers.csv': ['admin'],
  'GET /api/export/mentors.csv': ['admin'],
  'GET /api/export/marks.csv': ['admin'],
  'GET /api/export/gatepasses.csv': ['admin'],
  'GET /api/export/queries.csv': ['admin'],
  'GET /api/export/attendance.csv': ['admin'],
  'GET /api/notifications': EVERYONE,
  'GET /api/notifications/unread-count': EVERYONE,
  'PUT /api/notifications/:id/read': EVERYONE,
  'PUT /api/notifications/:id/unread': EVERYONE,
  'PUT /api/notifications/read': EVERYONE,
  'PUT /api/notifications/read-all': EVERYONE,
  'GET /api/events': EVERYONE,
  'GET /api/mail/status': 'public',
  'GET /api/mail/settings': EVERYONE,
  'PUT /api/mail/settings': EVERYONE,
  'GET /api/push/key': EVERYONE,
  'GET /api/push/subscriptions': EVERYONE,
  'POST /api/push/subscriptions': EVERYONE,
  'DELETE /api/push/subscriptions': EVERYONE,
  'PUT /api/push/subscriptions/:id': EVERYONE,
  'DELETE /api/push/subscriptions/:id': EVERYONE,
  'GET /api/profile/language': EVERYONE,
  'PUT /api/profile/language': EVERYONE,
  'GET /api/mail/guardian-settings': ['admin'],
  'PUT /api/mail/guardian-settings': ['admin'],
  'GET /api/mail/unsubscribe': 'public',
  'POST /api/mail/unsubscribe': 'public',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'POST /api/verify-email': 'public',
  'GET /api/guards': ['admin'],
  'POST /api/guards': ['admin'],
  'PUT /api/guards/:guardId': ['admin'],
  'PUT /api/guards/:guardId/active': ['admin'],
  'POST /api/guards/:guardId/reset-password': ['admin'],
  'GET /api/gatepasses/:id/credential': ['student'],
  'PUT /api/gatepasses/withdraw': ['student'],
  'PUT /api/gatepasses/revoke': STAFF,
  'GET /api/gate/key': GATE,
  'POST /api/gate/scan': GATE,
  'POST /api/gate/exit': GATE,
  'POST /api/gate/return': GATE,
  'GET /api/gate/movements': STAFF,
  'GET /api/gate/movements.csv': STAFF,
  'GET /api/gate/overdue/count': ['admin'],
  'GET /api/api-clients': ['admin'],
  'POST /api/api-clients': ['admin'],
  'DELETE /api/api-clients/:id': ['admin'],
  'GET /api/admin/webhooks': ['admin'],
  'POST /api/admin/webhooks': ['admin'],
  'PUT /api/admin/webhooks/:id': ['admin'],
  'DELETE /api/admin/webhooks/:id': ['admin'],
  'POST /api/admin/webhooks/:id/rotate': ['admin'],
  'GET /api/admin/webhooks/:id/deliveries': ['admin'],
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': ['admin'],
  'GET /api/guardians': ['admin'],
  'POST /api/guardians': ['admin'],
  'POST /api/guardians/:guardianId/reset-password': ['admin'],
  'PUT /api/guardians/:guardianId/students/:rollNo': ['admin'],
  'DELETE /api/guardians/:guardianId/students/:rollNo': ['admin'],
  'GET /api/student-guardians/:rollNo': ANY,
  'POST /api/guardian/code': 'public',
  'POST /api/guardian/sign-in': 'public',
  'GET /api/guardian/children': ['guardian'],
  'GET /api/guardian/children/:rollNo': ['guardian'],
  'POST /api/guardian/children/:rollNo/absence': ['guardian'],
  'PUT /api/guardian/password': ['guardian'],
  'GET /api/guardian-consent-settings': ['admin'],
  'PUT /api/guardian-consent-settings': ['admin'],
  'POST /api/guardian/children/:rollNo/gatepasses/:id/consent': ['guardian'],
  'GET /api/guardian/consent-link': 'public',
  'POST /api/guardian/consent-link': 'public',
  'GET /api/guardian/notices': ['guardian'],
  'GET /api/guardian/notification-settings': ['guardian'],
  'PUT /api/guardian/notification-settings': ['guardian'],
};

let t: TestApp;
let people: {
  student: StudentPerson;
  otherStudent: StudentPerson;
  teacher: Person;
  admin: Person;
  guard: Person;
  /** A guardian of `student`: routes taking a roll number reach their own child. */
  guardian: Person;
};
/** Whom the admin's account changes (a password reset) reach, so that the callers keep signing in. */
let spare: { student: StudentPerson; teacher: Person; guard: Person; guardian: Person };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const student = await createStudent(db, { group: 'M-1' });
  people = {
    student,
    otherStudent: await createStudent(db, { group: 'M-1' }),
    teacher: await createTeacher(db, { groups: ['M-1'] }),
    admin: await createAdmin(db),
    guard: await createGuard(db),
    guardian: await createGuardian(db, [student.rollNo]),
  };
  spare = {
    student: await createStudent(db, { group: 'M-2' }),
    teacher: await createTeacher(db, { groups: [] }),
    guard: await createGuard(db),
    guardian: await createGuardian(db),
  };
});
afterAll(() => t.close());

/**
 * The owner's roll number goes in every path that takes one, so the other student is refused; the
 * admin's account management reaches spare people instead.
 */
function fillPath(url: string, token: string): string {
  const managed =
    url.startsWith('/api/students/') || url.startsWith('/api/teachers/') || url.startsWith('/api/guards/');
  return url
    .replace(':rollNo', String((managed ? spare.student : people.student).rollNo))
    .replace(':teacherId', String((managed ? spare.teacher : people.teacher).loginId))
    .replace(':guardId', String((managed ? spare.guard : people.guard).loginId))
    .replace(':guardianId', String(spare.guardian.loginId))
    .replace(':name', 'M-1')
    .replace(':status', 'pending')
    .replace(':token', token)
    .replace(':periodId', randomUUID())
    .replace(':date', '2031-02-03')
    .replace(':code', 'CS301')
    .replace(':accountId', spare.student.accountId)
    .replace(':id', randomUUID())
    .replace(':kind', 'students')
    .replace('/*', '/index.html');
}

const roleOf = (caller: Exclude<Caller, 'anonymous'>) => (caller === 'otherStudent' ? 'student' : caller);

// Each walk makes about 700 requests, each signing in afresh; on PostgreSQL on a two-core machine
// shared with other work that has taken over two minutes.
describe('access matrix', { timeout: 300_000 }, () => {
  it('has an expectation for every registered route and no stale ones', () => {
    const registered = routeCatalog(t.app).map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((key) => !(key in EXPECTED));
    expect(missing, 'routes without an expectation in the access matrix').toEqual([]);
    const declared = Object.fromEntries(routeCatalog(t.app).map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [key, access] of Object.entries(declared)) expect(access, key).toEqual(EXPECTED[key]);
  });

  it('answers every route × caller as expected', async () => {
    const routes = routeCatalog(t.app).filter((r) => !r.url.startsWith('/api/docs'));
    const results: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const expected = EXPECTED[`${route.method} ${route.url}`]!;
      const ownerChecked = route.url.includes(':rollNo');
      for (const caller of CALLERS) {
        // A fresh session per call: logout and password change must not end the next call's session.
        const token = caller === 'anonymous' ? '' : await login(t.app, people[caller].loginId);
        const res = await injectRoute(
          t.app,
          {
            method: route.method,
            url: fillPath(route.url, token || 'no-token'),
            headers: token ? bearer(token) : {},
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          },
          route.stream,
        );
        checked++;
        const status = res.statusCode;
        let ok: boolean;
        if (expected === 'public') ok = status !== 401 && status !== 403;
        else if (caller === 'anonymous') ok = status === 401;
        else if (!expected.includes(roleOf(caller))) ok = status === 403;
        else if (caller === 'otherStudent' && ownerChecked) ok = status === 403;
        else ok = status !== 401 && status !== 403;
        if (status >= 500) ok = false;
        if (status >= 400 && typeof res.json<{ message?: unknown }>().message !== 'string') ok = false;
        if (!ok)
          results.push(`${route.method} ${route.url} as ${caller} → ${status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(results).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(routes.length * CALLERS.length);
    console.info(`access matrix: ${routes.length} routes × ${CALLERS.length} callers = ${checked} checks`);
  });

  it('answers every route × caller with the session cookie as with the Bearer token, and refuses cross-site writes', async () => {
    const routes = routeCatalog(t.app).filter((r) => !r.url.startsWith('/api/docs'));
    const results: string[] = [];
    let checked = 0;
    const callRoute = (route: (typeof routes)[number], token: string, headers: Record<string, string>) =>
      injectRoute(
        t.app,
        {
          method: route.method,
          url: fillPath(route.url, token || 'no-token'),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        },
        route.stream,
      );
    const expectStatus = (what: string, status: number, wanted: number, body: string) => {
      checked++;
      if (status !== wanted) results.push(`${what} → ${status}, expected ${wanted}: ${body.slice(0, 120)}`);
    };
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const expected = EXPECTED[key]!;
      const unsafe = isUnsafeMethod(route.method);
      if (expected === 'public') {
        if (unsafe) {
          const res = await callRoute(route, '', { ...CROSS_SITE });
          expectStatus(`${key} cross-site`, res.statusCode, 403, res.body);
        }
        continue;
      }
      const anonymous = await callRoute(route, '', unsafe ? { ...SAME_ORIGIN } : {});
      expectStatus(`${key} as anonymous`, anonymous.statusCode, 401, anonymous.body);
      for (const caller of CALLERS.filter((c) => c !== 'anonymous')) {
        const what = `${key} as ${caller}`;
        const first = await signInForCookie(t.app, people[caller].loginId);
        const byBearer = await callRoute(route, first.token, bearer(first.token));
        // A write may end the session it is sent with (logout), so the cookie gets its own.
        const session = unsafe ? await signInForCookie(t.app, people[caller].loginId) : first;
        if (unsafe) {
          for (const [how, headers] of [
            ['cross-site', CROSS_SITE],
            ['saying nothing of its origin', {}],
          ] as const) {
            const refused = await callRoute(route, session.token, { cookie: session.cookie, ...headers });
            expectStatus(`${what} by cookie, ${how}`, refused.statusCode, 403, refused.body);
          }
        }
        const byCookie = await callRoute(route, session.token, {
          cookie: session.cookie,
          ...(unsafe ? SAME_ORIGIN : {}),
        });
        expectStatus(`${what} by cookie`, byCookie.statusCode, byBearer.statusCode, byCookie.body);
        if (byCookie.statusCode >= 500) results.push(`${what} by cookie → ${byCookie.statusCode}`);
      }
    }
    expect(results).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length * 4);
    console.info(`access matrix by cookie: ${checked} checks`);
  }, 300_000);
});
