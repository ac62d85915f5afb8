/**
 * What the installed app adds once the page has loaded: the service worker's registration (through
 * workbox-window), the bar that says the device is offline or a new version is ready, and the
 * sending of marks made offline. Loaded after the page's `load`, so that none of it competes with the
 * first screen. Decision record 0087.
 */
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { StatusBar, updateStore, type UpdateStore } from './status-bar';

/** How often a page left open asks whether a new version was put up. */
const UPDATE_CHECK_MS = 60 * 60_000;

function register(updates: UpdateStore): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while this page runs waits for the person's Reload: a form half filled
  // is never lost to an update. Reload lets it take over, and the page reloads once it has.
  workbox.addEventListener('waiting', () => {
    updates.set({
      reload: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  void workbox.register().catch(() => undefined);
  setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
}

export function start(): void {
  const updates = updateStore();
  const holder = document.createElement('div');
  holder.id = 'app-state';
  document.body.append(holder);
  createRoot(holder).render(<StatusBar updates={updates} />);
  if ('serviceWorker' in navigator && import.meta.env.PROD) register(updates);
}
