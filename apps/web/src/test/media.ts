/** `window.matchMedia` for jsdom, which lacks it: each query answers as `matches` says. */
import { vi } from 'vitest';

export function setMatchMedia(matches: (query: string) => boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

/** Media queries answered as a screen `px` wide would: a min-width in em is compared, nothing else matches. */
export function screenWidth(px: number): void {
  setMatchMedia((query) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return min ? px >= Number(min[1]) * 16 : false;
  });
}

/** The default of the test set-up: no media query matches. */
export const noMediaMatches = (): void => setMatchMedia(() => false);
