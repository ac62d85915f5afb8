import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type CreateNoticeRequest, type MentorNotice } from '@campus/contract';
import {
  bodyOf,
  fill,
  json,
  renderScreen,
  stubApi,
  TEACHER,
  urlOf,
  type FetchFn,
} from '../../../test/render';
import { MentorNoticeList } from './notice-list';
import { EventNoticeForm, GeneralNoticeForm, MentorNoticeForm } from './notice-forms';

const NOW = '2030-01-01T09:00:00.000Z';
const mentorNotice = (heading: string): MentorNotice => ({
  _id: `id-${heading}`,
  teacherName: TEACHER.name,
  email: TEACHER.email,
  heading,
  description: `About ${heading}`,
  createdAt: NOW,
});

/** The server's answer to a create request; replaced per test. */
let createAnswer: (body: CreateNoticeRequest) => Promise<Response>;
let mentorNotices: MentorNotice[];
const fetchMock = vi.fn<FetchFn>((input, init) => {
  const url = urlOf(input);
  if (url.pathname === '/api/create-notice') {
    return createAnswer(bodyOf(init) as CreateNoticeRequest);
  }
  if (url.pathname === '/api/get-mentor-notices') return Promise.resolve(json(200, mentorNotices));
  return Promise.resolve(json(404, { message: 'not found' }));
});

const createdBodies = () =>
  fetchMock.mock.calls
    .filter(([input]) => input.startsWith('/api/create-notice'))
    .map(([, init]) => bodyOf(init) as CreateNoticeRequest);

