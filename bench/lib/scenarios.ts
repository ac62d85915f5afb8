/** The benchmark's scenarios: real sign-ins on a running server, then the requests of each screen. */
import { DEMO_GROUPS, DEMO_PASSWORD, LARGE_LOGIN, largeGroupName } from './server';
import type { BenchRequest } from './load';

/** The demo campus, the 20,000-student campus, and the same at a twentieth (1,000 students, CI's mix). */
export type Campus = 'demo' | 'large' | 'small';
export type ScenarioKind = 'read' | 'write' | 'mixed';

export interface Scenario {
  name: string;
  title: string;
  kind: ScenarioKind;
  requests: BenchRequest[];
  /** Connections for this scenario when not the run's (one teacher marking alone). */
  connections?: number;
}

/**
 * Each name says what it measures: `-warm`, the same few pages read over and over (answered from
 * memory); `mark-changing`, marks whose statuses differ from the mark before; `mix`, the realistic
 * mix (bench/lib/mix.ts); `cold`, every list route's first page with the read cache off. The campus
 * (demo, 1,000 or 20,000 students) is printed beside each.
 */
export const SCENARIO_NAMES = [
  'notices-warm',
  'attendance-warm',
  'performance-warm',
  'queries-warm',
  'gatepasses-warm',
  'mark-changing',
  'mark-changing-alone',
  'mixed-warm',
  'mix',
  'cold',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Requests of each kind in every 20 of the mixed-warm workload: mostly students reading, a mark now and then. */
type SingleKind = Exclude<ScenarioName, 'mixed-warm' | 'mark-changing-alone' | 'mix' | 'cold'>;
export const MIXED_WEIGHTS: Record<SingleKind, number> = {
  'notices-warm': 7,
  'attendance-warm': 4,
  'gatepasses-warm': 3,
  'queries-warm': 3,
  'performance-warm': 2,
  'mark-changing': 1,
};

export async function call(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the error message.
  }
  return { status: res.status, json };
}

/** The roll numbers of a group On leave on a day (approved leave, or an approved gate pass that day). */
export async function onLeaveOf(
  port: number,
  group: string,
  date: string,
  token: string,
): Promise<Set<number>> {
  const res = await call(
    port,
    'GET',
    `/api/attendance-leave?group=${encodeURIComponent(group)}&date=${date}`,
    token,
  );
  if (res.status !== 200 || !Array.isArray(res.json)) {
    throw new Error(`Who is on leave in ${group} answered ${res.status}`);
  }
  return new Set((res.json as { studentId: number }[]).map((s) => s.studentId));
}

/**
 * A teacher's marks of a whole group for a day, each moving the absentees (every `every`-th student
 * of the roster) by one place, so that every mark changes statuses. Students On leave that day are
 * marked On leave, as the roster pre-marks them (else 409). Reads the group's roster and who of it is
 * away first; each call answers the next mark's body.
 */
export async function changingMarks(
  port: number,
  group: string,
  date: string,
  token: string,
  every: number,
): Promise<() => string> {
  const roster = await call(port, 'GET', `/api/students?group=${encodeURIComponent(group)}&limit=200`, token);
  const rows = roster.json as { RollNo: number }[];
  if (roster.status !== 200 || !Array.isArray(rows) || rows.length === 0) {
    throw new Error(`The roster of ${group} answered ${roster.status}`);
  }
  const onLeave = await onLeaveOf(port, group, date, token);
  let shift = 0;
  return () => {
    const now = shift++;
    return JSON.stringify({
      date,
      attendanceRecords: rows.map((r, i) => ({
        studentId: r.RollNo,
        status: onLeave.has(r.RollNo) ? 'On leave' : (i + now) % every === 0 ? 'Absent' : 'Present',
      })),
    });
  };
}

export async function signIn(port: number, userId: number): Promise<string> {
  const { status, json } = await call(port, 'POST', '/api/login', undefined, {
    userId: String(userId),
    password: DEMO_PASSWORD,
  });
  const token = (json as { token?: unknown }).token;
  if (status !== 200 || typeof token !== 'string') {
    throw new Error(`Sign-in of ${userId} answered ${status}: ${JSON.stringify(json).slice(0, 200)}`);
  }
  return token;
}

const authorized = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Signs accounts in sixteen at a time (the hashing queue holds 32). */
export async function signInAll(port: number, ids: number[]): Promise<{ id: number; token: string }[]> {
  const out: { id: number; token: string }[] = [];
  for (let i = 0; i < ids.length; i += 16) {
    const batch = ids.slice(i, i + 16);
    out.push(...(await Promise.all(batch.map(async (id) => ({ id, token: await signIn(port, id) })))));
  }
  return out;
}

/** Smooth weighted round robin: an even, fixed interleaving of the kinds by their weights. */
export function interleave<K extends string>(weights: Record<K, number>): K[] {
  const keys = Object.keys(weights) as K[];
  const total = keys.reduce((sum, k) => sum + weights[k], 0);
  const current = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const order: K[] = [];
  for (let i = 0; i < total; i++) {
    for (const k of keys) current[k] += weights[k];
    const best = keys.reduce((a, b) => (current[b] > current[a] ? b : a));
    current[best] -= total;
    order.push(best);
  }
  return order;
}

/** The mixed workload's proportions, e.g. "notices 35%, attendance 20%, …". */
export function describeMix(): string {
  const total = Object.values(MIXED_WEIGHTS).reduce((a, b) => a + b, 0);
  return Object.entries(MIXED_WEIGHTS)
    .map(([k, w]) => `${k} ${Math.round((w / total) * 100)}%`)
    .join(', ');
}

