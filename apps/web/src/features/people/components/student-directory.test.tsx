import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Student } from '@campus/contract';
import { json, renderScreen, TEACHER, urlOf, type FetchFn } from '../../../test/render';
import { TABLE_PAGE_SIZE } from '../api';
import { StudentDirectory } from './student-directory';

const student = (i: number, group: string): Student => ({
  _id: `s${i}`,
  RollNo: 230000 + i,
  name: `Student ${i}`,
  FatherName: null,
  MotherName: null,
  Gender: null,
  Dob: null,
  Category: null,
  phoneNo: i % 2 ? '98765 43210' : null,
  email: `s${i}@campus.test`,
  group,
  designation: 'student',
  active: true,
});
/** 25 students in CSE-A, 2 in CSE-B, none in ECE-A. */
const STUDENTS = [
  ...Array.from({ length: 25 }, (_, i) => student(i + 1, 'CSE-A')),
  student(40, 'CSE-B'),
  student(41, 'CSE-B'),
];

/** Filters and pages like `GET /api/manage-students`. */
const fetchMock = vi.fn<FetchFn>((input) => {
  const url = urlOf(input);
  if (url.pathname === '/api/groups') return Promise.resolve(json(200, ['CSE-A', 'CSE-B', 'ECE-A']));
  const group = url.searchParams.get('group');
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  const rows = STUDENTS.filter((s) => !group || s.group === group);
  const page = json(200, rows.slice(offset, offset + limit));
  page.headers.set('x-total-count', String(rows.length));
  return Promise.resolve(page);
});
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const rollNumbers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const Directory = () => (
  <StudentDirectory
    source="/api/manage-students"
    caption="Students"
    whenEmpty={{ hint: 'Students appear here once the campus office adds them.' }}
  />
);

// Typing through user-event is slow when the machine is busy; these tests wait on the UI, not on time.
describe('student directory', { timeout: 20_000 }, () => {
  it('pages through the students on the server', async () => {
    const { user } = renderScreen(<Directory />, TEACHER);
    expect(screen.getByText('Loading students...')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Students' });
    expect(rollNumbers()).toHaveLength(TABLE_PAGE_SIZE);
    expect(screen.getByText('1–20 of 27')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(rollNumbers()).toEqual(['230021', '230022', '230023', '230024', '230025', '230040', '230041']),
    );
    expect(screen.getByText('21–27 of 27')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("filters by group from the first page and says 'No students found.' for an empty group", async () => {
    const { user } = renderScreen(<Directory />, TEACHER);
    await screen.findByRole('table', { name: 'Students' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('21–27 of 27');

    await screen.findByRole('option', { name: 'CSE-B' });
    await user.selectOptions(screen.getByLabelText('Group'), 'CSE-B');
    await waitFor(() => expect(rollNumbers()).toEqual(['230040', '230041']));
    expect(screen.queryByRole('navigation', { name: 'Student list pages' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Group'), 'ECE-A');
    expect(await screen.findByText(MESSAGES.students.none)).toBeInTheDocument();
    expect(screen.getByText('No student matches this search and these filters.')).toBeInTheDocument();

    // The filter that emptied the list can be cleared from the empty state.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Group')).toHaveValue('');
    expect(await screen.findByText('1–20 of 27')).toBeInTheDocument();
  });

  it('exports what the list shows, with its group and search, through the server in one file', async () => {
    const exported: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<FetchFn>((input, init) => {
        const url = urlOf(input);
        if (url.pathname !== '/api/export/students.csv') return fetchMock(input, init);
        exported.push(url.searchParams);
        return Promise.resolve(
          new Response('RollNo,name\r\n230040,Student 40\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="students-CSE-B-2031-05-02.csv"',
            },
          }),
        );
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:students');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderScreen(<Directory />, TEACHER, { search: '?group=CSE-B&q=Student%204' });
    await screen.findByRole('table', { name: 'Students' });

    await user.click(screen.getByRole('button', { name: 'Export (CSV)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Downloaded students-CSE-B-2031-05-02.csv.');
    expect(exported.map((q) => Object.fromEntries(q))).toEqual([{ group: 'CSE-B', search: 'Student 4' }]);
    expect(saved).toEqual(['students-CSE-B-2031-05-02.csv']);
  });

  it('says what would fill an empty list when no filter emptied it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<FetchFn>(() => Promise.resolve(json(200, []))),
    );
    renderScreen(<Directory />, TEACHER);
    expect(await screen.findByText(MESSAGES.students.none)).toBeInTheDocument();
    expect(screen.getByText('Students appear here once the campus office adds them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
