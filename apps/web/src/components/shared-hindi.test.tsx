/** The shared parts of every list screen in Hindi (decision record 0090), and in English as before. */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../i18n/words';
import { NetworkError } from '../lib/api-client';
import { whatToDo } from '../lib/failure';
import { formatClock, formatDateTime, formatTimeOfDay, resetFormats } from '../lib/format';
import { renderScreen } from '../test/render';
import { FilterBar } from './filter-bar';
import { LoadFailedState, LoadingState } from './page-states';
import { Pager } from './pager';

async function speak(language: 'en' | 'hi') {
  const { i18n } = await loadEngine();
  await act(() => i18n.changeLanguage(language));
  resetFormats();
}

beforeEach(() => speak('hi'));
afterEach(async () => {
  await speak('en');
  localStorage.clear();
});

describe('the shared parts in Hindi', () => {
  it('names the filter bar and how many filters are set in Hindi', () => {
    renderScreen(
      <FilterBar active={1}>
        <span>CSE-A</span>
      </FilterBar>,
    );
    expect(screen.getByRole('button', { name: 'फ़िल्टर (1 चालू)' })).toBeInTheDocument();
  });

  it('pages a list with Hindi buttons and position', async () => {
    const onChange = vi.fn();
    const { user } = renderScreen(
      <Pager page={1} offset={50} shown={50} total={120} hasMore onChange={onChange} label="गेट पास" />,
    );
    const pager = screen.getByRole('navigation', { name: 'गेट पास के पृष्ठ' });
    expect(pager).toHaveTextContent('120 में से 51–100');
    await user.click(screen.getByRole('button', { name: 'अगला' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole('button', { name: 'पिछला' })).toBeEnabled();
  });

  it('says a list is loading, or failed with a way to try again, in Hindi', async () => {
    const onRetry = vi.fn();
    const { user } = renderScreen(
      <>
        <LoadingState />
        <LoadFailedState title="गेट पास लोड नहीं हो सके।" onRetry={onRetry} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('लोड हो रहा है...');
    await user.click(screen.getByRole('button', { name: 'फिर से कोशिश करें' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says what to do after a failure in Hindi', () => {
    expect(whatToDo(new NetworkError(new Error('down')))).toBe(
      'आप ऑफ़लाइन हैं या सर्वर तक नहीं पहुँचा जा सकता। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
    );
  });

  it('writes times with the part of the day in Hindi, not "am" or "pm"', () => {
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(formatClock('10:00')).toBe('सुबह 10:00');
    expect(formatTimeOfDay('2031-05-02T14:30:00')).toBe('दोपहर 2:30');
    expect(formatDateTime('2031-05-02T21:05:00')).not.toMatch(/am|pm/);
  });
});

describe('the shared parts in English', () => {
  beforeEach(() => speak('en'));

  it('keeps the English words and times as they were', () => {
    renderScreen(
      <>
        <FilterBar active={2}>
          <span>CSE-A</span>
        </FilterBar>
        <Pager page={0} offset={0} shown={50} total={120} hasMore onChange={() => {}} label="Requests" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Requests pages' })).toHaveTextContent('1–50 of 120');
    expect(formatClock('10:00')).toBe('10:00 am');
    expect(formatTimeOfDay('2031-05-02T14:30:00')).toBe('2:30 pm');
  });
});
