import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeAgo } from './time-ago';

afterEach(() => vi.useRealTimers());

describe('TimeAgo', () => {
  it('says how long ago, with the exact time on hover and the instant for machines', () => {
    vi.useFakeTimers({ now: new Date('2031-05-02T12:00:00Z'), toFake: ['Date'] });
    render(<TimeAgo iso="2031-05-02T10:00:00Z" />);
    const time = screen.getByText('2 h ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2031-05-02T10:00:00Z');
    expect(time.getAttribute('title')).toMatch(/^2 May 2031, \d{1,2}:00 [ap]m$/);
  });
});
