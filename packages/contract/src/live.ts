/**
 * Live updates (server-sent events) without the schema library: the web app reads every event with
 * these on each screen, so they stay out of the code that only forms need.
 */

/**
 * What a live update names: the lists that changed for the person it is sent to. The web app
 * reloads the matching queries.
 */
export const LIVE_TOPICS = ['gatepasses', 'queries', 'notices', 'stats', 'notifications'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
export interface LiveEvent {
  topics: LiveTopic[];
}

const isTopic = (value: unknown): value is LiveTopic => (LIVE_TOPICS as readonly unknown[]).includes(value);

/** The event a stream's data carries, or null when it is not one (an unknown topic included). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (data === null || typeof data !== 'object') return null;
  const { topics } = data as { topics?: unknown };
  return Array.isArray(topics) && topics.every(isTopic) ? { topics } : null;
}

/**
 * The event (`event: superseded`) that ends a live updates stream because a newer stream of the
 * same account took its place (a few are kept per account): the tab does not reconnect at once,
 * it refetches on focus and opens a stream again then.
 */
export const LIVE_SUPERSEDED_EVENT = 'superseded';
