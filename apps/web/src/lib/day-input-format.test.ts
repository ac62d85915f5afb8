import { afterEach, describe, expect, it } from 'vitest';
import { dayInputPattern, formatDayInput, parseDayInput, resetFormats } from './format';

afterEach(() => {
  document.documentElement.lang = '';
  resetFormats();
});

describe('date fields in the campus order', () => {
  it('shows and reads days day first in India, the default campus locale', () => {
    expect(dayInputPattern()).toBe('DD/MM/YYYY');
    expect(formatDayInput('2031-05-02')).toBe('02/05/2031');
    expect(parseDayInput('02/05/2031')).toBe('2031-05-02');
    expect(parseDayInput('2/5/2031')).toBe('2031-05-02');
    expect(parseDayInput(' 02-05-2031 ')).toBe('2031-05-02');
    // An ISO day, as pasted from elsewhere, is read as one.
    expect(parseDayInput('2031-05-02')).toBe('2031-05-02');
  });

  it('refuses what is not a real day', () => {
    for (const text of ['31/02/2031', '02/13/2031', '02/05/31', '2/5', 'tomorrow', '']) {
      expect(parseDayInput(text), text).toBeNull();
    }
  });

  it('follows a campus whose locale puts the month first', () => {
    document.documentElement.lang = 'en-US';
    resetFormats();
    expect(dayInputPattern()).toBe('MM/DD/YYYY');
    expect(formatDayInput('2031-05-02')).toBe('05/02/2031');
    expect(parseDayInput('05/02/2031')).toBe('2031-05-02');
  });
});
