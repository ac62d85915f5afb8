import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderScreen, STUDENT, stubApi } from '../test/render';
import { RoleLayout } from './role-layout';

afterEach(() => vi.unstubAllGlobals());

const mainLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('RoleLayout navigation', { timeout: 15_000 }, () => {
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

describe('RoleLayout keyboard', { timeout: 15_000 }, () => {
  it('offers "Skip to content" first, which leads to the main region', async () => {
    stubApi(() => ({ status: 404 }));
    const { user } = renderScreen(<RoleLayout session={STUDENT} />, STUDENT, { path: '/student/home' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
  });
});
