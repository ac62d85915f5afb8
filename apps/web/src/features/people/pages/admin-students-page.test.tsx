import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarksRecord, Student } from '@campus/contract';
import { ADMIN, renderScreen, stubApi } from '../../../test/render';
import { AdminStudentsPage } from './admin-students-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const STUDENT: Student = {
  _id: 's1',
  RollNo: 230003,
  name: 'Chen Li',
  FatherName: null,
  MotherName: null,
  Gender: null,
  Dob: null,
  Category: null,
  phoneNo: null,
  email: 'chen@campus.test',
  group: 'CSE-B',
  designation: 'student',
  active: true,
};

const NO_MARKS: MarksRecord = {
  RollNo: 230003,
  Name: 'Chen Li',
  group: 'CSE-B',
  '10th %age': null,
  '12th %age': null,
  'Sem-1 SGPA': null,
  'Sem-2 SGPA': null,
  'Sem-3 SGPA': null,
  'Sem-4 SGPA': null,
  CGPA: null,
  cgpaSource: null,
};

describe('admin Manage Students', { timeout: 20_000 }, () => {
  it("enters a student's first marks from the student's row, the CGPA entered by hand", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-B'] };
      if (call.path === '/api/student') return { status: 200, body: [STUDENT] };
      if (call.path === '/api/marks/230003' && call.method === 'GET') return { status: 200, body: NO_MARKS };
      if (call.path === '/api/marks/230003' && call.method === 'PUT') {
        return {
          status: 200,
          body: {
            message: 'Marks saved',
            record: { ...NO_MARKS, '10th %age': 95, CGPA: 9.1, cgpaSource: 'entered' },
            changes: [
              { field: '10th %age', from: null, to: 95 },
              { field: 'CGPA', from: null, to: 9.1 },
              { field: 'cgpaSource', from: null, to: 'entered' },
            ],
          },
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);

    const row = await screen.findByRole('row', { name: /Chen Li/ });
    await user.click(within(row).getByRole('button', { name: 'Edit marks of Chen Li (230003)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit marks: Chen Li (230003)' });
    await user.click(await within(dialog).findByRole('textbox', { name: /^10th %age/ }));
    await user.paste('95');
    await user.click(within(dialog).getByRole('radio', { name: 'Entered' }));
    await user.click(within(dialog).getByRole('textbox', { name: /^CGPA \(entered\)/ }));
    await user.paste('9.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save marks' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Marks of Chen Li (230003) saved: 10th %age empty → 95; CGPA empty → 9.1; CGPA source empty → entered.',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      '10th %age': 95,
      '12th %age': null,
      'Sem-1 SGPA': null,
      'Sem-2 SGPA': null,
      'Sem-3 SGPA': null,
      'Sem-4 SGPA': null,
      cgpaSource: 'entered',
      CGPA: 9.1,
    });
  });
});
