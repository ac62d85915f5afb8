import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Decoded } from '@campus/contract';
import { noMediaMatches, screenWidth } from '../test/media';
import { ADMIN, renderScreen, STUDENT, stubApi } from '../test/render';
import { RoleLayout } from './role-layout';

afterEach(() => vi.unstubAllGlobals());

const GUARD: Decoded = {
  role: 'guard',
  name: 'Gate Keeper',
  email: 'gate@campus.test',
  exp: 4_102_444_800,
};

const mainLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('RoleLayout navigation', { timeout: 15_000 }, () => {
  beforeEach(() => screenWidth(1280));
  afterEach(noMediaMatches);

  it('highlights Dashboard on the admin home screen, where sign-in lands', async () => {
    stubApi(() => ({ status: 404 }));
    const { user } = renderScreen(<RoleLayout session={ADMIN} />, ADMIN, { path: '/admin/home' });

    expect(mainLink('Dashboard')).toHaveAttribute('aria-current', 'page');
    expect(mainLink('Dashboard')).toHaveAttribute('data-variant', 'light');
    expect(mainLink('Manage Teachers')).not.toHaveAttribute('aria-current');
    expect(mainLink('Manage Teachers')).toHaveAttribute('data-variant', 'subtle');

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    // The drawer is a chunk of its own, loaded on the first open: slow on a busy machine.
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' }, { timeout: 10_000 });
    expect(within(mobile).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(mobile).getByRole('link', { name: 'Queries' })).not.toHaveAttribute('aria-current');
  });

  it('shows each link with an icon beside the spec’s word, the icon hidden from screen readers', () => {
    stubApi(() => ({ status: 404 }));
    renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/home' });
    for (const name of ['Home', 'Syllabus', 'Attendance', 'Queries', 'Help']) {
      const icon = mainLink(name).querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('highlights the screen being shown, with or without a trailing slash', () => {
    stubApi(() => ({ status: 404 }));
    renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/attendance/' });
    expect(mainLink('Attendance')).toHaveAttribute('aria-current', 'page');
    expect(mainLink('Home')).not.toHaveAttribute('aria-current');
  });
});

describe('RoleLayout on a phone', { timeout: 15_000 }, () => {
  it('keeps the links out of the top bar and in the drawer the burger opens', async () => {
    screenWidth(360);
    try {
      stubApi(() => ({ status: 404 }));
      const { user } = renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/home' });
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Open navigation' }));
      const mobile = await screen.findByRole('navigation', { name: 'Mobile' }, { timeout: 10_000 });
      expect(within(mobile).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    } finally {
      noMediaMatches();
    }
  });
});

describe('RoleLayout keyboard', { timeout: 15_000 }, () => {
  it('offers "Skip to content" first, which leads to the main region', async () => {
    stubApi(() => ({ status: 404 }));
    const { user } = renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/home' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#content');
    // Enter on it moves focus to the main region, the next Tab into the page.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
  });
});

describe('RoleLayout bell', { timeout: 15_000 }, () => {
  it('leads each role with an inbox to it, and gives the gate desk none: guards are sent no notifications', () => {
    stubApi(() => ({ status: 200, body: { count: 0 } }));
    const { unmount } = renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/home' });
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/student/notifications',
    );
    unmount();
    renderScreen(<RoleLayout session={GUARD} />, GUARD, { path: '/guard/desk' });
    // Its name holds what it shows: the full name, and the initials a phone shows instead.
    expect(screen.getByRole('button', { name: 'Profile menu for Gate Keeper (GK)' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });
});

describe('RoleLayout chatbot', { timeout: 15_000 }, () => {
  it('opens the FAQ chat from the top bar of a student’s phone, on every page of the area', async () => {
    screenWidth(360);
    try {
      stubApi(() => ({ status: 200, body: [] }));
      const { user } = renderScreen(<RoleLayout session={STUDENT} />, STUDENT, {
        path: '/student/attendance',
      });
      const toggle = within(screen.getByRole('banner')).getByRole('button', { name: 'Open FAQ chat' });
      await user.click(toggle);
      expect(await screen.findByRole('dialog', { name: 'FAQ chat' })).toBeInTheDocument();
      // The panel is a landmark of its own, not inside the top bar.
      expect(within(screen.getByRole('banner')).queryByRole('dialog')).toBeNull();
      expect(
        within(screen.getByRole('banner')).getByRole('button', { name: 'Close FAQ chat' }),
      ).toHaveAttribute('aria-expanded', 'true');
    } finally {
      noMediaMatches();
    }
  });

  it('is not on the gate desk', () => {
    stubApi(() => ({ status: 200, body: { count: 0 } }));
    renderScreen(<RoleLayout session={GUARD} />, GUARD, { path: '/guard/desk' });
    expect(screen.getByRole('button', { name: /Profile menu/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /FAQ chat/ })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'FAQ chat' })).toBeNull();
  });
});
