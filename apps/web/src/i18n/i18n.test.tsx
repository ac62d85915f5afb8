/** The languages (decision record 0090): the switch, the page's lang, Hindi plurals and dates, the check. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { literalStrings, missingKeys } from '../../../../scripts/check-catalogue.mjs';
import { formatDay } from '../lib/format';
import { i18n } from './i18n';
import { CHOSEN_KEY, LANGUAGE_KEY } from './language-state';
import { LanguageSwitch } from './language-switch';
import { relativeTimeIn } from './relative-time';
import enCommon from './locales/en/common.json';
import enStudent from './locales/en/student.json';
import './student';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  localStorage.clear();
});

describe('the language switch', () => {
  it('shows Hindi, keeps it before sign-in, and sets the page’s lang', async () => {
    render(
      <MantineProvider>
        <LanguageSwitch />
      </MantineProvider>,
    );
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(localStorage.getItem(CHOSEN_KEY)).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-IN');
  });
});

describe('Hindi', () => {
  it('counts by the CLDR plural rules and writes dates in Hindi with the campus form', async () => {
    await act(() => i18n.changeLanguage('hi'));
    await i18n.loadNamespaces('student');
    const now = Date.parse('2026-12-07T12:00:00Z');
    const t = i18n.getFixedT('hi');
    expect(relativeTimeIn(t, '2026-12-07T11:00:00Z', now)).toBe('1 घंटा पहले');
    expect(relativeTimeIn(t, '2026-12-07T09:00:00Z', now)).toBe('3 घंटे पहले');
    expect(relativeTimeIn(t, '2026-12-04T12:00:00Z', now)).toBe('3 दिन पहले');
    expect(formatDay('2026-12-05')).toMatch(/^5 दिस॰? 2026$/);
    expect(t('gatepass.card.status.approved', { ns: 'student' })).toBe('स्वीकृत');
  });

  it('keeps English counts and dates as they were', () => {
    const t = i18n.getFixedT('en');
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(relativeTimeIn(t, '2026-12-07T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTimeIn(t, '2026-12-07T11:58:00Z', now)).toBe('2 min ago');
    expect(formatDay('2026-12-05')).toBe('5 Dec 2026');
  });
});

describe('English stays the spec’s words', () => {
  it('has the §8 messages verbatim', () => {
    expect(enCommon.said.loginFailed).toBe(MESSAGES.login.failed);
    expect(enCommon.said.serverError).toBe(MESSAGES.login.serverError);
    expect(enCommon.states.submitting).toBe(MESSAGES.submitting);
    expect(enCommon.states.notAvailable).toBe(MESSAGES.profile.notAvailable);
    expect(enStudent.gatepass.form.submitted).toBe(MESSAGES.gatePass.submitted);
    expect(enStudent.gatepass.form.submitFailed).toBe(MESSAGES.gatePass.submitFailed);
    expect(enStudent.gatepass.form.networkError).toBe(MESSAGES.gatePass.submitNetworkError);
    expect(enStudent.gatepass.empty).toEqual({
      pending: MESSAGES.gatePass.noApplied,
      approved: MESSAGES.gatePass.noApproved,
      rejected: MESSAGES.gatePass.noRejected,
    });
  });
});

describe('the catalogue check', () => {
  it('finds a key one language lacks, both ways', () => {
    expect(missingKeys({ a: { b: 'B', c: 'C' } }, { a: { b: 'बी' }, d: 'डी' })).toEqual({
      missingInHindi: ['a.c'],
      missingInEnglish: ['d'],
    });
    expect(missingKeys({ a: 'A' }, { a: 'ए' })).toEqual({ missingInHindi: [], missingInEnglish: [] });
  });

  it('finds text and visible props written into a component', () => {
    const found = literalStrings(
      [
        'export const A = () => (',
        '  <div title="Hello" data-x="fine">',
        '    Apply now',
        '    <Input label={"Date"} placeholder={t("x")} aria-label="Search" />',
        "    {'Written in'} · {count}",
        '  </div>',
        ');',
      ].join('\n'),
    );
    expect(found.map((f) => f.text)).toEqual([
      'title="Hello"',
      'Apply now',
      'label="Date"',
      'aria-label="Search"',
      'Written in',
    ]);
  });

  it('passes a component that looks every word up', () => {
    expect(literalStrings('const A = () => <Button aria-label={t("a")}>{t("b")} · {n}</Button>;')).toEqual(
      [],
    );
  });
});
