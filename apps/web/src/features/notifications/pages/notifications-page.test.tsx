import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@campus/contract';
import { STUDENT, renderScreen, stubApi } from '../../../test/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsPage } from './notifications-page';

afterEach(() => vi.unstubAllGlobals());

const note = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'gatepass.decided',
  text: `Your gate pass for 2031-02-0${id} was approved by Dr. Rao`,
  link: '/student/gatepass',
  createdAt: new Date(Date.now() - id * 3_600_000).toISOString(),
  read: false,
  ...overrides,
});

/** A fake server of one inbox: reads, and marks read, as the real one does. */
function inbox(items: Notification[], total = items.length) {
  return stubApi(({ method, path }) => {
    if (path === '/api/notifications/unread-count') {
      return { status: 200, body: { count: items.filter((n) => !n.read).length } };
    }
    if (path === '/api/notifications') {
      return new Response(JSON.stringify(items), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
      });
    }
    if (method === 'PUT' && path === '/api/notifications/read-all') {
      const count = items.filter((n) => !n.read).length;
      items.forEach((n) => (n.read = true));
      return { status: 200, body: { count } };
    }
    const one = /^\/api\/notifications\/(.+)\/read$/.exec(path);
    if (method === 'PUT' && one) {
      const found = items.find((n) => n._id === one[1]);
      if (found) found.read = true;
      return { status: 200, body: { _id: one[1], read: true } };
    }
    return { status: 404, body: { message: 'not found' } };
  });
}

describe('NotificationsPage', { timeout: 15_000 }, () => {
  it('lists notifications newest first with how long ago, unread ones marked New, and marks one read', async () => {
    const calls = inbox([note(1), note(2, { read: true, text: 'Your query was answered' })]);
    const { user } = renderScreen(<NotificationsPage />, STUDENT);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Unread: Your gate pass for 2031-02-01 was approved by Dr. Rao');
    expect(within(first!).getByText('New')).toBeVisible();
    expect(within(first!).getByText('1 h ago')).toHaveAttribute('title');
    expect(second).toHaveAccessibleName('Your query was answered');
    expect(within(second!).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Mark read' }));
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith(`${note(1)._id}/read`))).toBe(true);
    expect(await within(list).findByRole('listitem', { name: /^Your gate pass/ })).toBeVisible();
  });

  it('marks all read, after which the button is off', async () => {
    const calls = inbox([note(1), note(2)]);
    const { user } = renderScreen(<NotificationsPage />, STUDENT);
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await vi.waitFor(() => expect(markAll).toBeEnabled());
    await user.click(markAll);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/api/notifications/read-all',
    ]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
  });

  it('says when there is nothing yet, and pages a long inbox with its total', async () => {
    inbox([]);
    renderScreen(<NotificationsPage />, STUDENT);
    expect(await screen.findByText(/You have no notifications yet/)).toBeVisible();
    vi.unstubAllGlobals();

    const calls = inbox(
      Array.from({ length: 20 }, (_, i) => note(i + 1)),
      45,
    );
    const { user } = renderScreen(<NotificationsPage />, STUDENT);
    const pages = await screen.findByRole('navigation', { name: 'Notification pages' });
    expect(pages).toHaveTextContent('1–20 of 45');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/notifications' && c.search.get('offset') === '20')).toBe(
        true,
      ),
    );
  });
});

describe('NotificationBell', () => {
  it('says how many are unread in its name and leads to the inbox', async () => {
    inbox([note(1), note(2), note(3, { read: true })]);
    renderScreen(<NotificationBell to="/student/notifications" />, STUDENT);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/student/notifications');
  });
});
