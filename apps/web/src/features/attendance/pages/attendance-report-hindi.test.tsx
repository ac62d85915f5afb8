/** The attendance report in Hindi (issue 64): its choices, its table and who is below the line. */
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type AttendanceReport, type AttendanceReportRow } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import enOffice from '../../../i18n/locales/en/office.json';
import { resetFormats } from '../../../lib/format';
import { renderScreen, stubApi, TEACHER } from '../../../test/render';
import { AttendanceReportPage } from './attendance-report-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 10, 0));
  await act(() => i18n.changeLanguage('hi'));
  await i18n.loadNamespaces('office');
  resetFormats();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  resetFormats();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(students: AttendanceReportRow[]) {
  stubApi((call) => {
    if (call.path === '/api/teacher-details/500001') return { status: 200, body: { groups: ['CSE-A'] } };
    if (call.path === '/api/attendance-report') {
      const report: AttendanceReport = {
        group: 'CSE-A',
        from: call.search.get('from')!,
        to: call.search.get('to')!,
        warningPercent: 75,
        students,
      };
      return { status: 200, body: report };
    }
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<AttendanceReportPage />, TEACHER, { path: '/teacher/attendance-report' });
}

describe('the attendance report in Hindi', { timeout: 20_000 }, () => {
  it('names the report, its choices, its columns and who is below 75% in Hindi', async () => {
    setup([
      { RollNo: 230002, name: 'Bilal Khan', present: 1, total: 2, percentage: 50, flagged: true },
      { RollNo: 230001, name: 'Asha Rao', present: 2, total: 2, percentage: 100, flagged: false },
      { RollNo: 230003, name: 'Chen Li', present: 0, total: 0, percentage: 0, flagged: false },
    ]);
    const table = await screen.findByRole('table', { name: /CSE-A की उपस्थिति$/ });
    expect(screen.getByRole('heading', { name: 'उपस्थिति रिपोर्ट' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'समूह' })).toBeInTheDocument();
    expect(screen.getByLabelText('तारीख से')).toHaveValue('14/02/2025');
    expect(screen.getByLabelText('तारीख तक')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'जोखिम वाले कोर्स' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV डाउनलोड करें' })).toBeVisible();
    expect(screen.getByText('3 में से 1 विद्यार्थी 75% से कम, सबसे ऊपर दिखाए गए।')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['रोल नं.', 'नाम', 'स्थिति', 'उपस्थिति', 'उपस्थित दिन', 'कुल दिन']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '230002Bilal Khan75% से कम50.00%12',
      '230001Asha Raoठीक100.00%22',
      '230003Chen Liदर्ज नहीं0.00%00',
    ]);
  });

  it('says in Hindi that a group has no students, and keeps the spec’s words in English', async () => {
    setup([]);
    expect(await screen.findByText('इस समूह में कोई विद्यार्थी नहीं है।')).toBeVisible();
    expect(enOffice.report.emptyGroup).toBe(MESSAGES.attendance.emptyGroup);
    expect(enOffice.report.fetchFailed).toBe(MESSAGES.attendance.fetchFailed);
    expect(enOffice.students.none).toBe(MESSAGES.students.none);
  });
});
