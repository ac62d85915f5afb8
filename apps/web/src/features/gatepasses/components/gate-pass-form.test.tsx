import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { localIsoDate } from '../../../lib/today';
import { STUDENT, deferred, renderScreen, stubApi, type Reply } from '../../../test/render';
import { useCampusToday } from '../../timetable/campus-now';
import { campusTime, DAY, deviceAt, NEXT_DAY, TERM } from '../../timetable/test/data';
import { gatePass } from '../test/data';
import { fillGatePassForm, withStudentDetails } from '../test/form';
import { GatePassForm } from './gate-pass-form';

afterEach(() => vi.unstubAllGlobals());

/** Fills the form in and presses Submit. */
async function fillAndSubmit(date = '2030-05-01') {
  const user = await fillGatePassForm({ date });
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('GatePassForm', { timeout: 15_000 }, () => {
  it('shows name, roll number, email and contact as text, not as fields to fill', async () => {
    stubApi(withStudentDetails(() => ({ status: 500 })));
    renderScreen(<GatePassForm />, STUDENT);
    const identity = screen.getByRole('region', { name: 'Applying as' });
    expect(within(identity).getByText('Asha Rao')).toBeVisible();
    expect(within(identity).getByText('230002')).toBeVisible();
    expect(within(identity).getByText('asha.rao@campus.test')).toBeVisible();
    expect(await within(identity).findByText('9876543210')).toBeVisible();
    expect(within(identity).queryAllByRole('textbox')).toEqual([]);
    for (const label of ['Name', 'Roll number', 'Email', 'Contact']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    for (const label of [/^Date/, /^Time/, /^Reason/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it('asks for date, time and reason without calling the server', async () => {
    const calls = stubApi(withStudentDetails(() => ({ status: 500 })));
    renderScreen(<GatePassForm />, STUDENT);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Submit' }));
    // The check loads apart from the form (decision record 0056): its answer comes a moment later.
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Time is required')).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a day before today next to the Date field, without calling the server', async () => {
    const calls = stubApi(
      withStudentDetails(() => ({ status: 201, body: { message: 'ok', gatepass: gatePass() } })),
    );
    renderScreen(<GatePassForm />, STUDENT);
    const date = screen.getByLabelText(/^Date/);

    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    await fillAndSubmit(localIsoDate(yesterday));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription('Date cannot be in the past. Choose today or a later day.'),
    );
    expect(date).toBeInvalid();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says the same about yesterday late in the day, when the shared rule refuses it too', async () => {
    // 23:00 in the test's zone: yesterday is then before the earliest date the server accepts.
    const lateEvening = new Date();
    lateEvening.setHours(23, 0, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: lateEvening });
    try {
      const calls = stubApi(
        withStudentDetails(() => ({ status: 201, body: { message: 'ok', gatepass: gatePass() } })),
      );
      renderScreen(<GatePassForm />, STUDENT);
      const yesterday = new Date();
      yesterday.setDate(yesterday.getDate() - 1);
      await fillAndSubmit(localIsoDate(yesterday));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(
          'Date cannot be in the past. Choose today or a later day.',
        ),
      );
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts today', async () => {
    const calls = stubApi(
      withStudentDetails(() => ({ status: 201, body: { message: 'ok', gatepass: gatePass() } })),
    );
    renderScreen(<GatePassForm />, STUDENT);
    await fillAndSubmit(localIsoDate());
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.gatePass.submitted);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ date: localIsoDate() });
  });

  it('shows Submitting... while the request runs, then the success message, and clears the form', async () => {
    const answer = deferred<Reply>();
    const calls = stubApi(withStudentDetails(() => answer.promise));
    renderScreen(<GatePassForm />, STUDENT);
    expect(await screen.findByText('9876543210')).toBeVisible();
    await fillAndSubmit();

    const busy = await screen.findByRole('button', { name: MESSAGES.submitting });
    expect(busy).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/submit-gatepass');
    expect(post?.body).toEqual({
      name: 'Asha Rao',
      rollNo: 230002,
      email: 'asha.rao@campus.test',
      contact: '9876543210',
      date: '2030-05-01',
      time: '14:30',
      reason: 'Dentist appointment',
      approvedStatus: 'pending',
    });

    answer.resolve({ status: 201, body: { message: MESSAGES.gatePass.submitted, gatepass: gatePass() } });
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.gatePass.submitted);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.getByLabelText(/^Date/)).toHaveValue('');
    expect(screen.getByLabelText(/^Time/)).toHaveValue('');
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('');
  });

  it('takes the date day first, as the campus writes it, and sends it as an ISO day', async () => {
    const calls = stubApi(
      withStudentDetails(() => ({ status: 201, body: { message: 'ok', gatepass: gatePass() } })),
    );
    renderScreen(<GatePassForm />, STUDENT);
    expect(screen.getByLabelText(/^Date/)).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await fillAndSubmit('01/05/2030');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ date: '2030-05-01' }),
    );
  });

  it('shows the new pass and its status at once, and leads to the list it joined', async () => {
    const created = gatePass({ date: '2030-05-01', time: '14:30', reason: 'Dentist appointment' });
    stubApi(
      withStudentDetails(() => ({
        status: 201,
        body: { message: MESSAGES.gatePass.submitted, gatepass: created },
      })),
    );
    const onView = vi.fn();
    renderScreen(<GatePassForm onView={onView} />, STUDENT);
    await fillAndSubmit();
    const region = await screen.findByRole('region', { name: 'Your new gate pass' });
    const card = within(region).getByRole('article', { name: 'Gate pass for 1 May 2030 at 2:30 pm' });
    expect(within(card).getByText('pending')).toBeVisible();
    expect(within(card).getByText('Dentist appointment')).toBeVisible();
    await userEvent
      .setup({ delay: null })
      .click(within(region).getByRole('button', { name: 'View in Applied Gate Pass' }));
    expect(onView).toHaveBeenCalledOnce();
  });

  it('says so in a toast that links to the new pass', async () => {
    stubApi(
      withStudentDetails(() => ({
        status: 201,
        body: { message: MESSAGES.gatePass.submitted, gatepass: gatePass() },
      })),
    );
    const onView = vi.fn();
    renderScreen(<GatePassForm onView={onView} />, STUDENT);
    await fillAndSubmit();
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(MESSAGES.gatePass.submitted);
    await userEvent.setup({ delay: null }).click(within(toast).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledOnce();
  });

  it("shows the server's message when the server refuses", async () => {
    stubApi(
      withStudentDetails(() => ({
        status: 400,
        body: { message: 'date must be a date in the form YYYY-MM-DD' },
      })),
    );
    renderScreen(<GatePassForm />, STUDENT);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('date must be a date in the form YYYY-MM-DD');
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Dentist appointment');
  });

  it('falls back to the catalogue message when the server sends none', async () => {
    stubApi(withStudentDetails(() => ({ status: 500 })));
    renderScreen(<GatePassForm />, STUDENT);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.gatePass.submitFailed);
  });

  it('reports a network failure', async () => {
    stubApi(
      withStudentDetails(() => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderScreen(<GatePassForm />, STUDENT);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not submit your gate pass');
    expect(alert).toHaveTextContent(MESSAGES.gatePass.submitNetworkError);
    expect(alert).toHaveTextContent('Check your connection and try again.');
  });
});

