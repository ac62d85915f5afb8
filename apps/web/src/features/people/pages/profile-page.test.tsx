import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Decoded, type Student } from '@campus/contract';
import { json, renderScreen, urlOf, type FetchFn } from '../../../test/render';
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
    expect(valueOf("Mother's Name")).toBe(MESSAGES.profile.notAvailable);
    expect(valueOf('Category')).toBe(MESSAGES.profile.notAvailable);
    expect(screen.queryByText(/^Password$/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows 'Error fetching details' with N/A fields when the details cannot be loaded", async () => {
    answer = () => json(500, { message: 'boom' });
    renderScreen(<StudentProfilePage />, STUDENT);
    expect(await screen.findByText(MESSAGES.profile.fetchDetailsFailed)).toBeInTheDocument();
    expect(valueOf('Name')).toBe(MESSAGES.profile.na);
    expect(valueOf('Email')).toBe(MESSAGES.profile.na);
  });
});
