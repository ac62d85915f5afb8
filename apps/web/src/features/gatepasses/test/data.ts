/** Real-shaped gate passes and student details for the fake server. */
import type { GatePass, Student } from '@campus/contract';

let next = 0;
export function gatePass(overrides: Partial<GatePass> = {}): GatePass {
  next += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: 'Asha Rao',
    rollNo: 230002,
    email: 'asha.rao@campus.test',
    group: 'CSE-A',
    contact: '9876543210',
    date: '2030-05-01',
    time: '14:30',
    reason: `Family visit ${next}`,
    approvedStatus: 'pending',
    createdAt: '2030-04-28T09:00:00.000Z',
    ...overrides,
  };
}

export const STUDENT_DETAILS: Student = {
  _id: '00000000-0000-4000-8000-000000230002',
  RollNo: 230002,
  name: 'Asha Rao',
  FatherName: null,
  MotherName: null,
  Gender: 'Female',
  Dob: '2004-01-01',
  Category: null,
  phoneNo: '9876543210',
  email: 'asha.rao@campus.test',
  group: 'CSE-A',
  designation: 'student',
  active: true,
};
