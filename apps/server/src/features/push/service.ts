/**
 * Web Push (decision record 0088): the campus's VAPID keys, each person's devices, and the queue
 * that takes a notification to every device its person turned that kind on for. A message carries
 * the notification's title for its kind, its link and a tag, never its text: the app shows the
 * text once the person has signed in.
 */
import type { Language, PushKind } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { KIND_OF_NOTIFICATION, type NotifiedItem } from '../mail/notify-mail';
import { PUSH_TITLE_WORDS } from '../mail/words-notes';
import type { PushOptions } from './config';
import { vapidKeys } from './keys';
import { pushQueue, type OutgoingPush, type Urgency } from './queue';
import { pushSubscriptions } from './subscriptions';

/** Without VAPID_SUBJECT or an https PUBLIC_URL: an address that names no one, as RFC 8292 allows. */
const FALLBACK_SUBJECT = 'mailto:push@campus-portal.invalid';
/** Ended messages are kept this long (to read why one failed), then pruned. */
const KEEP_ENDED_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** What is about the person themselves wakes the device; notices and standing can wait for it. */
const URGENCY: Record<PushKind, Urgency> = {
  gatePassDecided: 'high',
  queryAnswered: 'high',
  menteeRequests: 'high',
  supportMessages: 'normal',
  notices: 'normal',
  attendanceRisk: 'normal',
};

/** Only paths inside the portal: a message never opens another site. */
const pathOf = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : '/');

export function pushService(
  db: Db,
  options: PushOptions,
  deps: { now: () => number; log: FastifyBaseLogger; cache?: ReadCache },
) {
  const { now, log } = deps;
  const keys = vapidKeys(db, options.keys, now);
  const subscriptions = pushSubscriptions(db, now, deps.cache);
  const queue = pushQueue(db, {
    keys,
    subject: options.subject ?? FALLBACK_SUBJECT,
    leaseMs: options.leaseMs ?? 2 * 60_000,
    maxAttempts: options.maxAttempts ?? 6,
    backoffMs: options.backoffMs ?? 30_000,
    timeoutMs: options.timeoutMs ?? 15_000,
    ttlSeconds: 24 * 3600,
    now,
  });
  const pollMs = options.pollMs;
  const background = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let prunedAt = 0;

  /** Notifications were written: a message is queued for each device that takes their kind. */
  async function notified(items: readonly NotifiedItem[]): Promise<number> {
    const byKind = new Map<PushKind, NotifiedItem[]>();
    for (const item of items) {
      const kind = KIND_OF_NOTIFICATION[item.kind];
      byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
    }
    const messages: OutgoingPush[] = [];
    for (const [kind, list] of byKind) {
      // One read for all the devices of everyone told (in chunks of a thousand accounts).
      const targets = await subscriptions.targetsOf(
        list.map((item) => item.accountId),
        kind,
      );
      const devices = new Map<string, { id: string; language: Language }[]>();
      for (const target of targets)
        devices.set(target.accountId, [...(devices.get(target.accountId) ?? []), target]);
      for (const item of list) {
        const url = pathOf(item.link);
        for (const { id: subscriptionId, language } of devices.get(item.accountId) ?? []) {
          // The title in the person's language (decision record 0090).
          const title = PUSH_TITLE_WORDS[language][item.kind];
          messages.push({
            subscriptionId,
            accountId: item.accountId,
            payload: { title, url, tag: `${item.kind} ${url}`.slice(0, 200) },
            urgency: URGENCY[kind],
          });
        }
      }
    }
    return queue.enqueue(messages);
  }

  /** One round: what is due, until nothing is; and now and then, ended messages pruned. */
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while ((await queue.deliverDue()) > 0) {
        /* until nothing more is due */
      }
      if (now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now();
        await queue.prune(new Date(now() - KEEP_ENDED_MS).toISOString());
      }
    } catch (err) {
      log.error({ err }, 'Sending push messages failed');
    } finally {
      running = false;
    }
  }

  /** Runs work apart from the request that started it; a failure there is only logged. */
  function track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => log.error({ err }, 'A push message could not be queued'));
    background.add(p);
    void p.finally(() => background.delete(p));
  }

  return {
    keys,
    subscriptions,
    queue,
    notified,
    /** Messages were queued: send them soon rather than at the next round (not in tests). */
    deliverSoon(): void {
      if (pollMs) track(tick());
    },
    /** Sends what is due from this instance; answers how many were claimed. */
    deliverDue: () => queue.deliverDue(),
    tick,
    track,
    /** Waits for work started apart from requests (tests). */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
    /** Whether endpoints may be plain http on any host (tests only). */
    allowTestEndpoints: options.allowTestEndpoints ?? false,
    start(): void {
      if (!pollMs || timer) return;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
