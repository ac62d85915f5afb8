/** Test harness: the app's providers around one screen, and a fetch stub that answers like the server. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Decoded } from '@campus/contract';
import { CurrentUserContext } from '../../../lib/current-user';

export const STUDENT: Decoded = {
  role: 'student',
  name: 'Asha Rao',
  email: 'asha.rao@campus.test',
  RollNo: 230002,
  exp: 4_102_444_800,
};
export const TEACHER: Decoded = {
  role: 'teacher',
  name: 'Meera Iyer',
  email: 'meera.iyer@campus.test',
  teacherId: 500001,
  exp: 4_102_444_800,
};

export function renderScreen(ui: ReactNode, user: Decoded = STUDENT) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <CurrentUserContext.Provider value={user}>{ui}</CurrentUserContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
/** What the fake server answers: a status and JSON body, or a thrown error for a network failure. */
export type Reply = { status: number; body?: unknown };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/** Stubs `fetch`; every call is recorded and answered by `handler`. */
export function stubApi(handler: Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = await handler(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A promise that a test settles by hand, to look at a screen while its request is running. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
