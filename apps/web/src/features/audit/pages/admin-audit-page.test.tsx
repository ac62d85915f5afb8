import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@campus/contract';
import { ADMIN, json, renderScreen, stubApi } from '../../../test/render';
import { AUDIT_PAGE_SIZE } from '../api';
import { AdminAuditPage } from './admin-audit-page';

const entry = (i: number): AuditEntry => ({
  _id: `entry-${i}`,
  at: '2025-03-01T10:00:00.000Z',
  kind: 'signin.failure',
  actorLoginId: 230058,
  actorRole: null,
  actorName: null,
  target: null,
  detail: `HTTP 401 #${i}`,
  client: null,
  count: 1,
});

/** A page of the log as the server answers it: the rows asked for, and the total in the header. */
function logPage(offset: number, limit: number, total: number) {
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
    entry(offset + i),
  );
  const res = json(200, rows);
  res.headers.set('x-total-count', String(total));
  return res;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminAuditPage', { timeout: 20_000 }, () => {
  it('pages the log on the server, saying which entries of how many are shown', async () => {
    const total = AUDIT_PAGE_SIZE + 7;
    const calls = stubApi((call) =>
      logPage(Number(call.search.get('offset')), Number(call.search.get('limit')), total),
    );
    const { user } = renderScreen(<AdminAuditPage />, ADMIN);
    await screen.findByText('HTTP 401 #0');
    const pages = screen.getByRole('navigation', { name: 'Audit Log pages' });
    expect(pages).toHaveTextContent(`1–${AUDIT_PAGE_SIZE} of ${total}`);
    expect(calls.at(-1)?.search.get('limit')).toBe(String(AUDIT_PAGE_SIZE + 1));

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`HTTP 401 #${AUDIT_PAGE_SIZE}`)).toBeInTheDocument();
    expect(pages).toHaveTextContent(`${AUDIT_PAGE_SIZE + 1}–${total} of ${total}`);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.at(-1)?.search.get('offset')).toBe(String(AUDIT_PAGE_SIZE));
  });

  it('shows each entry in a table named for the log', async () => {
    stubApi(() => logPage(0, 1, 1));
    renderScreen(<AdminAuditPage />, ADMIN);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Action', 'Who', 'Target', 'Detail']);
    // The kind reads as words: the API's key (signin.failure) is never shown.
    expect(within(table).getByRole('cell', { name: 'Sign-in refused' })).toBeInTheDocument();
    expect(within(table).queryByText(/signin\./)).toBeNull();
    expect(within(table).getByRole('cell', { name: 'Unknown (230058)' })).toBeInTheDocument();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Audit Log pages' })).not.toBeInTheDocument();
  });

  it('offers to clear the filters that left the log empty', async () => {
    const calls = stubApi((call) => logPage(0, 2, call.search.get('actor') ? 0 : 1));
    const { user } = renderScreen(<AdminAuditPage />, ADMIN);
    await screen.findByText('HTTP 401 #0');
    await user.click(screen.getByRole('textbox', { name: 'User ID' }));
    await user.paste('999');
    expect(await screen.findByText('No audit entries found.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('actor')).toBe('999');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveValue('');
    await waitFor(() => expect(calls.at(-1)?.search.get('actor')).toBeNull(), { timeout: 3000 });
    expect(await screen.findByText('HTTP 401 #0')).toBeInTheDocument();
  });
});
