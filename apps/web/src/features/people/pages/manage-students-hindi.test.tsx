/** Manage Students in Hindi (issue 64): the directory's search, filter, columns and empty state. */
import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Student } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import { renderScreen, stubApi, TEACHER } from '../../../test/render';
import { ManageStudentsPage } from './manage-students-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(async () => {
  await act(() => i18n.changeLanguage('hi'));
  await i18n.loadNamespaces('office');
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  vi.unstubAllGlobals();
});

const ASHA: Student = {
  _id: 's1',
  RollNo: 230001,
  name: 'Asha Rao',
  FatherName: null,
  MotherName: null,
  Gender: null,
  Dob: null,
  Category: null,
  phoneNo: null,
  email: 'asha@campus.test',
  group: 'CSE-A',
  designation: 'student',
  active: true,
};

function setup(students: Student[]) {
  stubApi((call) => {
    if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
    if (call.path === '/api/manage-students') {
      return new Response(JSON.stringify(students), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(students.length) },
      });
    }
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<ManageStudentsPage />, TEACHER, { path: '/teacher/manage' });
}

describe('Manage Students in Hindi', { timeout: 20_000 }, () => {
  it('names the page, its search, its filter and its columns in Hindi', async () => {
    setup([ASHA]);
    const table = await screen.findByRole('table', { name: 'विद्यार्थी' });
    expect(screen.getByRole('heading', { name: 'विद्यार्थी प्रबंधन' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'विद्यार्थी खोजें' })).toHaveAttribute(
      'placeholder',
      'नाम या रोल नंबर',
    );
    expect(screen.getByRole('combobox', { name: 'समूह' })).toHaveDisplayValue('सभी समूह');
    expect(screen.getByRole('button', { name: 'CSV निर्यात करें' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['रोल नं.', 'नाम', 'समूह', 'ईमेल', 'फ़ोन']);
    expect(within(table).getByText('Asha Rao')).toBeVisible();
  });

  it('says in Hindi that no student was found, and how the list fills', async () => {
    setup([]);
    expect(await screen.findByText('कोई विद्यार्थी नहीं मिला।')).toBeVisible();
    expect(screen.getByText('कैंपस कार्यालय के जोड़ने पर विद्यार्थी यहाँ दिखेंगे।')).toBeVisible();
  });
});
