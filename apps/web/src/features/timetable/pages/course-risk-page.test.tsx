import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER, type CourseRiskRow, type Decoded } from '@campus/contract';
import { ADMIN, renderScreen, stubApi, TEACHER, type ApiCall, type Reply } from '../../../test/render';
import { i18n } from '../../../i18n/i18n';
import { RISK_ROWS } from '../test/data';
import { CourseRiskPage } from './course-risk-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

/** A page of rows with the total in its header, as the server answers a list. */
const listed = (rows: CourseRiskRow[]) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'content-type': 'application/json', [TOTAL_COUNT_HEADER]: String(rows.length) },
  });

function setup(user: Decoded = TEACHER, risk: (call: ApiCall) => Reply | Response = () => listed(RISK_ROWS)) {
  const calls = stubApi((call) => {
    if (call.path === '/api/teacher-details/500001')
      return { status: 200, body: { groups: ['CSE-A', 'CSE-B'] } };
    if (call.path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B', 'ECE-A'] };
    if (call.path === '/api/course-risk') return risk(call);
    return { status: 404, body: { message: 'not found' } };
  });
  const view = renderScreen(<CourseRiskPage />, user, { path: '/teacher/course-risk' });
  const riskQueries = () =>
    calls.filter((c) => c.path === '/api/course-risk').map((c) => c.search.toString());
  return { ...view, riskQueries };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('Courses at risk', { timeout: 20_000 }, () => {
  it("lists a teacher's mentees most at risk first, each with the state in words and the forecast", async () => {
    const { riskQueries } = setup();
    const table = await screen.findByRole('table', { name: 'Students by course' });
    const rows = bodyRows(table);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Vikram Iyer 230004');
    expect(rows[0]).toHaveTextContent('Computer Networks (CS303)');
    expect(rows[0]).toHaveTextContent('40%');
    expect(rows[0]).toHaveTextContent('Out of reach');
    expect(rows[0]).toHaveTextContent('75 % in Computer Networks can no longer be reached');
    expect(rows[1]).toHaveTextContent('CSE-B');
    expect(rows[1]).toHaveTextContent('13.5 of 20');
    expect(rows[1]).toHaveTextContent('12 of 14');
    expect(rows[1]).toHaveTextContent('At risk');
    expect(rows[1]).toHaveTextContent(
      'Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %',
    );
    expect(screen.getByText(/3 rows at risk or out of reach/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('All my groups');
    expect(screen.getByRole('switch', { name: 'Only at risk' })).toBeChecked();
    expect(riskQueries()).toEqual(['atRisk=true&limit=51&offset=0']);
  });

  it('writes the forecast in Hindi for a teacher reading Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('teacher');
    try {
      setup();
      const table = await screen.findByRole('table');
      const rows = bodyRows(table);
      expect(rows[0]).toHaveTextContent('Computer Networks में 75 % तक अब नहीं पहुँचा जा सकता');
      expect(rows[1]).not.toHaveTextContent('Attend');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('asks for every course, at risk or not, once "Only at risk" is turned off', async () => {
    const { user, riskQueries } = setup();
    await screen.findByRole('table', { name: 'Students by course' });
    await user.click(screen.getByRole('switch', { name: 'Only at risk' }));
    expect(screen.getByRole('switch', { name: 'Only at risk' })).not.toBeChecked();
    await vi.waitFor(() =>
      expect(riskQueries()).toEqual(['atRisk=true&limit=51&offset=0', 'atRisk=false&limit=51&offset=0']),
    );
  });

  it('asks an admin to choose a group before it asks for any course', async () => {
    const { user, riskQueries } = setup(ADMIN);
    expect(await screen.findByText("Choose a group to see its students' courses.")).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'ECE-A', hidden: true }));
    await screen.findByRole('table', { name: 'Students by course' });
    expect(riskQueries()).toEqual(['group=ECE-A&atRisk=true&limit=51&offset=0']);
  });

  it('orders the rows by name or by percent when their column is chosen', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Students by course' });
    const names = () => bodyRows(table).map((row) => within(row).getByRole('rowheader').textContent);
    await user.click(within(table).getByRole('button', { name: /Student/ }));
    expect(names()).toEqual(['Asha Rao 230001', 'Dev Shah 230002', 'Vikram Iyer 230004']);
    await user.click(within(table).getByRole('button', { name: /Percent/ }));
    expect(names()).toEqual(['Vikram Iyer 230004', 'Dev Shah 230002', 'Asha Rao 230001']);
    expect(within(table).getByRole('columnheader', { name: /Percent/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('says when no student is at risk, and offers every course', async () => {
    const { user, riskQueries } = setup(TEACHER, (call) =>
      listed(call.search.get('atRisk') === 'true' ? [] : RISK_ROWS),
    );
    expect(await screen.findByText('No student is at risk in any course')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show every course' }));
    await screen.findByRole('table', { name: 'Students by course' });
    expect(riskQueries()).toContain('atRisk=false&limit=51&offset=0');
  });

  it("says why the list could not be loaded, in the server's words, and tries again", async () => {
    let refuse = true;
    const { user } = setup(TEACHER, () =>
      refuse ? { status: 403, body: { message: 'You do not mentor ECE-A' } } : listed(RISK_ROWS),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not mentor ECE-A');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Students by course' })).toBeVisible();
  });
});
