/**
 * The service worker's push handlers, called as the browser would: a pushed message becomes a
 * notification with the app's icon, and a tap on it focuses a portal window or opens one at its link.
 */
import { describe, expect, it, vi } from 'vitest';
import { portalPath, PUSH_ICON, readPushed, registerPushHandlers } from './sw-push';

type Listener = (event: unknown) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const worker = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    location: { origin: 'https://portal.test' },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
  };
  registerPushHandlers(worker as unknown as ServiceWorkerGlobalScope);
  /** Dispatches an event to the registered listener; answers what it was told to wait for. */
  const dispatch = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { worker, dispatch };
}

const pushData = (body: unknown) => ({
  json: () => (typeof body === 'string' ? JSON.parse(body) : body) as unknown,
});

const tap = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } });

describe('a pushed message', () => {
  it('is shown with its title, the app icon, its tag and its link', async () => {
    const { worker, dispatch } = fakeWorker();
    await dispatch('push', {
      data: pushData({ title: 'Your gate pass was decided', url: '/student/gatepass?gatepass=1', tag: 't1' }),
    });
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Your gate pass was decided', {
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      tag: 't1',
      data: { url: '/student/gatepass?gatepass=1' },
    });
  });

  it('still shows something when the message is not what the server sends', async () => {
    const { worker, dispatch } = fakeWorker();
    await dispatch('push', { data: pushData('not json {') });
    await dispatch('push', { data: null });
    await dispatch('push', { data: pushData({ title: 42, url: 'https://evil.example/' }) });
    for (const [title, options] of worker.registration.showNotification.mock.calls as unknown as [
      string,
      { data: { url: string } },
    ][]) {
      expect(title).toBe('Campus Portal');
      expect(options.data.url).toBe('/');
    }
    expect(worker.registration.showNotification).toHaveBeenCalledTimes(3);
  });

  it('keeps only paths of the portal as links', () => {
    expect(portalPath('/teacher/gatepass')).toBe('/teacher/gatepass');
    expect(portalPath('//evil.example/x')).toBe('/');
    expect(portalPath('/\\evil.example')).toBe('/');
    expect(portalPath('javascript:alert(1)')).toBe('/');
    expect(readPushed(pushData({ title: 'x'.repeat(500), url: '/a', tag: 'b' })).title).toHaveLength(120);
  });
});

describe('a tap on the notification', () => {
  it('focuses a window already at its link', async () => {
    const at: FakeWindow = { url: 'https://portal.test/student/queries', focus: vi.fn(), navigate: vi.fn() };
    const { worker, dispatch } = fakeWorker([at]);
    const event = tap('/student/queries');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(at.focus).toHaveBeenCalled();
    expect(at.navigate).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes another portal window to the link', async () => {
    const other: FakeWindow = { url: 'https://portal.test/student', focus: vi.fn(), navigate: vi.fn() };
    other.navigate.mockResolvedValue(other);
    const { worker, dispatch } = fakeWorker([other]);
    await dispatch('notificationclick', tap('/student/queries'));
    expect(other.navigate).toHaveBeenCalledWith('https://portal.test/student/queries');
    expect(other.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none is open (or none can be moved)', async () => {
    const stuck: FakeWindow = { url: 'https://portal.test/', focus: vi.fn(), navigate: vi.fn() };
    stuck.navigate.mockRejectedValue(new TypeError('not controlled'));
    const { worker, dispatch } = fakeWorker([stuck]);
    await dispatch('notificationclick', tap('/admin/help'));
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://portal.test/admin/help');
    const empty = fakeWorker();
    await empty.dispatch('notificationclick', tap('https://evil.example/'));
    expect(empty.worker.clients.openWindow).toHaveBeenCalledWith('https://portal.test/');
  });
});
