/**
 * Live updates: one server-sent events stream per tab (`GET /api/events`, read with fetch so that it
 * carries the Bearer token), each event naming the lists that changed for the signed-in person.
 * Every feature's query keys start with the name of the list they read, so a topic reloads exactly
 * the queries of that list. The stream reconnects after a drop and resumes after the last event it
 * saw; window focus and a regained network also refetch, for whatever a stream could not say.
 *
 * The server bounds streams (decision record 0023). Refused (503), the tab waits the Retry-After it
 * was given before it asks again; closed because a newer tab of the same person took its place
 * (`superseded`), it asks again only when it is focused. Either way, until it has a stream again,
 * every shown list is reloaded whenever the window gains focus.
 */
import { focusManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_SUPERSEDED_EVENT, LIVE_TOPICS, parseLiveEvent, type LiveTopic } from '@campus/contract';
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
  event?: string;
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
    if (field === 'event') parsed.event = value;
    else if (field === 'id') parsed.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) parsed.retry = Number(value);
    else if (field === 'data') parsed.data = parsed.data === undefined ? value : `${parsed.data}\n${value}`;
  }
  return parsed;
}

/**
 * Reloads the lists under a key without giving up a load already on its way: a burst of events (a
 * class asking questions, a hall's passes decided) would otherwise restart a list's request on every
 * event, and on a busy server a list could wait for as long as the burst lasts. A list that was
 * loading when the event came is loaded once more when that load ends, as its answer may be older
 * than the change; events meanwhile join that one reload.
 */
async function reload(queryClient: QueryClient, queryKey: string[]): Promise<void> {
  const loading = queryClient.isFetching({ queryKey }) > 0;
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (loading) await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

export function reloadTopics(queryClient: QueryClient, topics: readonly LiveTopic[]): void {
  for (const topic of topics) {
    for (const queryKey of KEYS[topic]) void reload(queryClient, queryKey);
  }
}

/** How long to wait after a 503: its Retry-After (seconds), and up to half again so tabs spread out. */
export function retryDelayMs(retryAfter: string | null, random = Math.random): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : 30;
  return Math.max(1, seconds) * 1000 * (1 + random() / 2);
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
    /** Without a stream because the server refused one or another tab took its place. */
    let without: 'refused' | 'superseded' | undefined;

    const handle = (block: string): boolean => {
      const event = parseSseBlock(block);
      if (event.event === LIVE_SUPERSEDED_EVENT) return false;
      if (event.retry !== undefined) retryMs = event.retry;
      if (event.id !== undefined) lastId = event.id;
      if (event.data === undefined) return true;
      const parsed = parseLiveEvent(JSON.parse(event.data));
      if (parsed) reloadTopics(queryClient, parsed.topics);
      return true;
    };

    const connect = async () => {
      const token = getToken();
      if (stopped || !token) return;
      controller = new AbortController();
      let refusedFor: number | undefined;
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
        if (res.status === 503) {
          without = 'refused';
          refusedFor = retryDelayMs(res.headers.get('retry-after'));
        }
        if (res.ok && res.body) {
          // Back after a time without a stream and nothing to resume from: anything may have changed.
          if (without && !lastId) reloadTopics(queryClient, LIVE_TOPICS);
          without = undefined;
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          reading: for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value.replace(/\r\n?/g, '\n');
            let end: number;
            while ((end = buffer.indexOf('\n\n')) !== -1) {
              const open = handle(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
              if (!open) {
                without = 'superseded';
                void reader.cancel();
                break reading;
              }
            }
          }
        }
      } catch {
        // A dropped connection, or the page leaving: reconnect below unless stopped.
      }
      // A tab whose place another took asks again when it is focused, not before.
      if (!stopped && without !== 'superseded')
        timer = setTimeout(() => void connect(), refusedFor ?? retryMs);
    };

    const unsubscribe = focusManager.subscribe((focused) => {
      if (!focused || !without || stopped) return;
      // No stream says what changed meanwhile: reload what is shown.
      void queryClient.invalidateQueries();
      if (without === 'superseded') {
        without = undefined;
        void connect();
      }
    });
    void connect();
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      controller?.abort();
    };
  }, [queryClient]);
}
