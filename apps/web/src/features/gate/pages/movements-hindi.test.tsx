/** The gate movements in Hindi (issue 64): the filters, the three lists, a pass's state and the empty lists. */
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GateMovement, GateMovements } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import { resetFormats } from '../../../lib/format';
import { renderScreen, stubApi, TEACHER } from '../../../test/render';
import { MovementsPage } from './movements-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(async () => {
  await act(() => i18n.changeLanguage('hi'));
  await i18n.loadNamespaces('office');
  resetFormats();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  resetFormats();
  vi.unstubAllGlobals();
});

const OUT: GateMovement = {
  gatepassId: 'p1',
  name: 'Asha Rao',
  rollNo: 230002,
  group: 'CSE-A',
  date: '2031-03-10',
  time: '09:00',
  reason: 'Dentist appointment',
  gateState: 'out',
  exitedAt: '2031-03-10T04:00:00.000Z',
  exitedBy: 'Ravi Kumar',
};

function setup(log: Omit<GateMovements, 'date'>) {
  stubApi((call) => {
    if (call.path === '/api/gate/movements') {
      return { status: 200, body: { date: call.search.get('date')!, ...log } };
    }
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<MovementsPage />, TEACHER, { path: '/teacher/movements', search: '?date=2031-03-10' });
}

describe('the gate movements in Hindi', { timeout: 20_000 }, () => {
  it('names the page, its filters, its lists, its columns and a pass’s state in Hindi', async () => {
    setup({ out: [OUT], overdue: [], day: [OUT] });
    expect(await screen.findByRole('heading', { name: 'अभी बाहर (1)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'आवाजाही' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'समय पर नहीं लौटे (0)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /को आना-जाना$/ })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'समूह' })).toHaveAttribute('placeholder', 'सभी समूह');
    expect(screen.getByRole('button', { name: 'CSV निर्यात करें' })).toBeVisible();
    const out = screen.getByRole('table', { name: 'अभी बाहर' });
    expect(
      within(out)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['विद्यार्थी', 'समूह', 'पास', 'बाहर', 'वापसी', 'स्थिति']);
    const row = within(out).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('दिन के अंत तक');
    expect(row).toHaveTextContent('Ravi Kumar द्वारा');
    expect(within(row).getByText('बाहर')).toBeVisible();
  });

  it('says in Hindi that nobody is out and nobody left that day', async () => {
    setup({ out: [], overdue: [], day: [] });
    expect(await screen.findByText('कोई बाहर नहीं है।')).toBeVisible();
    expect(screen.getByText('लौटने का समय निकलने के बाद कोई बाहर नहीं है।')).toBeVisible();
    expect(screen.getByText('इस दिन कोई बाहर नहीं गया।')).toBeVisible();
  });
});
