import { afterEach, describe, expect, it } from 'vitest';
import { setPageTitle, setUnreadInTitle } from './document-title';

afterEach(() => setUnreadInTitle(0));

describe('document title', () => {
  it('is the page title, led by the unread count when there is one', () => {
    setPageTitle('Gatepass');
    expect(document.title).toBe('Gatepass · Campus Portal');
    setUnreadInTitle(3);
    expect(document.title).toBe('(3) Gatepass · Campus Portal');
    setPageTitle('Queries');
    expect(document.title).toBe('(3) Queries · Campus Portal');
    setUnreadInTitle(250);
    expect(document.title).toBe('(99+) Queries · Campus Portal');
    setUnreadInTitle(0);
    expect(document.title).toBe('Queries · Campus Portal');
  });
});
