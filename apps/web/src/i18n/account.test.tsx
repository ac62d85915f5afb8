/**
 * The screens every role shares, in Hindi (decision record 0090): one screen of each area, and the
 * English catalogue held to the spec's and the contract's words.
 */
import { screen, within } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_OFF_RESET_MESSAGE,
  FORGOT_PASSWORD_ANSWER,
  MAIL_KIND_LABELS,
  MAIL_MODE_LABELS,
  MESSAGES,
  RESET_LINK_INVALID,
  SSO_REFUSALS,
  type Student,
} from '@campus/contract';
import { STUDENT, renderScreen, stubApi, type Handler } from '../test/render';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { Chatbot } from '../features/faq/components/chatbot';
import { NotificationSettings } from '../features/mail/components/notification-settings';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { NotificationsPage } from '../features/notifications/pages/notifications-page';
import { StudentProfilePage } from '../features/people/pages/profile-page';
import { PushSettings } from '../features/push/components/push-settings';
import { PUSH_BLOCKED } from '../features/push/device';
import { SsoSignIn } from '../features/sso/sso-sign-in';
import { SupportForm } from '../features/support/components/support-form';
import { accountWordsIn } from './account';
import { chooseLanguage } from './language';
import enAccount from './locales/en/account.json';
import enCommon from './locales/en/common.json';

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

const NOT_FOUND = { status: 404, body: { message: 'not found' } };

/** Renders `ui` as the app does, waiting (Suspense) for the Hindi catalogue where it must. */
function inHindi(ui: ReactElement, handler: Handler, signedIn = true, search = '') {
  stubApi(handler);
  return renderScreen(<Suspense fallback={null}>{ui}</Suspense>, signedIn ? STUDENT : undefined, {
    search,
  });
}

