import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type SyllabusAddRequest } from '@campus/contract';
import { bodyOf, fill, json, renderScreen, TEACHER, type FetchFn } from '../../../test/render';
import { AddSyllabusForm } from './add-syllabus-form';

let answer: () => Promise<Response>;
const fetchMock = vi.fn<FetchFn>(() => answer());
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => bodyOf(init) as SyllabusAddRequest);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

async function fillIn(user: UserEvent, topics: string) {
  await fill(user, screen.getByLabelText(/Course name/), 'Compilers');
  await fill(user, screen.getByLabelText(/Semester/), '5');
  await fill(user, screen.getByLabelText(/Topics/), topics);
  await user.click(screen.getByRole('button', { name: 'Add Syllabus' }));
}

// Typing through user-event is slow when the machine is busy; these tests wait on the UI, not on time.
describe('Add Syllabus form', { timeout: 20_000 }, () => {
  it('requires every field and at least one topic', async () => {
    answer = () => Promise.resolve(json(201, {}));
    const { user } = renderScreen(<AddSyllabusForm />, TEACHER);
    await user.click(screen.getByRole('button', { name: 'Add Syllabus' }));
    expect(await screen.findByText('Course name is required')).toBeInTheDocument();
    expect(screen.getByText('Semester is required')).toBeInTheDocument();
    expect(screen.getByText('Topics must name at least one topic')).toBeInTheDocument();

    await fillIn(user, ' , ,');
    expect(await screen.findByText('Topics must name at least one topic')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends trimmed topics, empty ones kept, shows 'Submitting...' and then the success message", async () => {
    let resolve!: (response: Response) => void;
    answer = () => new Promise((r) => (resolve = r));
    const { user } = renderScreen(<AddSyllabusForm />, TEACHER);
    await fillIn(user, ' Lexing ,Parsing,, Code generation ');

    expect(await screen.findByRole('button', { name: MESSAGES.submitting })).toBeDisabled();
    expect(sentBodies()).toEqual([
      { courseName: 'Compilers', semester: '5', topics: ['Lexing', 'Parsing', '', 'Code generation'] },
    ]);
    resolve(json(201, { message: MESSAGES.syllabus.added, syllabus: {} }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.syllabus.added);
    expect(screen.getByLabelText(/Course name/)).toHaveValue('');
  });

  it('shows the failure message when the server refuses', async () => {
    answer = () => Promise.resolve(json(500, { message: 'Internal Server Error' }));
    const { user } = renderScreen(<AddSyllabusForm />, TEACHER);
    await fillIn(user, 'Lexing');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.syllabus.addFailed);
    expect(screen.getByLabelText(/Course name/)).toHaveValue('Compilers');
  });
});
