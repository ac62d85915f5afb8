import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_MESSAGES,
  GUARDIAN_CODE_ANSWER,
  type GuardianChild,
  type GuardianChildDetail,
} from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import { resetFormats } from '../../../lib/format';
import enGuardian from '../../../i18n/locales/en/guardian.json';
import { renderScreen, stubApi } from '../../../test/render';
import { campusTime, deviceAt, NEXT_DAY, STANDINGS } from '../../timetable/test/data';
import { GuardianChildrenPage, todayText } from './guardian-children-page';
import { GuardianConsentPage } from './guardian-consent-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  resetFormats();
  vi.unstubAllGlobals();
});

const PASS_ID = '0190a1b2-0000-7000-8000-0000000000aa';
const CHILD: GuardianChild = {
  rollNo: 230001,
  name: 'Asha Rao',
  group: 'CSE-A',
  relation: 'Mother',
  today: { state: 'in' },
};
const DETAIL: GuardianChildDetail = {
  ...CHILD,
  attendance: null,
  passes: [
    {
      id: PASS_ID,
      date: '2031-03-10',
      time: '16:00',
      reason: 'Family dinner',
      status: 'pending',
      returnBy: '20:00',
      exitedAt: null,
      returnedAt: null,
      revoked: false,
      consent: 'waiting',
    },
  ],
  leave: [],
  marks: null,
  timeZone: 'Asia/Kolkata',
};

function stubChildren(answer: { status: number; body: unknown }) {
  return stubApi((call) => {
    if (call.method === 'POST') return answer;
    if (call.path === '/api/guardian/children') return { status: 200, body: [CHILD] };
    return { status: 200, body: DETAIL };
  });
}

describe("a child's day, in words", () => {
  it('says where the child is: in school, out since a time, or on leave until a day', () => {
    const t = i18n.getFixedT('en', 'guardian');
    expect(todayText({ state: 'in' }, t)).toBe('In school');
    expect(todayText({ state: 'out', since: '16:40', returnBy: null }, t)).toBe(
      'Out on a gate pass since 4:40 pm',
    );
    expect(todayText({ state: 'out', since: '16:40', returnBy: '18:00' }, t)).toBe(
      'Out on a gate pass since 4:40 pm, back by 6:00 pm',
    );
  });

  it('writes the times of a child out on a pass in Hindi for a Hindi reader', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    resetFormats();
    const t = i18n.getFixedT('hi', 'guardian');
    expect(todayText({ state: 'out', since: '16:40', returnBy: '18:00' }, t)).toBe(
      'शाम 4:40 बजे से गेट पास पर बाहर, शाम 6:00 बजे तक वापसी',
    );
  });

  it("keeps the server's own English words in the catalogue", () => {
    expect(enGuardian.code.answer).toBe(GUARDIAN_CODE_ANSWER);
    expect(enGuardian.link.said).toEqual(CONSENT_MESSAGES);
  });
});

