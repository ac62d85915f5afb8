/** Renders a people screen the way the app does: Mantine, a fresh query client, a router and a signed-in user. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Decoded } from '@campus/contract';
import { CurrentUserContext } from '../../../lib/current-user';

export const TEACHER: Decoded = {
  role: 'teacher',
  name: 'Dr. Anjali Rao',
  email: 'anjali.rao@campus.test',
  teacherId: 500001,
  exp: 4_102_444_800,
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function renderWithProviders(ui: ReactNode, user: Decoded = TEACHER) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CurrentUserContext.Provider value={user}>{ui}</CurrentUserContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

/** The api client calls `fetch(url, init)` with a relative URL string. */
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;
export const urlOf = (input: string) => new URL(input, 'http://localhost');
export const bodyOf = (init?: RequestInit): unknown => JSON.parse(init?.body as string);
