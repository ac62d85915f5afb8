import { QueryClient, QueryClientProvider, focusManager, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLiveEvent } from '@campus/contract';
import { parseSseBlock, retryDelayMs, useLiveUpdates } from './live-updates';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
  localStorage.clear();
});

function Live() {
  useLiveUpdates();
  return null;
}

/** An event stream that sends `text` and then ends, as a dropped connection does. */
function streamOf(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('parseSseBlock', () => {
  it('reads id, retry and data, and passes over comments', () => {
    expect(parseSseBlock(': heartbeat')).toEqual({});
    expect(parseSseBlock('retry: 2000\n: connected')).toEqual({ retry: 2000 });
    expect(parseSseBlock('id: 7\ndata: {"topics":["queries"]}')).toEqual({
      id: '7',
      data: '{"topics":["queries"]}',
    });
    expect(parseSseBlock('data: a\ndata: b')).toEqual({ data: 'a\nb' });
    expect(parseSseBlock('event: superseded\ndata: {}')).toEqual({ event: 'superseded', data: '{}' });
  });
});

describe('parseLiveEvent', () => {
  it('reads the topics an event names', () => {
    expect(parseLiveEvent({ topics: ['gatepasses', 'notices'] })).toEqual({
      topics: ['gatepasses', 'notices'],
    });
    expect(parseLiveEvent({ topics: [] })).toEqual({ topics: [] });
  });

  it('answers null for anything else, an unknown topic included', () => {
    for (const data of [
      null,
      'gatepasses',
      42,
      {},
      { topics: 'gatepasses' },
      { topics: ['gatepasses', 'grades'] },
    ]) {
      expect(parseLiveEvent(data)).toBeNull();
    }
  });
});

describe('retryDelayMs', () => {
  it('waits the Retry-After it was given, and up to half again, never less', () => {
    expect(retryDelayMs('30', () => 0)).toBe(30_000);
    expect(retryDelayMs('30', () => 0.999)).toBeLessThan(45_000);
    expect(retryDelayMs(null, () => 0)).toBe(30_000);
    expect(retryDelayMs('soon', () => 0)).toBe(30_000);
  });
});

/** Renders the hook with `answers` for its requests (then 401s); answers the requests made and the invalidations. */
function liveWith(answers: Response[]) {
  localStorage.setItem('jwtToken', 'tok');
  const requests: { headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      requests.push({ headers: init.headers as Record<string, string> });
      return Promise.resolve(answers.shift() ?? new Response(null, { status: 401 }));
    }),
  );
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live />
    </QueryClientProvider>,
  );
  return { requests, invalidate, unmount: view.unmount };
}

const refocus = () =>
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });

describe('useLiveUpdates when the server bounds streams', () => {
  it('after a 503 asks again only once Retry-After has passed, reloading the shown lists on focus meanwhile', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const busy = new Response(JSON.stringify({ message: 'busy' }), {
      status: 503,
      headers: { 'retry-after': '20' },
    });
    const { requests, invalidate, unmount } = liveWith([busy, streamOf(': connected\n\n')]);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(requests).toHaveLength(1);
    refocus();
    // Every shown list, not one topic's: no stream said what changed.
    expect(invalidate).toHaveBeenCalledWith();
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    // Back without an event to resume from: every list is reloaded once.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      undefined,
      ['gatepasses'],
      ['queries'],
      ['notices'],
      ['stats'],
      ['support'],
      ['notifications'],
    ]);
    unmount();
  });

  it('closed because a newer tab took its place, asks again only when the window is focused', async () => {
    vi.useFakeTimers();
    const { requests, invalidate, unmount } = liveWith([
      streamOf(
        'retry: 5\n: connected\n\nid: 7\ndata: {"topics":["queries"]}\n\nevent: superseded\ndata: {}\n\n',
      ),
      streamOf(''),
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    refocus();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['last-event-id']).toBe('7');
    expect(invalidate).toHaveBeenCalledWith();
    unmount();
  });
});

describe('useLiveUpdates', () => {
  it('reloads the lists an event names, and resumes after the last event when the stream drops', async () => {
    localStorage.setItem('jwtToken', 'tok');
    const requests: { headers: Record<string, string> }[] = [];
    const answers = [
      streamOf('retry: 5\n: connected\n\nid: 41\ndata: {"topics":["gatepasses","notifications"]}\n\n'),
      streamOf('id: 42\ndata: {"topics":["stats"]}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        requests.push({ headers: init.headers as Record<string, string> });
        return Promise.resolve(answers.shift() ?? new Response(null, { status: 401 }));
      }),
    );
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <Live />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(requests[0]!.headers['last-event-id']).toBeUndefined();
    expect(requests[1]!.headers['last-event-id']).toBe('41');
    expect(requests[2]!.headers['last-event-id']).toBe('42');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['gatepasses'],
      ['notifications'],
      ['stats'],
      ['support'],
    ]);
    unmount();
  });

  it('lets a list that is reloading arrive through a burst of events, then reloads it once more', async () => {
    localStorage.setItem('jwtToken', 'tok');
    let send: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body, { status: 200 }))),
    );
    const loads: { signal: AbortSignal; answer: (rows: string) => void }[] = [];
    function Board() {
      const board = useQuery({
        queryKey: ['queries', 'board'],
        queryFn: ({ signal }) => new Promise<string>((answer) => loads.push({ signal, answer })),
      });
      return <p>{board.data ?? 'Loading'}</p>;
    }
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <Live />
        <Board />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(loads).toHaveLength(1));
    act(() => loads[0]!.answer('First'));
    expect(await screen.findByText('First')).toBeTruthy();

    send(': connected\n\nid: 1\ndata: {"topics":["queries"]}\n\n');
    await waitFor(() => expect(loads).toHaveLength(2));
    for (let id = 2; id <= 6; id++) send(`id: ${id}\ndata: {"topics":["queries"]}\n\n`);
    // Every event is handled while the reload is on its way; none gives it up for a new one.
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(6));
    expect(loads).toHaveLength(2);
    expect(loads[1]!.signal.aborted).toBe(false);
    act(() => loads[1]!.answer('Second'));
    expect(await screen.findByText('Second')).toBeTruthy();
    // Its answer may be older than the five events: one more load for all of them.
    await waitFor(() => expect(loads).toHaveLength(3));
    act(() => loads[2]!.answer('Third'));
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(loads).toHaveLength(3);
    unmount();
  });

  it('opens no stream without a token', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Live />
      </QueryClientProvider>,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