describe('consent on the child screen', { timeout: 20_000 }, () => {
  it('shows a waiting pass with Consent and Decline, and consenting sends it for that pass', async () => {
    const calls = stubChildren({ status: 200, body: { message: CONSENT_MESSAGES.given, consent: 'given' } });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<GuardianChildrenPage />);
    const group = await screen.findByRole('group', { name: /Answer the gate pass of/ });
    expect(screen.getByText('waits for you')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Consent' }));
    expect(await within(group).findByRole('status')).toHaveTextContent(CONSENT_MESSAGES.given);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/guardian/children/230001/gatepasses/${PASS_ID}/consent`);
    expect(post?.body).toEqual({ answer: 'consent' });
    // Answered: the buttons are gone.
    expect(within(group).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('reads in Hindi, and says in Hindi why an answer came too late', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    stubChildren({ status: 409, body: { message: CONSENT_MESSAGES.notWaiting } });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<GuardianChildrenPage />);
    expect(await screen.findByRole('heading', { name: 'मेरे बच्चे' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'मना करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह गेट पास अब अभिभावक की सहमति की प्रतीक्षा में नहीं है।',
    );
  });
});

describe("a child's attendance", () => {
  it('writes each course’s forecast in the guardian’s language, as the server does in English', async () => {
    stubApi((call) =>
      call.path === '/api/guardian/children'
        ? { status: 200, body: [CHILD] }
        : { status: 200, body: { ...DETAIL, attendance: STANDINGS } },
    );
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianChildrenPage />);
    expect(
      await screen.findByText('Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %'),
    ).toBeInTheDocument();
    // The figures the child reads: a Late mark counted half shows as 67.5 %, not rounded to 68 %.
    expect(screen.getByText('67.5%')).toBeInTheDocument();
    expect(screen.getByText('Overall: 74.2% (44.5 of 60 lectures)')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    expect(await screen.findByText('Computer Networks में 75 % तक अब नहीं पहुँचा जा सकता')).toBeInTheDocument();
    expect(screen.queryByText(/^Attend /)).not.toBeInTheDocument();
  });
});

describe('reporting an absence', { timeout: 20_000 }, () => {
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  async function openForm() {
    // 00:30 on 4 February on the campus in India is still 3 February on a device set to New York.
    undoDevice = deviceAt('America/New_York', campusTime('00:30', NEXT_DAY));
    const calls = stubChildren({
      status: 201,
      body: { message: 'The absence was reported. The mentor decides it as a leave application.' },
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<GuardianChildrenPage />);
    const form = await screen.findByRole('form', { name: /Asha/ });
    return { calls, user, form };
  }

  it("starts on the campus's today, shows days as DD/MM/YYYY and sends them as YYYY-MM-DD", async () => {
    const { calls, user, form } = await openForm();
    const from = within(form).getByLabelText(/^From/);
    const until = within(form).getByLabelText(/^Until/);
    await vi.waitFor(() => expect(from).toHaveValue('04/02/2031'));
    expect(until).toHaveValue('04/02/2031');
    await user.clear(until);
    await user.type(until, '06/02/2031');
    await user.type(within(form).getByLabelText(/^Reason/), 'Fever');
    await user.click(within(form).getByRole('button', { name: 'Report Asha absent' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The absence was reported.');
    expect(until).toHaveValue('06/02/2031');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { from: '2031-02-04', to: '2031-02-06', reason: 'Fever' },
    ]);
  });

  it('refuses an Until before From on the field, and sends nothing', async () => {
    const { calls, user, form } = await openForm();
    const until = within(form).getByLabelText(/^Until/);
    await vi.waitFor(() => expect(until).toHaveValue('04/02/2031'));
    await user.clear(until);
    await user.type(until, '02/02/2031');
    await user.type(within(form).getByLabelText(/^Reason/), 'Fever');
    await user.click(within(form).getByRole('button', { name: 'Report Asha absent' }));
    expect(within(form).getByText('Until must not be before From.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('names the days in Hindi, in the same DD/MM/YYYY order', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    const { form } = await openForm();
    await vi.waitFor(() => expect(within(form).getByLabelText(/^से/)).toHaveValue('04/02/2031'));
    expect(within(form).getByLabelText(/^तक/)).toHaveValue('04/02/2031');
    expect(within(form).getByLabelText(/^से/)).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  });
});

describe("a pass's exit and return on the campus's clock", { timeout: 20_000 }, () => {
  // 04:00 and 07:35 UTC: 9:30 am and 1:05 pm in India, whatever the guardian's device says.
  const WENT_AND_CAME_BACK = {
    ...DETAIL.passes[0]!,
    status: 'approved' as const,
    consent: null,
    exitedAt: '2031-03-10T04:00:00.000Z',
    returnedAt: '2031-03-10T07:35:00.000Z',
  };
  const stubPass = () =>
    stubApi((call) =>
      call.path === '/api/guardian/children'
        ? { status: 200, body: [CHILD] }
        : { status: 200, body: { ...DETAIL, passes: [WENT_AND_CAME_BACK] } },
    );

  it("writes the times in the campus's time zone, not the device's", async () => {
    stubPass();
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianChildrenPage />);
    expect(await screen.findByText('Left at 9:30 am · Back at 1:05 pm')).toBeInTheDocument();
  });

  it('writes them in Hindi for a Hindi reader', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    resetFormats();
    stubPass();
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianChildrenPage />);
    expect(await screen.findByText('सुबह 9:30 बजे निकले · दोपहर 1:05 बजे लौटे')).toBeInTheDocument();
  });

  it("writes the pass's planned time as the screen's other times, with no zone moved", async () => {
    stubPass();
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianChildrenPage />);
    expect(await screen.findByText('10 Mar 2031 4:00 pm')).toBeInTheDocument();
    expect(screen.queryByText(/16:00/)).not.toBeInTheDocument();
  });

  it("writes the pass's planned time in Hindi for a Hindi reader", async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('guardian');
    resetFormats();
    stubPass();
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianChildrenPage />);
    expect(await screen.findByText('10 मार्च 2031 शाम 4:00 बजे')).toBeInTheDocument();
    expect(screen.queryByText(/16:00/)).not.toBeInTheDocument();
  });
});

describe('the consent link page', { timeout: 20_000 }, () => {
  const search = `?pass=${PASS_ID}&token=abc.def-signature`;
  const VIEW = {
    childName: 'Asha Rao',
    date: '2031-03-10',
    time: '16:00',
    returnBy: null,
    reason: 'Family dinner',
    consent: 'waiting',
  };

  it('opening it only reads; the button sends the answer once', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? { status: 200, body: { message: CONSENT_MESSAGES.declined, consent: 'declined' } }
        : { status: 200, body: VIEW },
    );
    const { user } = renderScreen(<GuardianConsentPage />, undefined, { path: '/guardian-consent', search });
    expect(await screen.findByText(/Asha Rao asks to leave campus on/)).toBeInTheDocument();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'I decline' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONSENT_MESSAGES.declined);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { pass: PASS_ID, token: 'abc.def-signature', answer: 'decline' },
    ]);
    expect(screen.queryByRole('button', { name: 'I consent' })).not.toBeInTheDocument();
  });

  it('says plainly when the link was used or expired', async () => {
    stubApi(() => ({ status: 410, body: { message: CONSENT_MESSAGES.expired } }));
    renderScreen(<GuardianConsentPage />, undefined, { path: '/guardian-consent', search });
    expect(await screen.findByRole('alert')).toHaveTextContent(CONSENT_MESSAGES.expired);
    expect(screen.queryByRole('button', { name: 'I consent' })).not.toBeInTheDocument();
  });
});
