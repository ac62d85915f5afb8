import { afterEach, vi } from 'vitest';

// A test fails on an unexpected console.error or console.warn.
const fail =
  (kind: string) =>
  (...args: unknown[]) => {
    throw new Error(`Unexpected console.${kind}: ${args.map(String).join(' ')}`);
  };
vi.spyOn(console, 'error').mockImplementation(fail('error'));
vi.spyOn(console, 'warn').mockImplementation(fail('warn'));
afterEach(() => vi.clearAllMocks());
