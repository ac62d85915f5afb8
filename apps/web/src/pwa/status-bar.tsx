/**
 * The app's state on the device, in a bar of its own above every screen: "Offline — as of 09:12"
 * (when the oldest screen shown from what the device kept was fetched), the marks waiting to send,
 * and "A new version is ready" with Reload. Decision record 0087.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useCommonWords } from '../i18n/words';
import { formatTimeOfDay } from '../lib/format';
import { getToken } from '../lib/session-store';
import { accountOf, onQueueChange, queuedMarks, syncMarks, waitingCount } from './mark-queue';

/** The new version waiting, and how to start it. */
export interface Update {
  reload: () => void;
}

type Listener = () => void;
/** The waiting new version, set by the registration (start.tsx). */
export function updateStore() {
  let update: Update | null = null;
  const listeners = new Set<Listener>();
  return {
    get: () => update,
    set: (next: Update) => {
      update = next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type UpdateStore = ReturnType<typeof updateStore>;

const subscribeOnline = (listener: Listener) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** When the oldest answer the service worker gave this page from its cache was fetched. */
export function askAsOf(): Promise<string | null> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 1000);
    channel.port1.onmessage = (event: MessageEvent<{ asOf?: string | null }>) => {
      clearTimeout(timer);
      resolve(event.data.asOf ?? null);
    };
    worker.postMessage({ type: 'as-of' }, [channel.port2]);
  });
}

/** Tells the page's layout the bar's height while it shows, so that the top bar moves down under it. */
function useRoomForBar() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = bar.current;
    if (!element) return;
    const measure = () => root.style.setProperty('--campus-state-bar-height', `${element.offsetHeight}px`);
    measure();
    root.dataset.appState = '';
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      delete root.dataset.appState;
      root.style.removeProperty('--campus-state-bar-height');
    };
  });
  return bar;
}

/** Staff mark lectures: only their devices keep a queue. */
const marksQueue = () => /^(teacher|admin):/.test(accountOf(getToken()) ?? '');

/** How often the bar looks again while offline (screens opened meanwhile, a sign-in or out). */
const OFFLINE_LOOK_MS = 3000;

export function StatusBar({ updates }: { updates: UpdateStore }) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const update = useSyncExternalStore(updates.subscribe, updates.get);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(0);
  const bar = useRoomForBar();
  const { t } = useCommonWords();

  useEffect(() => {
    if (online) return;
    let alive = true;
    const look = () => void askAsOf().then((at) => alive && setAsOf(at));
    look();
    const timer = setInterval(look, OFFLINE_LOOK_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [online]);

  useEffect(() => {
    let alive = true;
    const count = () => {
      if (!marksQueue()) return setWaiting(0);
      void queuedMarks()
        .then((queued) => alive && setWaiting(waitingCount(queued.filter((q) => !q.conflicts && !q.refused))))
        .catch(() => undefined);
    };
    count();
    const stop = onQueueChange(count);
    // Marks made offline are sent when the network returns, on whatever screen the teacher is.
    if (online && marksQueue()) void syncMarks().catch(() => undefined);
    const timer = online ? undefined : setInterval(count, OFFLINE_LOOK_MS);
    return () => {
      alive = false;
      stop();
      clearInterval(timer);
    };
  }, [online]);

  if (update) {
    return (
      <div ref={bar} className="pwa-bar" data-kind="update" role="status">
        <span>{t('appState.newVersion')}</span>
        <button type="button" onClick={update.reload}>
          {t('appState.reload')}
        </button>
      </div>
    );
  }
  if (online && waiting === 0) return null;
  const parts = [
    // The time asked for while offline; a new spell offline asks again.
    ...(online
      ? []
      : [asOf ? t('appState.offlineAsOf', { time: formatTimeOfDay(asOf) }) : t('appState.offline')]),
    ...(waiting > 0 ? [t('appState.waiting', { count: waiting })] : []),
  ];
  return (
    <div ref={bar} className="pwa-bar" data-kind="offline" role="status">
      {parts.join(' · ')}
    </div>
  );
}