/** What the screens read as today, shown beside the form: once it is the campus's, the form's is too. */
function CampusToday() {
  return <p>Campus today: {useCampusToday()}</p>;
}

describe("GatePassForm on the campus's day", { timeout: 15_000 }, () => {
  // 00:30 on the campus in India is still 19:00 the day before on a phone set to UTC.
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  function campusJustAfterMidnight() {
    undoDevice = deviceAt('UTC', campusTime('00:30', NEXT_DAY));
    const calls = stubApi(
      withStudentDetails((call) =>
        call.path === '/api/timetable-settings'
          ? { status: 200, body: TERM }
          : { status: 201, body: { message: 'ok', gatepass: gatePass({ date: NEXT_DAY }) } },
      ),
    );
    renderScreen(
      <>
        <CampusToday />
        <GatePassForm />
      </>,
      STUDENT,
    );
    return calls;
  }

  it("refuses the device's today once the campus's next day has begun, as the server would", async () => {
    const calls = campusJustAfterMidnight();
    expect(await screen.findByText(`Campus today: ${NEXT_DAY}`)).toBeInTheDocument();
    await fillAndSubmit(DAY);
    await waitFor(() =>
      expect(screen.getByLabelText(/^Date/)).toHaveAccessibleDescription(
        'Date cannot be in the past. Choose today or a later day.',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("sends a pass for the campus's today", async () => {
    const calls = campusJustAfterMidnight();
    expect(await screen.findByText(`Campus today: ${NEXT_DAY}`)).toBeInTheDocument();
    await fillAndSubmit(NEXT_DAY);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.gatePass.submitted);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ date: NEXT_DAY });
  });
});
