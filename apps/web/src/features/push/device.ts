/**
 * This browser's push subscription (decision record 0088): permission asked for when the person
 * turns push on, the subscription made through the app's service worker with the campus's key, and
 * let go when push is turned off or the person signs out.
 */
import { api } from '../../lib/api-client';

export const PUSH_BLOCKED =
  'Notifications are blocked for this site in your browser. Allow them in the site settings (the lock beside the address), then turn this on again.';
export const PUSH_DISMISSED =
  'Your browser did not allow notifications. Turn this on again to be asked once more.';
export const NO_WORKER =
  'The app has not finished loading its offline part yet. Reload the page and try again.';
const READY_WAIT_MS = 10_000;
const SIGN_OUT_WAIT_MS = 3_000;

/** Whether this browser can receive push at all (iOS: only once the app is added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The permission so far: granted, denied, or default (not asked yet). */
export const pushPermission = (): NotificationPermission =>
  pushSupported() ? Notification.permission : 'denied';

/** A refusal with a sentence to show. */
export class PushRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushRefused';
  }
}

function within<T>(work: Promise<T>, ms: number, problem: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(problem()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The service worker, once it is active (it may still be installing on a first visit). */
const ready = () => within(navigator.serviceWorker.ready, READY_WAIT_MS, () => new PushRefused(NO_WORKER));

export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (key: ArrayBuffer | null, publicKey: string): boolean => {
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
};

/** This browser's subscription, without waiting for a worker that may never come. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Asks for permission (when not given yet) and subscribes this browser with the campus's key; a
 * subscription made with another key is replaced. Answers what the server is to keep.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushRefused('This browser cannot receive notifications.');
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') throw new PushRefused(PUSH_BLOCKED);
  if (permission !== 'granted') throw new PushRefused(PUSH_DISMISSED);
  const registration = await ready();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return subscription.toJSON();
}

/** Lets go of this browser's subscription; answers its endpoint, if there was one. */
export async function unsubscribeThisDevice(): Promise<string | undefined> {
  const subscription = await currentSubscription();
  if (!subscription) return undefined;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}

/**
 * At sign-out: this browser stops being one of the person's devices (on the server, while still
 * signed in), and its subscription is let go, so that the next person on a shared phone is not
 * shown the first one's notifications. Never holds the sign-out up for long, nor fails it.
 */
export async function releasePushAtSignOut(): Promise<void> {
  const work = (async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await api('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch(() => undefined);
    await subscription.unsubscribe();
  })();
  await within(work, SIGN_OUT_WAIT_MS, () => new Error('timed out')).catch(() => undefined);
}
