import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@campus/contract';
import { performanceKeys } from '../features/performance/api';
import { isLoaded } from '../lib/ready-lazy';
import { loadArea, preloadScreen, screenCode } from './preload';
import { screenAt } from './screens';

// The role area's code and the screen's own chunk start loading too; stand-ins keep those loads
// from outliving a test.
vi.mock('./areas', () => ({ default: () => null }));
vi.mock('../features/performance/pages/student-performance-page', () => ({
  StudentPerformancePage: () => null,
}));
const imported = vi.hoisted(() => new Set<string>());
vi.mock('../features/attendance/pages/student-attendance-page', () => {
  imported.add('student attendance');
  return { StudentAttendancePage: () => null };
});

const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const tokenFor = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;

/** The paths the page asked the server for, in order. */
function serverAnswering(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const body = url.startsWith('/api/performance/')
        ? [{ RollNo: 230001 }]
        : { decoded: { role: 'student', RollNo: 230001, name: 'A student', email: 'a@campus.test' } };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return asked;
}

describe('preloadScreen', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("asks for a student's own screen data beside the session check, under the key the screen reads", async () => {
    const asked = serverAnswering();
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ role: 'student', RollNo: 230001 }));
    await preloadScreen(queryClient, '/student/performance');
    expect(queryClient.getQueryData(performanceKeys.student(230001))).toEqual({ RollNo: 230001 });
    expect(asked.some((url) => url.startsWith('/api/post-data-from-token/'))).toBe(true);
    expect(asked).toContain('/api/performance/230001');
  });

  it("asks for nothing of a screen outside the token's own area", async () => {
    const asked = serverAnswering();
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ role: 'teacher', teacherId: 1001 }));
    await preloadScreen(queryClient, '/student/performance');
    expect(asked.filter((url) => !url.startsWith('/api/post-data-from-token/'))).toEqual([]);
  });

  it('asks for the list of passes the Gate Pass address opens on, not the form’s details', async () => {
    const asked = serverAnswering();
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ role: 'student', RollNo: 230001 }));
    window.history.replaceState(null, '', '/student/gatepass?tab=approved');
    await preloadScreen(queryClient, '/student/gatepass');
    window.history.replaceState(null, '', '/');
    expect(asked.some((url) => url.startsWith('/api/gatepasses/approved/230001'))).toBe(true);
    expect(asked.some((url) => url.startsWith('/api/student-details/'))).toBe(false);
  });

  it('asks for nothing when nobody is signed in', async () => {
    const asked = serverAnswering();
    await preloadScreen(queryClient, '/student/performance');
    expect(asked).toEqual([]);
  });

  it("waits for the role area's and the screen's code when the screen is in the token's own area", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ role: 'student', RollNo: 230001 }));
    await screenCode('/student/performance');
    expect(isLoaded(loadArea())).toBe(true);
    expect(isLoaded(screenAt('/student/performance')!.screen.load())).toBe(true);
  });

  it('waits for no code for a visitor who is not signed in, or not in that area', async () => {
    await screenCode('/student/attendance');
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor({ role: 'teacher', teacherId: 1001 }));
    await screenCode('/student/attendance');
    expect(imported.has('student attendance')).toBe(false);
  });
});
