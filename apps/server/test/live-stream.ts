/** Reads a live updates stream (`GET /api/events`) in a test, event by event. */
import type { LiveTopic } from '@campus/contract';
import type { App } from '../src/types';
import { bearer } from './fixtures';

export interface StreamEvent {
  id: string;
  topics: LiveTopic[];
}

export async function openEvents(
  app: App,
  token: string,
  lastEventId?: string,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    url: '/api/events',
    headers: { ...headers, ...bearer(token), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    payloadAsStream: true,
  });
  const stream = res.stream();
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  let text = '';
  /** The names of the named events (`event: …`) it was sent. */
  const named: string[] = [];
  const ended = new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
  });
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    let end: number;
    while ((end = text.indexOf('\n\n')) !== -1) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const name = /^event: (.*)$/m.exec(block)?.[1];
      if (name) named.push(name);
      if (id && data) events.push({ id, topics: (JSON.parse(data) as { topics: LiveTopic[] }).topics });
    }
    for (const wake of waiting) wake();
  });
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    events,
    named,
    /** Settles when the server ends the stream (or it is closed here). */
    ended,
    /** The first event (from `from` on) that names `topic`; fails after `ms`. */
    async next(topic: LiveTopic, from = 0, ms = 3000): Promise<StreamEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.slice(from).find((e) => e.topics.includes(topic));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No ${topic} event within ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => stream.destroy(),
  };
}