describe('in Hindi', () => {
  beforeAll(async () => {
    await chooseLanguage('hi');
    // The Hindi catalogue is here before the first screen asks for it.
    await accountWordsIn('hi');
  });
  afterAll(async () => {
    await chooseLanguage('en');
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the profile, its labels, missing values and account actions (people, auth)', async () => {
    inHindi(<StudentProfilePage />, ({ path }) =>
      path === `/api/student-details/${STUDENT.RollNo}` ? { status: 200, body: DETAILS } : NOT_FOUND,
    );
    expect(await screen.findByRole('heading', { name: 'छात्र प्रोफ़ाइल' })).toBeInTheDocument();
    expect(await screen.findByText('Rakesh Sharma')).toBeInTheDocument();
    expect(screen.getByText('पिता का नाम')).toBeInTheDocument();
    expect(screen.getByText('माता का नाम').nextElementSibling).toHaveTextContent('उपलब्ध नहीं');
    expect(await screen.findByRole('button', { name: 'पासवर्ड बदलें' })).toBeInTheDocument();
    expect(screen.getByLabelText(/मौजूदा पासवर्ड/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
    expect(screen.queryByText('Student Profile')).not.toBeInTheDocument();
  });

  it('shows the inbox and the bell (notifications)', async () => {
    const item = {
      _id: '00000000-0000-4000-8000-000000000001',
      kind: 'gatepass.decided',
      text: '5 दिस॰ 2031 के लिए आपका गेट पास स्वीकृत कर दिया गया है',
      link: '/student/gatepass',
      createdAt: new Date().toISOString(),
      read: false,
    };
    inHindi(
      <>
        <NotificationBell to="/student/notifications" />
        <NotificationsPage />
      </>,
      ({ path }) => {
        if (path === '/api/notifications/unread-count') return { status: 200, body: { count: 1 } };
        if (path === '/api/notifications') return { status: 200, body: [item] };
        return { status: 200, body: { count: 1 } };
      },
    );
    expect(await screen.findByRole('heading', { name: 'सूचनाएँ' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'सूचनाएँ, 1 अपठित' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'सूचनाएँ' });
    expect(within(list).getByText('नई')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'खोलें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'सब पढ़ी हुई करें' })).toBeInTheDocument();
  });

  it('shows the email settings with their kinds and modes (mail)', async () => {
    inHindi(<NotificationSettings />, ({ path }) =>
      path === '/api/mail/settings'
        ? {
            status: 200,
            body: {
              emailEnabled: true,
              address: DETAILS.email,
              kinds: ['gatePassDecided', 'queryAnswered'],
              modes: {},
            },
          }
        : NOT_FOUND,
    );
    expect(await screen.findByRole('heading', { name: 'ईमेल सूचनाएँ' })).toBeInTheDocument();
    expect(screen.getByText('गेट पास या छुट्टी पर निर्णय')).toBeInTheDocument();
    expect(screen.getByText(/aarav@campus\.test पर भेजी जाती हैं/)).toBeInTheDocument();
    expect(screen.getAllByText('दैनिक सारांश').length).toBeGreaterThan(0);
  });

  it('says in Hindi when this browser cannot take notifications (push)', async () => {
    inHindi(<PushSettings />, () => NOT_FOUND);
    expect(await screen.findByRole('heading', { name: 'इस डिवाइस पर सूचनाएँ' })).toBeInTheDocument();
    expect(screen.getByText(/यह ब्राउज़र पोर्टल की सूचनाएँ नहीं दिखा सकता/)).toBeInTheDocument();
  });

  it('labels the support form and its choices, keeping the spec’s values (support)', async () => {
    inHindi(<SupportForm />, () => NOT_FOUND, false);
    const form = await screen.findByRole('form', { name: 'सहायता फ़ॉर्म' });
    const role = within(form).getByLabelText('भूमिका');
    expect(within(role).getByRole('option', { name: 'छात्र' })).toHaveValue('Student');
    expect(within(form).getByRole('button', { name: 'भेजें' })).toBeInTheDocument();
  });

  it('opens the FAQ chat with a Hindi greeting (faq chatbot)', async () => {
    const { user } = inHindi(<Chatbot />, ({ path }) =>
      path === '/api/faq' ? { status: 200, body: [] } : NOT_FOUND,
    );
    await user.click(await screen.findByRole('button', { name: 'FAQ चैट खोलें' }));
    const panel = await screen.findByRole('dialog', { name: 'FAQ चैट' });
    expect(within(panel).getByText('नमस्ते! नीचे से कोई प्रश्न चुनें या अपना प्रश्न लिखें।')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'भेजें' })).toBeInTheDocument();
  });

  it('asks for a reset link and shows the server’s answer in Hindi (auth, mail)', async () => {
    const { user } = inHindi(
      <ForgotPasswordPage />,
      ({ path }) => {
        if (path === '/api/mail/status') return { status: 200, body: { emailEnabled: true } };
        if (path === '/api/forgot-password')
          return { status: 200, body: { message: FORGOT_PASSWORD_ANSWER } };
        return NOT_FOUND;
      },
      false,
    );
    expect(await screen.findByRole('heading', { name: 'पासवर्ड भूल गए' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/यूज़र आईडी/), '230001');
    await user.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^अगर वह यूज़र आईडी/);
  });

  it('says why the university sign-in refused (sso)', async () => {
    inHindi(
      <SsoSignIn from={undefined} />,
      ({ path }) =>
        path === '/api/auth/sso/status'
          ? { status: 200, body: { enabled: true, label: 'Sign in with Example University' } }
          : NOT_FOUND,
      false,
      '?sso=expired',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('विश्वविद्यालय साइन-इन में बहुत देर लगी');
    expect(await screen.findByText('या अपनी यूज़र आईडी और पासवर्ड से')).toBeInTheDocument();
    // The campus names its own button.
    expect(screen.getByRole('link', { name: 'Sign in with Example University' })).toBeInTheDocument();
  });
});

describe('the shared screens’ English', () => {
  it('is the spec’s and the contract’s, word for word', () => {
    expect(enAccount.profile.na).toBe(MESSAGES.profile.na);
    expect(enAccount.profile.notAvailable).toBe(MESSAGES.profile.notAvailable);
    expect(enAccount.profile.fetchDetailsFailed).toBe(MESSAGES.profile.fetchDetailsFailed);
    expect(enAccount.profile.fetchDataFailed).toBe(MESSAGES.profile.fetchDataFailed);
    expect(enAccount.submitting).toBe(MESSAGES.submitting);
    expect(enAccount.support.failed).toBe(MESSAGES.support.failed);
    expect(enAccount.said.supportSent).toBe(MESSAGES.support.sent);
    expect(enAccount.said.forgotAnswer).toBe(FORGOT_PASSWORD_ANSWER);
    expect(enAccount.said.resetInvalid).toBe(RESET_LINK_INVALID);
    expect(enAccount.password.emailOff).toBe(EMAIL_OFF_RESET_MESSAGE);
    expect(enAccount.push.blocked).toBe(PUSH_BLOCKED);
    expect(enAccount.mail.kinds).toEqual(MAIL_KIND_LABELS);
    expect(enAccount.mail.modes).toEqual(MAIL_MODE_LABELS);
    expect(enCommon.sso.refusals).toEqual(SSO_REFUSALS);
  });
});
