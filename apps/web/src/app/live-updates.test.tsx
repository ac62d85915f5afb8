import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSseBlock, useLiveUpdates } from './live-updates';

afterEach(() => {
  vi.unstubAllGlobals();
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
