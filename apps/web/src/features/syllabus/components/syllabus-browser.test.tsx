import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START, MESSAGES, type Syllabus } from '@campus/contract';
import { json, renderScreen, TEACHER, urlOf, type FetchFn } from '../../../test/render';
import { SyllabusBrowser } from './syllabus-browser';

const COURSES: Syllabus[] = [
  { _id: '1', courseName: 'Data Structures', semester: '3', topics: ['Arrays', 'Trees', 'Graphs'] },
  { _id: '2', courseName: 'Database Systems', semester: '4', topics: ['SQL', 'Normalisation'] },
  { _id: '3', courseName: 'Operating Systems', semester: '4', topics: ['Processes', '', 'Memory', ''] },
];

/** The server filters by course name, ignoring case, as `GET /api/syllabus?search=` does. */
const fetchMock = vi.fn<FetchFn>((input) => {
  const url = urlOf(input);
  // The full-text search of names and topics, found words between the highlight marks.
  if (url.pathname === '/api/syllabus/search') {
    const word = (url.searchParams.get('q') ?? '').toLowerCase();
    const mark = (text: string) =>
      text.replace(new RegExp(word, 'ig'), (found) => `${HIGHLIGHT_START}${found}${HIGHLIGHT_END}`);
    return Promise.resolve(
      json(
        200,
        COURSES.filter((c) => c.topics.some((t) => t.toLowerCase().includes(word))).map((c) => ({
          _id: c._id,
          course: `${c.courseName} ${c.semester}`,
          topics: mark(c.topics.filter(Boolean).join(', ')),
        })),
      ),
    );
  }
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  return Promise.resolve(
    json(
      200,
      COURSES.filter((c) => c.courseName.toLowerCase().includes(search)),
    ),
  );
});
const searches = () => fetchMock.mock.calls.map(([input]) => urlOf(input).searchParams.get('search'));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const courseNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

// Typing through user-event is slow when the machine is busy; these tests wait on the UI, not on time.
describe('syllabus search', { timeout: 20_000 }, () => {
  it('shows every course with its semester and topics', async () => {
    renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER);
    expect(screen.getByRole('status')).toHaveTextContent('Loading syllabus...');
    await screen.findByRole('heading', { name: 'Data Structures' });
    expect(courseNames()).toEqual(['Data Structures', 'Database Systems', 'Operating Systems']);

    const card = screen.getByRole('heading', { name: 'Data Structures' }).closest('article')!;
    expect(within(card).getByText('Semester: 3')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Arrays', 'Trees', 'Graphs']);
  });

  it('leaves the empty topics a teacher typed out of the list', async () => {
    renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER);
    const heading = await screen.findByRole('heading', { name: 'Operating Systems' });
    const items = within(heading.closest('article')!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Processes', 'Memory']);
  });

  it('filters the cards by course name once the user stops typing', async () => {
    const { user } = renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER);
    await screen.findByRole('heading', { name: 'Data Structures' });

    await user.type(screen.getByPlaceholderText('Search by course name...'), 'data');
    await waitFor(() => expect(courseNames()).toEqual(['Data Structures', 'Database Systems']));
    expect(searches().at(-1)).toBe('data');

    await user.clear(screen.getByLabelText('Search courses'));
    await user.type(screen.getByLabelText('Search courses'), 'OPERATING');
    await waitFor(() => expect(courseNames()).toEqual(['Operating Systems']));
  });

  it('opens on the search its address names, as a reload or a shared link gives it', async () => {
    renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER, { search: '?q=data' });
    expect(screen.getByLabelText('Search courses')).toHaveValue('data');
    await waitFor(() => expect(courseNames()).toEqual(['Data Structures', 'Database Systems']));
    expect(searches()).toEqual(['data']);
  });

  it('says so when no course matches', async () => {
    const { user } = renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER);
    await screen.findByRole('heading', { name: 'Data Structures' });
    await user.type(screen.getByLabelText('Search courses'), 'astrophysics');

    expect(await screen.findByText(MESSAGES.syllabus.noMatch)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText('Search courses')).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Data Structures' })).toBeVisible();
  });

  it('shows the courses whose topics hold the words when no course is named so, the words marked', async () => {
    const { user } = renderScreen(<SyllabusBrowser headingOrder={2} />, TEACHER);
    await screen.findByRole('heading', { name: 'Data Structures' });
    await user.type(screen.getByLabelText('Search courses'), 'trees');

    expect(await screen.findByText(MESSAGES.syllabus.noMatch)).toBeInTheDocument();
    const topics = await screen.findByRole('region', { name: 'Found in course topics' });
    expect(within(topics).getByText('Data Structures 3')).toBeVisible();
    const marked = within(topics).getByText('Trees');
    expect(marked.tagName).toBe('MARK');
  });
});
