/**
 * The movement log writes exits and returns on the campus's clock: with the campus in India and the
 * device elsewhere (the test runner's zone), 04:00 UTC reads 9:30 am. It opens on the campus's today.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GateMovement, GateMovements } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import { formatDayInput, formatTimeOfDay, resetFormats } from '../../../lib/format';
import { renderScreen, stubApi, TEACHER, type Reply } from '../../../test/render';
import { campusTime, DAY, deviceAt, TERM } from '../../timetable/test/data';
import { MovementsPage } from './movements-page';

configure({ asyncUtilTimeout: 5000 });
let undoDevice = () => {};
afterEach(async () => {
  undoDevice();
  undoDevice = () => {};
  await act(() => i18n.changeLanguage('en'));
  resetFormats();
  vi.unstubAllGlobals();
});

const BACK: GateMovement = {
  gatepassId: 'p1',
  name: 'Asha Rao',
  rollNo: 230002,
  group: 'CSE-A',
  date: '2031-03-10',
  time: '09:00',
  reason: 'Dentist appointment',
  gateState: 'returned',
  // 9:30 am and 1:05 pm in India.
  exitedAt: '2031-03-10T04:00:00.000Z',
  exitedBy: 'Ravi Kumar',
  returnedAt: '2031-03-10T07:35:00.000Z',
  returnedBy: 'Ravi Kumar',
};

function setup(settings: Reply, search = '?date=2031-03-10') {
  const calls = stubApi((call) => {
    if (call.path === '/api/gate/movements') {
      const log: GateMovements = { date: '2031-03-10', out: [], overdue: [], day: [BACK] };
      return { status: 200, body: log };
    }
    if (call.path === '/api/timetable-settings') return settings;
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  renderScreen(<MovementsPage />, TEACHER, { path: '/teacher/movements', search });
  return calls;
}

const dayRow = async () => {
  const table = await screen.findByRole('table', { name: /^Exits and returns on/ });
  return within(table).getAllByRole('row')[1]!;
};

describe("the movement log on the campus's clock", { timeout: 20_000 }, () => {
  it("writes a pass's exit and return in the campus's time zone, not the device's", async () => {
    setup({ status: 200, body: { ...TERM, timeZone: 'Asia/Kolkata' } });
    const row = await dayRow();
    expect(await within(row).findByText(/^9:30 am/)).toBeVisible();
    expect(row).toHaveTextContent('1:05 pm');
  });

  it('writes the campus hour in Hindi for a Hindi reader', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('office');
    resetFormats();
    setup({ status: 200, body: { ...TERM, timeZone: 'Asia/Kolkata' } });
    const table = await screen.findByRole('table', { name: /को आना-जाना$/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(await within(row).findByText(/^सुबह 9:30/)).toBeVisible();
    expect(row).toHaveTextContent('दोपहर 1:05');
  });

  it("opens on the campus's today when the device's calendar is already on the next day", async () => {
    // 23:30 on the campus is 03:00 the next day on a device set to Tokyo.
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    const calls = setup({ status: 200, body: { ...TERM, timeZone: 'Asia/Kolkata' } }, '');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/gate/movements')
          .at(-1)
          ?.search.get('date'),
      ).toBe(DAY),
    );
    expect(screen.getByLabelText('Date')).toHaveValue(formatDayInput(DAY));
  });

  it("keeps the device's clock while the campus's zone cannot be read", async () => {
    setup({ status: 500, body: { message: 'down' } });
    const row = await dayRow();
    expect(row).toHaveTextContent(formatTimeOfDay(BACK.exitedAt!));
  });
});