/** Groups marked by `mark-changing` on the 20,000-student campus, each by a teacher of its own: all of them. */
const LARGE_MARK_GROUPS = 100;

/**
 * Signs in eight students, four teachers who read and a teacher for each group marked, and builds
 * every scenario's requests. Each mark request sends a whole group's roster for today.
 */
export async function buildScenarios(port: number, campus: Campus): Promise<Scenario[]> {
  const studentIds =
    campus === 'large'
      ? Array.from({ length: 8 }, (_, k) => LARGE_LOGIN.firstRollNo + 17 + k * 2_500)
      : Array.from({ length: 8 }, (_, k) => LARGE_LOGIN.firstRollNo + k);
  const teacherIds = Array.from({ length: 4 }, (_, k) => LARGE_LOGIN.firstTeacherId + k);
  const students = await Promise.all(studentIds.map(async (id) => ({ id, token: await signIn(port, id) })));
  const teachers = await Promise.all(teacherIds.map(async (id) => ({ id, token: await signIn(port, id) })));

  const today = new Date().toISOString().slice(0, 10);
  // Each mark is one teacher's own group: on the 20,000-student campus, fifty connections mark fifty
  // of its hundred groups at a time, as a campus's teachers do (two teachers rarely mark one group in
  // the same second). The demo campus has three groups, one teacher each.
  const markGroups =
    campus === 'large'
      ? Array.from({ length: LARGE_MARK_GROUPS }, (_, k) => largeGroupName(k))
      : [...DEMO_GROUPS];
  const markers = await signInAll(
    port,
    markGroups.map((_, k) => LARGE_LOGIN.firstTeacherId + k),
  );
  const marks = await Promise.all(
    markers.map(async (teacher, k): Promise<BenchRequest> => {
      // Every mark of a group shifts its absentees (every fifth student) by one place.
      const markBody = await changingMarks(port, markGroups[k]!, today, teacher.token, 5);
      return {
        method: 'POST',
        path: '/api/mark-attendance',
        headers: { ...authorized(teacher.token), 'content-type': 'application/json' },
        body: markBody(),
        freshBody: markBody,
      };
    }),
  );

  const get = (path: string, token: string): BenchRequest => ({
    method: 'GET',
    path,
    headers: authorized(token),
  });
  const byKind: Record<SingleKind, Scenario> = {
    'notices-warm': {
      name: 'notices-warm',
      title: 'notices list (20 newest), warm',
      kind: 'read',
      requests: students.map((s) => get('/api/get-notices?limit=20', s.token)),
    },
    'attendance-warm': {
      name: 'attendance-warm',
      title: "a student's attendance, warm",
      kind: 'read',
      requests: students.map((s) => get(`/api/attendance/${s.id}`, s.token)),
    },
    'performance-warm': {
      name: 'performance-warm',
      title: 'performance table (search, 50), warm',
      kind: 'read',
      requests: teachers.flatMap((t) => [
        get('/api/students-performance?search=sharma&limit=50', t.token),
        get('/api/students-performance?search=2300&limit=50', t.token),
      ]),
    },
    'queries-warm': {
      name: 'queries-warm',
      title: 'unsolved queries (20), warm',
      kind: 'read',
      requests: students.map((s) => get('/api/queries-without-solution?limit=20', s.token)),
    },
    'gatepasses-warm': {
      name: 'gatepasses-warm',
      title: "a student's pending gate passes, warm",
      kind: 'read',
      requests: students.map((s) => get(`/api/gatepasses/pending/${s.id}`, s.token)),
    },
    'mark-changing': {
      name: 'mark-changing',
      title: `mark attendance (${marks.length} groups × roster), statuses change every mark`,
      kind: 'write',
      requests: marks,
    },
  };

  const next = Object.fromEntries(Object.keys(byKind).map((k) => [k, 0])) as Record<
    keyof typeof byKind,
    number
  >;
  const mixed: BenchRequest[] = [];
  // Five rounds of the interleaving, so that each kind's requests rotate through their accounts.
  for (let round = 0; round < 5; round++) {
    for (const kind of interleave(MIXED_WEIGHTS)) {
      const list = byKind[kind].requests;
      mixed.push(list[next[kind]++ % list.length]!);
    }
  }
  return [
    ...Object.values(byKind),
    // The same marks one at a time: the latency of a teacher's mark when nobody else writes.
    {
      name: 'mark-changing-alone',
      title: 'mark attendance, statuses change, 1 connection',
      kind: 'write',
      requests: marks,
      connections: 1,
    },
    { name: 'mixed-warm', title: 'mixed workload of the warm scenarios', kind: 'mixed', requests: mixed },
  ];
}

/**
 * Sends each distinct request of the scenarios once (a method, path and caller; the mix repeats
 * each many times): each must answer 2xx, or the bench stops here.
 */
export async function checkScenarios(port: number, scenarios: readonly Scenario[]): Promise<void> {
  const seen = new Set<string>();
  for (const scenario of scenarios) {
    for (const r of scenario.requests) {
      const key = `${r.method} ${r.path} ${r.headers.authorization ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const body = r.freshBody ? r.freshBody() : r.body;
      const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
        method: r.method,
        headers: { 'accept-encoding': 'identity', ...r.headers },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status < 200 || res.status > 299) {
        throw new Error(
          `${scenario.name}: ${r.method} ${r.path} answered ${res.status}: ${text.slice(0, 300)}`,
        );
      }
    }
  }
}
