/** The teacher's gate pass requests in Hindi (decision record 0090): labels, table, toolbar and dialog. */
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_MESSAGES, MESSAGES } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import enTeacher from '../../../i18n/locales/en/teacher.json';
import '../../../i18n/teacher';
import { TEACHER, renderScreen, stubApi } from '../../../test/render';
import { gatePass } from '../test/data';
import { TeacherGatepassPage } from './teacher-gatepass-page';

configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await act(() => i18n.changeLanguage('hi'));
  await i18n.loadNamespaces('teacher');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
  localStorage.clear();
});

function serve(pending: ReturnType<typeof gatePass>[]) {
  stubApi((call) => {
    if (call.path === '/api/teacher-details/500001') {
      return { status: 200, body: { name: 'Meera Iyer', teacherId: 500001, groups: ['CSE-A'] } };
    }
    const rows = call.path.endsWith('/pending') ? pending : [];
    return new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(rows.length) },
    });
  });
}

describe('the teacher’s gate pass requests in Hindi', { timeout: 20_000 }, () => {
  it('shows the title, tabs, columns, buttons and the reject dialog in Hindi', async () => {
    serve([gatePass({ name: 'Ravi Kumar', rollNo: 230003 })]);
    const { user } = renderScreen(<TeacherGatepassPage />, TEACHER);
    expect(await screen.findByRole('heading', { name: 'गेट पास अनुरोध' })).toBeVisible();
    expect(screen.getByRole('tab', { name: /^स्वीकृत गेट पास/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^अस्वीकृत गेट पास/ })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Ravi Kumar (230003)' });
    expect(screen.getByRole('columnheader', { name: /विद्यार्थी/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /कारण/ })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'चुने गए गेट पास' })).toHaveTextContent('0 चुना गया');
    expect(screen.getByRole('button', { name: 'चुने हुए स्वीकृत करें' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'अस्वीकृत करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar का गेट पास अस्वीकृत करें' });
    expect(within(dialog).getByRole('radio', { name: 'बताया गया कारण पर्याप्त नहीं है' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'गेट पास अस्वीकृत करें' })).toBeInTheDocument();
  });

  it('says there are no gate passes in Hindi', async () => {
    serve([]);
    renderScreen(<TeacherGatepassPage />, TEACHER);
    const shown = await within(screen.getByRole('tabpanel')).findByText('दिखाने के लिए कोई गेट पास नहीं है।');
    expect(shown).toBeVisible();
  });
});

describe('the teacher catalogue in English', () => {
  it('holds the §8 messages the teacher’s screens show, word for word', () => {
    expect(enTeacher.gatepass.none).toBe(MESSAGES.gatePass.none);
    expect(enTeacher.gatepass.updateFailed).toBe(MESSAGES.gatePass.updateFailed);
    expect(enTeacher.gatepass.updateErrorPrefix).toBe(MESSAGES.gatePass.updateErrorPrefix);
    expect(enTeacher.leave.none).toBe(LEAVE_MESSAGES.noRequests);
    expect(enTeacher.queries.none).toBe(MESSAGES.query.none);
    expect(enTeacher.queries.solutionUpdated).toBe(MESSAGES.solution.updated);
    expect(enTeacher.queries.solution).toMatchObject({
      empty: MESSAGES.solution.empty,
      updateFailed: MESSAGES.solution.updateFailed,
      updateError: MESSAGES.solution.updateError,
    });
    expect(enTeacher.notices).toMatchObject({
      created: MESSAGES.notice.created,
      createFailed: MESSAGES.notice.createFailed,
      networkError: MESSAGES.notice.networkError,
    });
    expect(enTeacher.performance.fetchFailed).toBe(MESSAGES.performance.fetchFailed);
    expect(enTeacher.performance.noStudents).toBe(MESSAGES.students.none);
    expect(enTeacher.performance.mentees.emptyGroup).toBe(MESSAGES.attendance.emptyGroup);
    expect(enTeacher.syllabus.added).toBe(MESSAGES.syllabus.added);
    expect(enTeacher.syllabus.addFailed).toBe(MESSAGES.syllabus.addFailed);
    expect(enTeacher.submitting).toBe(MESSAGES.submitting);
  });
});
