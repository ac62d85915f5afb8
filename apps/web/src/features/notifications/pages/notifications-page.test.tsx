import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@campus/contract';
import { ADMIN, STUDENT, TEACHER, renderScreen, stubApi } from '../../../test/render';
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
  return stubApi(({ method, path, body }) => {
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
    if (method === 'PUT' && path === '/api/notifications/read') {
      const ids = (body as { ids: string[] }).ids;
      const marked = items.filter((n) => ids.includes(n._id) && !n.read);
      marked.forEach((n) => (n.read = true));
      return { status: 200, body: { count: marked.length } };
    }
    const one = /^\/api\/notifications\/(.+)\/(read|unread)$/.exec(path);
    if (method === 'PUT' && one) {
      const found = items.find((n) => n._id === one[1]);
      if (found) found.read = one[2] === 'read';
      return { status: 200, body: { _id: one[1], read: one[2] === 'read' } };
    }
    return { status: 404, body: { message: 'not found' } };
  });
}

describe('NotificationsPage', { timeout: 15_000 }, () => {
  it('lists newest first with how long ago, marks what it shows read, keeping them New for the visit', async () => {
    const calls = inbox([note(1), note(2, { read: true, text: 'Your query was answered' })]);
    const { user } = renderScreen(<NotificationsPage />, STUDENT);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('New')).toBeVisible();
    expect(within(first!).getByText('1 h ago')).toHaveAttribute('title');
    expect(second).toHaveAccessibleName('Your query was answered');
    expect(within(second!).queryByText('New')).not.toBeInTheDocument();

    // Opening the inbox marked the unread one read, once; it stays New until the next visit.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/api/notifications/read', { ids: [note(1)._id] }],
      ]),
    );
    const shownNew = await within(list).findByRole('listitem', {
      name: 'New: Your gate pass for 2031-02-01 was approved by Dr. Rao',
    });
    expect(within(shownNew).getByText('New')).toBeVisible();

    // Marked unread again, it stays unread: the inbox does not mark it read a second time.
    await user.click(within(shownNew).getByRole('button', { name: 'Mark unread' }));
    const again = await within(list).findByRole('listitem', { name: /^Unread: Your gate pass/ });
    expect(within(again).getByRole('button', { name: 'Mark read' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/notifications/read')).toHaveLength(1);
    await user.click(within(again).getByRole('button', { name: 'Mark read' }));
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith(`${note(1)._id}/read`))).toBe(true);
  });

  it.each([
    [
      STUDENT,
      /^Decisions on your gate passes and leave, answers to your queries, and notices from your mentors/,
    ],
    [
      TEACHER,
      /^Gate pass and leave requests from the students you mentor, and any of them out past their return/,
    ],
    [ADMIN, /^New support messages show here/],
  ])("speaks of the role's own events when the inbox is empty (%#)", async (who, hint) => {
    inbox([]);
    renderScreen(<NotificationsPage />, who);
    expect(await screen.findByText(hint)).toBeVisible();
  });

  it('opens on the page its address names, as a reload gives it', async () => {
    // The last five of 45.
    const calls = inbox(
      Array.from({ length: 5 }, (_, i) => note(i + 1, { read: true })),
      45,
    );
    renderScreen(<NotificationsPage />, STUDENT, { search: '?page=3' });
    const pages = await screen.findByRole('navigation', { name: 'Notification pages' });
    expect(pages).toHaveTextContent('41–45 of 45');
    expect(calls.find((c) => c.path === '/api/notifications')?.search.get('offset')).toBe('40');
  });

  it('marks all read, after which the button is off', async () => {
    // Marked unread again after an earlier visit: opening the inbox marks only what it had not shown.
    const items = [note(1, { read: true }), note(2, { read: true })];
    const calls = inbox(items);
    const { user } = renderScreen(<NotificationsPage />, STUDENT);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Mark unread' }),
    );
    const markAll = screen.getByRole('button', { name: 'Mark all read' });
    await vi.waitFor(() => expect(markAll).toBeEnabled());
    await user.click(markAll);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      `/api/notifications/${note(1)._id}/unread`,
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
