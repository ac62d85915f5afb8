/**
 * Live updates: one server-sent events stream per tab (`GET /api/events`, read with fetch so that it
 * carries the Bearer token), each event naming the lists that changed for the signed-in person.
 * Every feature's query keys start with the name of the list they read, so a topic reloads exactly
 * the queries of that list. The stream reconnects after a drop and resumes after the last event it
 * saw; window focus and a regained network also refetch, for whatever a stream could not say.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveEventSchema, type LiveTopic } from '@campus/contract';
import { getToken } from '../lib/session-store';

/** Where a topic's lists live in the query cache (the admin's support list counts with the stats). */
const KEYS: Record<LiveTopic, string[][]> = {
  gatepasses: [['gatepasses']],
  queries: [['queries']],
  notices: [['notices']],
  stats: [['stats'], ['support']],
  notifications: [['notifications']],
};

export interface SseBlock {
  id?: string;
  retry?: number;
  data?: string;
}

/** One event of a text/event-stream, its lines without the blank line that ends it. */
export function parseSseBlock(block: string): SseBlock {
  const parsed: SseBlock = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') parsed.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) parsed.retry = Number(value);
    else if (field === 'data') parsed.data = parsed.data === undefined ? value : `${parsed.data}\n${value}`;
  }
  return parsed;
}

export function reloadTopics(queryClient: QueryClient, topics: readonly LiveTopic[]): void {
  for (const topic of topics) {
    for (const queryKey of KEYS[topic]) void queryClient.invalidateQueries({ queryKey });
  }
}

/** Keeps the stream open while the signed-in shell is shown. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastId: string | undefined;
    let retryMs = 2000;

    const handle = (block: string) => {
      const event = parseSseBlock(block);
      if (event.retry !== undefined) retryMs = event.retry;
      if (event.id !== undefined) lastId = event.id;
      if (event.data === undefined) return;
      const parsed = LiveEventSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) reloadTopics(queryClient, parsed.data.topics);
    };

    const connect = async () => {
      const token = getToken();
      if (stopped || !token) return;
      controller = new AbortController();
      try {
        const res = await fetch('/api/events', {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'text/event-stream',
            ...(lastId ? { 'last-event-id': lastId } : {}),
          },
          credentials: 'omit',
          cache: 'no-store',
          signal: controller.signal,
        });
        // Signed out: the session watcher takes the user to sign in; nothing to reconnect to.
        if (res.status === 401) return;
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value.replace(/\r\n?/g, '\n');
            let end: number;
            while ((end = buffer.indexOf('\n\n')) !== -1) {
              handle(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          }
        }
      } catch {
        // A dropped connection, or the page leaving: reconnect below unless stopped.
      }
      if (!stopped) timer = setTimeout(() => void connect(), retryMs);
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    };
  }, [queryClient]);
}
