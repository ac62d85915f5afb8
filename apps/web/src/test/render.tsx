/** Renders a screen with the app's providers, an in-memory router and, optionally, a signed-in user. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Decoded } from '@campus/contract';
import { CurrentUserContext } from '../lib/current-user';

export function renderWithProviders(
  ui: ReactElement,
  options: { path?: string; user?: Decoded; routes?: Record<string, ReactElement> } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const tree = (
    <Routes>
      <Route path={options.path ?? '/'} element={ui} />
      {Object.entries(options.routes ?? {}).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>
          {options.user ? (
            <CurrentUserContext.Provider value={options.user}>{tree}</CurrentUserContext.Provider>
          ) : (
            tree
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** A fetch stub answering each request from a handler: (method, path) → [status, body]. */
export function stubFetch(
  handler: (method: string, path: string, body: unknown) => [number, unknown] | Promise<[number, unknown]>,
) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const [status, json] = await handler(method, url.pathname + url.search, body);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  };
}