beforeEach(() => {
  mentorNotices = [];
  createAnswer = (body) =>
    Promise.resolve(
      json(201, {
        message: MESSAGES.notice.created,
        type: body.type,
        notice: { _id: 'new', createdAt: NOW },
      }),
    );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

// Typing through user-event is slow when the machine is busy; these tests wait on the UI, not on time.
/** What the forms send when the audience and schedule are left as they are: everyone, at once. */
const EVERYONE_NOW = { audience: 'all', groups: [], startsAt: null, endsAt: null, pinned: false };

describe('notice forms', { timeout: 20_000 }, () => {
  it('checks every field with the contract schema before sending anything', async () => {
    const { user } = renderScreen(<EventNoticeForm />, TEACHER);
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('Event name is required')).toBeInTheDocument();
    for (const message of [
      'Hosted by is required',
      'Contact email is required',
      'Date is required',
      'Time is required',
      'Description is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Event name/)).toHaveFocus();
    expect(screen.getByLabelText(/Contact email/)).toHaveAttribute('type', 'email');

    await fill(user, screen.getByLabelText(/Contact email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Contact email must be a valid email')).toBeInTheDocument();
    expect(createdBodies()).toHaveLength(0);
  });

  it("shows 'Submitting...' while the request runs, then the success message, and clears the form", async () => {
    let answer!: (response: Response) => void;
    createAnswer = () => new Promise((resolve) => (answer = resolve));
    const { user } = renderScreen(<EventNoticeForm />, TEACHER);

    await fill(user, screen.getByLabelText(/Event name/), 'Hackathon');
    await fill(user, screen.getByLabelText(/Hosted by/), 'Coding Club');
    await fill(user, screen.getByLabelText(/Contact email/), 'club@campus.test');
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText(/Time/), { target: { value: '10:30' } });
    await fill(user, screen.getByLabelText(/Description/), 'Bring a laptop.');
    await user.click(screen.getByRole('button', { name: 'Create event' }));

    const pending = await screen.findByRole('button', { name: MESSAGES.submitting });
    expect(pending).toBeDisabled();
    expect(createdBodies()).toEqual([
      {
        type: 'eventNotice',
        data: {
          eventName: 'Hackathon',
          hostBy: 'Coding Club',
          contactEmail: 'club@campus.test',
          date: '2030-05-01',
          time: '10:30',
          description: 'Bring a laptop.',
          ...EVERYONE_NOW,
        },
      },
    ]);

    answer(json(201, { message: MESSAGES.notice.created, type: 'eventNotice', notice: {} }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.notice.created);
    expect(screen.getByRole('button', { name: 'Create event' })).toBeEnabled();
    expect(screen.getByLabelText(/Event name/)).toHaveValue('');
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
  });

  it('shows the server message when the server refuses the notice', async () => {
    createAnswer = () =>
      Promise.resolve(json(400, { message: 'data.heading must be at most 200 characters' }));
    const { user } = renderScreen(<GeneralNoticeForm />, TEACHER);
    await fill(user, screen.getByLabelText(/Heading/), 'Library hours');
    await fill(user, screen.getByLabelText(/Contact email/), 'library@campus.test');
    await fill(user, screen.getByLabelText(/Description/), 'Open until 10 pm.');
    await user.click(screen.getByRole('button', { name: 'Create notice' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('data.heading must be at most 200 characters');
    expect(screen.getByLabelText(/Heading/)).toHaveValue('Library hours');
  });

  it("falls back to 'Error creating notice' without a server message and 'Error submitting notice' offline", async () => {
    createAnswer = () => Promise.resolve(new Response('', { status: 500 }));
    const { user } = renderScreen(<GeneralNoticeForm />, TEACHER);
    await fill(user, screen.getByLabelText(/Heading/), 'Library hours');
    await fill(user, screen.getByLabelText(/Contact email/), 'library@campus.test');
    await fill(user, screen.getByLabelText(/Description/), 'Open until 10 pm.');
    await user.click(screen.getByRole('button', { name: 'Create notice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notice.createFailed);

    createAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create notice' }));
    // Each failure is a toast of its own that stays until dismissed, saying what to do.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent(MESSAGES.notice.networkError);
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('Check your connection and try again.');
  });

  it("makes a mentor notice for the mentor's own groups unless they choose another audience", async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/api/teacher-details/500001') {
        return { status: 200, body: { teacherId: 500001, name: TEACHER.name, groups: ['CSE-A', 'CSE-B'] } };
      }
      if (path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B', 'ECE-A'] };
      if (path === '/api/create-notice') {
        return { status: 201, body: { message: MESSAGES.notice.created, type: 'mentorNotice', notice: {} } };
      }
      return { status: 404, body: { message: 'not found' } };
    });
    const { user } = renderScreen(<MentorNoticeForm />, TEACHER);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Chosen groups' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Everyone' })).not.toBeChecked();

    await fill(user, screen.getByLabelText(/Heading/), 'Lab moved');
    await fill(user, screen.getByLabelText(/Description/), 'To room 12.');
    await user.click(screen.getByRole('button', { name: 'Create mentor notice' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.notice.created);
    const sent = calls
      .filter((c) => c.path === '/api/create-notice')
      .map((c) => c.body as CreateNoticeRequest);
    expect(sent.map((b) => b.data)).toEqual([
      expect.objectContaining({ audience: 'groups', groups: ['CSE-A', 'CSE-B'] }),
    ]);

    // Everyone stays one choice away.
    await user.click(screen.getByRole('radio', { name: 'Everyone' }));
    expect(screen.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  });

  it('sends a mentor notice as the signed-in teacher and shows it in the list without a reload', async () => {
    createAnswer = (body) => {
      const notice = mentorNotice(body.type === 'mentorNotice' ? body.data.heading : '');
      mentorNotices = [notice, ...mentorNotices];
      return Promise.resolve(json(201, { message: MESSAGES.notice.created, type: 'mentorNotice', notice }));
    };
    const { user } = renderScreen(
      <>
        <MentorNoticeForm />
        <MentorNoticeList />
      </>,
      TEACHER,
    );
    expect(await screen.findByText('No mentor notices to display.')).toBeInTheDocument();
    // Who sends it is shown as text: the server takes it from the session.
    const from = screen.getByRole('region', { name: 'From' });
    expect(within(from).getByText(TEACHER.name)).toBeVisible();
    expect(within(from).getByText(TEACHER.email)).toBeVisible();
    expect(screen.queryByLabelText(/Teacher name/)).toBeNull();

    await fill(user, screen.getByLabelText(/Heading/), 'Mid-term review');
    await fill(user, screen.getByLabelText(/Description/), 'Room 204 at 3 pm.');
    await user.click(screen.getByRole('button', { name: 'Create mentor notice' }));

    const card = (await screen.findByRole('heading', { name: 'Mid-term review' })).closest('article')!;
    expect(within(card).getByText('About Mid-term review')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.notice.created)).toBeInTheDocument();
    expect(createdBodies()).toEqual([
      {
        type: 'mentorNotice',
        data: {
          teacherName: TEACHER.name,
          email: TEACHER.email,
          heading: 'Mid-term review',
          description: 'Room 204 at 3 pm.',
          ...EVERYONE_NOW,
        },
      },
    ]);
  });
});
