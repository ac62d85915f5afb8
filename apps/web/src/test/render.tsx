/**
 * The web app's one test harness: a screen inside the app's providers, a fake server behind `fetch`,
 * and sample signed-in users. Sample data of a single feature lives in that feature's `test/` folder.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { Decoded } from '@campus/contract';
import { CurrentUserContext } from '../lib/current-user';

/** Sample signed-in users; their sessions end in 2100. */
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
export const ADMIN: Decoded = {
  role: 'admin',
  name: 'Admin',
  email: 'admin@campus.test',
  adminId: 900001,
  exp: 4_102_444_800,
};

export interface ScreenOptions {
  /** Where the screen is mounted, and the router's first entry. Defaults to `/`. */
  path?: string;
  /** More routes beside the screen, such as the pages it sends the user to. */
  routes?: Record<string, ReactElement>;
  /** The history state of the first entry, as a page that navigated here would leave it. */
  state?: unknown;
  /** The query string of the first entry (`?token=…`). */
  search?: string;
}

/**
 * Renders `ui` the way the app does: Mantine (in its test mode: no transitions, no portals) with its
 * toasts, a fresh query client
 * that never retries, an in-memory router and, when one is given, the signed-in user of the role area.
 * Returns Testing Library's result and a `user` to drive the screen with.
 */
export function renderScreen(
  ui: ReactElement,
  signedIn?: Decoded,
  { path = '/', routes = {}, state, search = '' }: ScreenOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const tree = (
    <Routes>
      <Route path={path} element={ui} />
      {Object.entries(routes).map(([route, element]) => (
        <Route key={route} path={route} element={element} />
      ))}
    </Routes>
  );
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: path, search, state }]}>
          {signedIn ? (
            <CurrentUserContext.Provider value={signedIn}>{tree}</CurrentUserContext.Provider>
          ) : (
            tree
          )}
        </MemoryRouter>
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user: userEvent.setup() };
}

/** Types a whole value at once (a paste), which keeps tests fast on a busy machine. */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The api client calls `fetch(url, init)` with a relative URL string. */
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;
export const urlOf = (input: string) => new URL(input, 'http://localhost');
export const bodyOf = (init?: RequestInit): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const JSON_HEADERS = { 'content-type': 'application/json' };
/** A JSON response, as the server sends them. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
/** What the fake server answers: a status and JSON body, or a thrown error for a network failure. */
export interface Reply {
  status: number;
  body?: unknown;
}
/** A Response is sent as it is: a file download, say. */
export type Handler = (call: ApiCall) => Reply | Response | Promise<Reply | Response>;

/** Stubs `fetch` with a fake server; every call is recorded, in order, and answered by `handler`. */
export function stubApi(handler: Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<FetchFn>(async (input, init) => {
    const url = urlOf(input);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: bodyOf(init),
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Response) return reply;
    return reply.body === undefined
      ? new Response(null, { status: reply.status, headers: JSON_HEADERS })
      : json(reply.status, reply.body);
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
