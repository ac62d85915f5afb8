/** The student's home and courses in Hindi (decision record 0090), and their English kept as before. */
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_STUDENT, MESSAGES, forecast, type MentorNotice } from '@campus/contract';
import { i18n } from '../../i18n/i18n';
import enStudent from '../../i18n/locales/en/student.json';
import '../../i18n/forecast';
import '../../i18n/student';
import { renderScreen, stubApi, STUDENT } from '../../test/render';
import { StudentHomePage } from '../notices/pages/student-home-page';
import { StudentCoursesPage } from './pages/student-courses-page';
import { forecastWords } from './standing-words';
import { campusTime, MONDAY, STANDINGS, TERM } from './test/data';

configure({ asyncUtilTimeout: 5000 });

const NOTICE: MentorNotice = {
  _id: 'n1',
  teacherName: 'Meera Iyer',
  email: 'meera.iyer@campus.test',
  heading: 'Lab records',
  description: 'Bring your lab records on Friday.',
  createdAt: '2031-02-03T02:30:00.000Z',
};

/** A campus on Monday at 10:30 with the sample day, standings and one mentor notice. */
function campus() {
  vi.setSystemTime(campusTime('10:30'));
  return stubApi(({ path }) => {
    if (path === '/api/timetable/day') return { status: 200, body: MONDAY };
    if (path === '/api/timetable-settings') return { status: 200, body: TERM };
    if (path === `/api/attendance-courses/${STUDENT.RollNo}`) return { status: 200, body: STANDINGS };
    if (path === '/api/get-mentor-notices') return { status: 200, body: [NOTICE] };
    return { status: 200, body: [] };
  });
}

async function inHindi() {
  await act(() => i18n.changeLanguage('hi'));
  await act(() => i18n.loadNamespaces('student'));
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the student’s home in Hindi', { timeout: 15_000 }, () => {
  it('shows the tabs, today’s lectures, where the student stands with the forecast, and a notice', async () => {
    campus();
    await inHindi();
    renderScreen(<StudentHomePage />, STUDENT);
    expect(await screen.findByRole('heading', { level: 1, name: 'होम' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'मेंटर की सूचनाएँ' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'सूचनाएँ खोजें' })).toBeVisible();

    const today = screen.getByRole('region', { name: 'आज' });
    expect(await within(today).findByText('कमरा LH-101 · Ravi Kumar')).toBeVisible();
    expect(within(today).getByText('अभी')).toBeVisible();
    expect(within(today).getByText(/^3 फ़र॰? 2031$/)).toBeVisible();

    const stand = screen.getByRole('region', { name: 'आपकी स्थिति' });
    const items = await within(stand).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Computer Networks में 75 % तक अब नहीं पहुँचा जा सकता');
    expect(items[0]).toHaveTextContent('पहुँच से बाहर');
    expect(items[1]).toHaveTextContent('20 में से 13.5 लेक्चरों में उपस्थित · ज़रूरी 75%');
    expect(items[1]).toHaveTextContent(
      '75 % पर बने रहने के लिए Operating Systems के बाकी 14 लेक्चरों में से 12 में उपस्थित रहें',
    );
    expect(within(stand).getByRole('link', { name: 'कोर्स के अनुसार उपस्थिति' })).toBeVisible();

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Meera Iyer द्वारा');
    expect(card).toHaveTextContent('2 घंटे पहले पोस्ट की गई');
  });
});

describe('Attendance by course in Hindi', { timeout: 15_000 }, () => {
  it('writes the table, the states, the forecast from the figures and the rule in Hindi', async () => {
    campus();
    await inHindi();
    renderScreen(<StudentCoursesPage />, STUDENT);
    const table = await screen.findByRole('table', { name: 'कोर्स के अनुसार उपस्थिति' });
    expect(within(table).getByRole('columnheader', { name: 'अनुमान' })).toBeVisible();
    const row = within(table).getByRole('row', { name: /Operating Systems \(CS302\)/ });
    expect(row).toHaveTextContent('20 में से 13.5');
    expect(row).toHaveTextContent('खतरे में');
    expect(row).toHaveTextContent('बाकी 14 लेक्चरों में से 12 में उपस्थित रहें');
    expect(screen.getByRole('region', { name: 'कुल' })).toHaveTextContent('कुल74.2%60 में से 44.5 लेक्चरों में उपस्थित');
    expect(await screen.findByText(/आधे उपस्थित लेक्चर के रूप में/)).toBeVisible();
  });
});

describe('the student’s English stays as it was', () => {
  const t = i18n.getFixedT('en', 'forecast');

  it('says the forecast as the contract writes it, in each of its forms', () => {
    for (const [held, attended, remaining] of [
      [20, 18, 14],
      [20, 18, 1],
      [20, 13.5, 14],
      [20, 14, 1],
      [20, 8, 10],
      [20, 18, 0],
    ] as const) {
      const f = forecast('DBMS', held, attended, remaining, 75);
      const figures = { courseName: 'DBMS', minPercent: 75, remaining, ...f, forecast: f.text };
      // The Hindi path read in English: the catalogue's English is the contract's sentence.
      expect(forecastWords(t, figures, 'catalogue')).toBe(f.text);
    }
  });

  it('keeps the spec’s messages verbatim', () => {
    expect(enStudent.attendance.fetchFailed).toBe(MESSAGES.attendance.fetchFailed);
    expect(enStudent.attendance.noRecords).toBe(MESSAGES.attendance.noRecords);
    expect(enStudent.performance.fetchFailed).toBe(MESSAGES.performance.fetchFailed);
    expect(enStudent.queries.noUnsolved).toBe(MESSAGES.query.noUnsolved);
    expect(enStudent.queries.noneForFilter).toBe(MESSAGES.query.noneForFilter);
    expect(enStudent.queries.noSolved).toBe(MESSAGES.query.noSolved);
    expect(enStudent.queries.write.submitFailed).toBe(MESSAGES.query.submitFailed);
    expect(enStudent.shared.syllabus.noMatch).toBe(MESSAGES.syllabus.noMatch);
    expect(enStudent.shared.queries.anonymousStudent).toBe(ANONYMOUS_STUDENT);
  });
});
