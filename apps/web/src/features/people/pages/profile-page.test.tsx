import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Decoded, type Student } from '@campus/contract';
import { fill, json, renderScreen, stubApi, urlOf, type FetchFn } from '../../../test/render';
import { StudentProfilePage } from './profile-page';

const STUDENT: Decoded = {
  role: 'student',
  name: 'Aarav Sharma',
  email: 'aarav@campus.test',
  RollNo: 230001,
  exp: 4_102_444_800,
};
const DETAILS: Student = {
  _id: 's1',
  RollNo: 230001,
  name: 'Aarav Sharma',
  FatherName: 'Rakesh Sharma',
  MotherName: null,
  Gender: 'Male',
  Dob: '2004-02-11',
  Category: null,
  phoneNo: '98765 43210',
  email: 'aarav@campus.test',
  group: 'CSE-A',
  designation: 'student',
  active: true,
};

let answer: () => Response;
const fetchMock = vi.fn<FetchFn>((input) =>
  Promise.resolve(urlOf(input).pathname === '/api/student-details/230001' ? answer() : json(404, {})),
);
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

/** The value shown under a field's label. */
const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('student profile', () => {
  it("shows the student's details, 'Not Available' for missing ones, and never a password", async () => {
    answer = () => json(200, DETAILS);
    renderScreen(<StudentProfilePage />, STUDENT);
    expect(await screen.findByText('Rakesh Sharma')).toBeInTheDocument();
    expect(valueOf('Roll No')).toBe('230001');
    expect(valueOf('Group')).toBe('CSE-A');
    expect(valueOf('Date of Birth')).toBe('11 Feb 2004');
    expect(valueOf("Mother's Name")).toBe(MESSAGES.profile.notAvailable);
    expect(valueOf('Category')).toBe(MESSAGES.profile.notAvailable);
    expect(screen.queryByText(/^Password$/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the account actions only once the details are on screen', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementationOnce(async () => {
      await held;
      return json(200, DETAILS);
    });
    renderScreen(<StudentProfilePage />, STUDENT);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Loading/);
    // Their code is ready to render: they still wait for the details.
    await act(() => import('../components/profile-actions'));
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Rakesh Sharma')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  it("shows 'Error fetching details' with N/A fields when the details cannot be loaded", async () => {
    answer = () => json(500, { message: 'boom' });
    renderScreen(<StudentProfilePage />, STUDENT);
    expect(await screen.findByText(MESSAGES.profile.fetchDetailsFailed)).toBeInTheDocument();
    expect(valueOf('Name')).toBe(MESSAGES.profile.na);
    expect(valueOf('Email')).toBe(MESSAGES.profile.na);
  });
});

describe("the student profile in the student's words", () => {
  it("capitalises the designation and says what no email means without naming the server's settings", async () => {
    stubApi(({ path }) => {
      if (path === '/api/student-details/230001') return { status: 200, body: DETAILS };
      if (path === '/api/mail/settings') {
        return {
          status: 200,
          body: {
            emailEnabled: false,
            address: DETAILS.email,
            kinds: ['gatePassDecided', 'queryAnswered', 'notices'],
            modes: {},
          },
        };
      }
      return { status: 404, body: { message: 'not found' } };
    });
    renderScreen(<StudentProfilePage />, STUDENT);
    expect(await screen.findByText('Rakesh Sharma')).toBeInTheDocument();
    // The API keeps the spec's value ('student'); the screen reads it as a word in a record.
    expect(valueOf('Designation')).toBe('Student');

    const email = await screen.findByRole('region', { name: 'Email notifications' });
    expect(within(email).getByRole('status')).toHaveTextContent(
      'Email is not set up on this campus yet; ask the campus office.',
    );
    expect(email).not.toHaveTextContent(/SMTP_URL|MAIL_FROM|PUBLIC_URL/);
    // The decisions kind speaks of leave as well as passes.
    expect(within(email).getByText(/approves or rejects your gate pass or your leave/)).toBeVisible();
  });
});

describe('the outcome of a change on the profile', { timeout: 20_000 }, () => {
  /** The profile behind a fake server that saves contact details and refuses a wrong password. */
  function setup() {
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/api/student-details/230001') return { status: 200, body: DETAILS };
      if (method === 'PUT' && path === '/api/profile/contact') {
        const { phoneNo } = body as { phoneNo: string };
        return {
          status: 200,
          body: {
            message: 'Contact details saved',
            email: DETAILS.email,
            phoneNo,
            changes: [{ field: 'phoneNo', from: DETAILS.phoneNo, to: phoneNo }],
          },
        };
      }
      if (method === 'POST' && path === '/api/change-password') {
        const { currentPassword } = body as { currentPassword: string };
        return currentPassword === 'campus123'
          ? { status: 200, body: { message: 'Password changed. Your other sessions have been signed out.' } }
          : { status: 400, body: { message: 'The current password is not correct' } };
      }
      return { status: 404, body: { message: 'not found' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    return { calls, ...renderScreen(<StudentProfilePage />, STUDENT) };
  }

  it('says in a toast what the saved contact details changed', async () => {
    const { user } = setup();
    const form = await screen.findByRole('form', { name: 'Contact details' });
    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await fill(user, phone, '91234 56789');
    await user.click(within(form).getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Contact details saved: phoneNo 98765 43210 → 91234 56789.',
    );
  });

  it('says a password problem on its field, and a changed password in a toast', async () => {
    const { user, calls } = setup();
    const form = await screen.findByRole('form', { name: 'Change password' });
    const current = within(form).getByLabelText(/^Current password/);
    const next = within(form).getByLabelText(/^New password/);
    await fill(user, current, 'campus123');
    await fill(user, next, 'short');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(next).toBeInvalid();
    expect(next).toHaveAccessibleDescription(
      expect.stringContaining('New password must be at least 8 characters'),
    );
    expect(calls.filter((c) => c.path === '/api/change-password')).toEqual([]);

    await user.clear(current);
    await fill(user, current, 'wrong-one');
    await user.clear(next);
    await fill(user, next, 'a-new-password-42');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(current).toBeInvalid());
    expect(current).toHaveAccessibleDescription('The current password is not correct');
    expect(current).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(current);
    await fill(user, current, 'campus123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password changed. Your other sessions have been signed out.',
    );
    expect(current).toHaveValue('');
  });
});
