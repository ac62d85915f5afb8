import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarksRecord, MarksUpdate, Performance } from '@campus/contract';
import { renderScreen, stubApi, TEACHER } from '../../../test/render';
import { TeacherPerformancePage } from './teacher-performance-page';

const campus: Performance[] = Array.from({ length: 120 }, (_, i) => ({
  RollNo: 230001 + i,
  Name: i === 7 ? 'Zoya Kapoor' : `Student ${String(i + 1).padStart(3, '0')}`,
  '10th %age': 80,
  '12th %age': 75.5,
  'Sem-1 SGPA': 8,
  'Sem-2 SGPA': 8.25,
  'Sem-3 SGPA': 7.5,
  'Sem-4 SGPA': null,
  CGPA: 7.92,
}));

/** Answers like the server: name search (any case), then limit and offset. */
function setup(fail = false) {
  const requested: string[] = [];
  stubApi((call) => {
    requested.push(call.search.size ? `${call.path}?${call.search.toString()}` : call.path);
    if (call.path !== '/api/students-performance') return { status: 404, body: { message: 'no' } };
    if (fail) return { status: 500, body: { message: 'boom' } };
    const search = (call.search.get('search') ?? '').toLowerCase();
    const limit = Number(call.search.get('limit'));
    const offset = Number(call.search.get('offset'));
    const matches = campus.filter((p) => p.Name.toLowerCase().includes(search));
    return new Response(JSON.stringify(matches.slice(offset, offset + limit)), {
      status: 200,
      headers: { 'content-type': 'application/json', 'X-Total-Count': String(matches.length) },
    });
  });
  localStorage.setItem('jwtToken', 'tok');
  const { user } = renderScreen(<TeacherPerformancePage />, TEACHER);
  return { requested, user };
}

// Role queries over 50 rows are slow in jsdom; the rows of the body are enough here.
const bodyRows = () => [...document.querySelectorAll('tbody tr')];

// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('teacher performance table', { timeout: 20_000 }, () => {
  it('shows the columns of §3 and pages 50 students at a time on the server', async () => {
    const { user, requested } = setup();
    expect(screen.getByText('Loading performance...')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'RollNo',
      'Name',
      '10th %age',
      '12th %age',
      'Sem-1 SGPA',
      'Sem-2 SGPA',
      'Sem-3 SGPA',
      'Sem-4 SGPA',
      'CGPA',
    ]);
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0]).toHaveTextContent('230001Student 00180%75.5%8.008.257.50Not Available7.92');
    expect(requested[0]).toBe('/api/students-performance?limit=51&offset=0');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('51–100 of 120');
    expect(bodyRows()[0]).toHaveTextContent('230051');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('101–120 of 120');
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('51–100 of 120');
  });

  it('searches by name on the server and starts again from the first page', async () => {
    const { user, requested } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('51–100 of 120');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zoya');
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    expect(bodyRows()[0]).toHaveTextContent('Zoya Kapoor');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(requested).toContain('/api/students-performance?search=zoya&limit=51&offset=0');
    // Debounced: typing four letters does not send four searches.
    expect(requested.filter((u) => u.includes('search='))).toHaveLength(1);
  });

  it('says No students found. when nothing matches', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nobody');
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
  });

  it('shows the §8 message when the table cannot be fetched', async () => {
    setup(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch performance data.');
  });
});

