/** The export's attendance range starts as the last 30 days up to the campus's today, not the device's. */
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderScreen, stubApi } from '../../../test/render';
import { campusTime, deviceAt, TERM } from '../../timetable/test/data';
import { ExportPanel } from './export-panel';

configure({ asyncUtilTimeout: 5000 });

let undoDevice = () => {};
afterEach(() => {
  undoDevice();
  vi.unstubAllGlobals();
});

describe("the export's attendance range", { timeout: 15_000 }, () => {
  it("ends on the campus's today when the device's calendar is already on the next day", async () => {
    // 23:30 on 3 February on the campus in India is 03:00 on 4 February on a device set to Tokyo.
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    stubApi((call) => {
      if (call.path === '/api/timetable-settings') return { status: 200, body: TERM };
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
      return { status: 404, body: { message: 'not found' } };
    });
    renderScreen(<ExportPanel />, ADMIN);
    await vi.waitFor(() => expect(screen.getByLabelText('To')).toHaveValue('03/02/2031'));
    expect(screen.getByLabelText('From')).toHaveValue('05/01/2031');
  });

  it("keeps a day the admin chose when the campus's today arrives", async () => {
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    let answer: (value: Response) => void = () => {};
    stubApi((call) => {
      if (call.path === '/api/timetable-settings') {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return { status: 404, body: { message: 'not found' } };
    });
    renderScreen(<ExportPanel />, ADMIN);
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2031-01-01' } });
    fireEvent.blur(from);
    answer(Response.json(TERM));
    await vi.waitFor(() => expect(screen.getByLabelText('To')).toHaveValue('03/02/2031'));
    expect(from).toHaveValue('01/01/2031');
  });
});
