/** The gate pass form as a student fills it in, and a fake server that knows the student's contact. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Handler } from '../../../test/render';
import { STUDENT_DETAILS } from './data';

/** The student's details for the form's Contact line; every other call goes to `rest`. */
export const withStudentDetails =
  (rest: Handler): Handler =>
  (call) =>
    call.path === '/api/student-details/230002' ? { status: 200, body: STUDENT_DETAILS } : rest(call);

/** Types a date, a time and a reason into the form (not Submit); answers the user who typed them. */
export async function fillGatePassForm({
  date = '2030-05-01',
  time = '14:30',
  reason = 'Dentist appointment',
}: { date?: string; time?: string; reason?: string } = {}) {
  const user = userEvent.setup({ delay: null });
  for (const [label, text] of [
    [/^Date/, date],
    [/^Time/, time],
    [/^Reason/, reason],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
  return user;
}