describe("teacher's mentees", { timeout: 20_000 }, () => {
  const mentee = (rollNo: number, name: string, sem3: number | null): MarksRecord => ({
    RollNo: rollNo,
    Name: name,
    group: 'CSE-A',
    '10th %age': 90,
    '12th %age': 85,
    'Sem-1 SGPA': 8,
    'Sem-2 SGPA': 9,
    'Sem-3 SGPA': sem3,
    'Sem-4 SGPA': null,
    CGPA: 8.5,
    cgpaSource: 'computed',
  });

  /** A fake server holding two mentees of CSE-A; PUT replaces a record as the server does. */
  function setupMentees(refuse?: string, search = '') {
    const records = new Map([
      [230001, mentee(230001, 'Asha Rao', null)],
      [230002, { ...mentee(230002, 'Bilal Khan', null), cgpaSource: null }],
    ]);
    const calls = stubApi((call) => {
      if (call.path === '/api/teacher-details/500001')
        return { status: 200, body: { groups: ['CSE-A', 'CSE-B'] } };
      if (call.path === '/api/marks') {
        const group = call.search.get('group');
        return { status: 200, body: group === 'CSE-A' ? [...records.values()] : [] };
      }
      const one = /^\/api\/marks\/(\d+)$/.exec(call.path);
      if (one && call.method === 'GET') return { status: 200, body: records.get(Number(one[1])) };
      if (one && call.method === 'PUT') {
        if (refuse) return { status: 403, body: { message: refuse } };
        const before = records.get(Number(one[1]))!;
        const body = call.body as MarksUpdate;
        const record = { ...before, ...body };
        records.set(record.RollNo, record);
        return {
          status: 200,
          body: {
            message: 'Marks saved',
            record,
            changes: [{ field: 'Sem-3 SGPA', from: before['Sem-3 SGPA'], to: body['Sem-3 SGPA'] }],
          },
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<TeacherPerformancePage />, TEACHER, { search });
    return { user, calls };
  }

  it('lists the first mentored group with every student, saves a correction and shows it in the table', async () => {
    const { user, calls } = setupMentees();
    await user.click(screen.getByRole('tab', { name: 'My mentees' }));
    const table = await screen.findByRole('table', { name: 'Marks of CSE-A' });
    expect(within(table).getByRole('row', { name: /Asha Rao/ })).toHaveTextContent('8.50 (computed)');
    expect(within(table).getByRole('row', { name: /Bilal Khan/ })).not.toHaveTextContent('(computed)');

    await user.click(screen.getByRole('button', { name: 'Edit marks of Asha Rao (230001)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit marks: Asha Rao (230001)' });
    const sem3 = await within(dialog).findByRole('textbox', { name: /^Sem-3 SGPA/ });
    await user.click(sem3);
    await user.paste('7');
    await user.click(within(dialog).getByRole('button', { name: 'Save marks' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Marks of Asha Rao (230001) saved: Sem-3 SGPA empty → 7.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/marks/230001');
    expect(put.body).toMatchObject({ 'Sem-3 SGPA': 7, cgpaSource: 'computed', CGPA: 8 });
    // The table is read again and shows the new mark.
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Marks of CSE-A' })).getByRole('row', { name: /Asha Rao/ }),
      ).toHaveTextContent('7.00'),
    );
  });

  it("keeps the dialog open with the server's reason when the save is refused", async () => {
    const { user } = setupMentees('You can change the marks of students of the groups you mentor only');
    await user.click(screen.getByRole('tab', { name: 'My mentees' }));
    await user.click(await screen.findByRole('button', { name: 'Edit marks of Bilal Khan (230002)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Save marks' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can change the marks of students of the groups you mentor only',
    );
  });

  it('switches to another mentored group', async () => {
    const { user, calls } = setupMentees();
    await user.click(screen.getByRole('tab', { name: 'My mentees' }));
    await screen.findByRole('table', { name: 'Marks of CSE-A' });
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    // Mantine's dropdown transition never finishes in jsdom: the option stays hidden to queries.
    await user.click(await screen.findByRole('option', { name: 'CSE-B', hidden: true }));
    expect(await screen.findByText('No students in this group.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/marks' && c.search.get('group') === 'CSE-B')).toBe(true);
  });

  it('opens on the mentored group its address names, as a reload or a shared link gives it', async () => {
    const { calls } = setupMentees(undefined, '?tab=mentees&group=CSE-B');
    expect(await screen.findByText('No students in this group.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('CSE-B');
    expect(calls.filter((c) => c.path === '/api/marks').map((c) => c.search.get('group'))).not.toContain(
      'CSE-A',
    );
  });
});
