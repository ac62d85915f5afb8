import { afterEach, describe, expect, it, vi } from 'vitest';
import { newVersionIsUp } from './stale-code';

const page = (entry: string) =>
  new Response(`<!doctype html><script type="module" crossorigin src="${entry}"></script>`, { status: 200 });

describe('a failed load of a screen’s code', () => {
  afterEach(() => document.head.replaceChildren());

  function runs(entry: string) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  }

  it('counts as a new version only when the server’s page names another entry', async () => {
    runs('/assets/index-OLD.js');
    expect(await newVersionIsUp(vi.fn(() => Promise.resolve(page('/assets/index-NEW.js'))))).toBe(true);
    expect(await newVersionIsUp(vi.fn(() => Promise.resolve(page('/assets/index-OLD.js'))))).toBe(false);
  });

  it('is no new version when the page cannot be read (offline, a server error)', async () => {
    runs('/assets/index-OLD.js');
    expect(await newVersionIsUp(vi.fn(() => Promise.reject(new TypeError('offline'))))).toBe(false);
    expect(await newVersionIsUp(vi.fn(() => Promise.resolve(new Response('', { status: 503 }))))).toBe(false);
  });
});
