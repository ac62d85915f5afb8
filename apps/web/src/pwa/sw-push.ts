/// <reference lib="webworker" />
/**
 * The service worker's push handlers (decision record 0088): a pushed message is shown as a
 * notification with the app's icon, and a tap opens its link in a window of the portal (one that
 * is open already, else a new one). A message carries a title, a link and a tag only; the text is
 * read in the app, after sign-in.
 */

/** What the server pushes (contract PushPayload); anything else in a message is ignored. */
interface Pushed {
  title: string;
  url: string;
  tag: string | undefined;
}

export const PUSH_ICON = '/icon-192.png';
const FALLBACK_TITLE = 'Campus Portal';

/** Only a path of the portal: a message never opens another site. */
export const portalPath = (url: unknown): string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
    ? url
    : '/';

/** The message's title, link and tag, from whatever arrived (a message without JSON still shows). */
export function readPushed(data: { json(): unknown } | null | undefined): Pushed {
  let body: unknown;
  try {
    body = data?.json();
  } catch {
    body = undefined;
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const title =
    typeof fields.title === 'string' && fields.title.trim() ? fields.title.slice(0, 120) : FALLBACK_TITLE;
  const tag = typeof fields.tag === 'string' && fields.tag ? fields.tag.slice(0, 200) : undefined;
  return { title, url: portalPath(fields.url), tag };
}

/** Focuses a window already showing `url`, else takes another of the portal's windows there, else opens one. */
async function openInWindow(worker: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const target = new URL(path, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) {
    await same.focus();
    return;
  }
  for (const client of windows) {
    try {
      const moved = await client.navigate(target);
      await (moved ?? client).focus();
      return;
    } catch {
      // A window this worker does not control cannot be navigated from here: try the next.
    }
  }
  await worker.clients.openWindow(target);
}

export function registerPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event: PushEvent) => {
    const pushed = readPushed(event.data);
    event.waitUntil(
      worker.registration.showNotification(pushed.title, {
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        data: { url: pushed.url },
        ...(pushed.tag ? { tag: pushed.tag } : {}),
      }),
    );
  });

  worker.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openInWindow(worker, portalPath(data?.url)));
  });
}
