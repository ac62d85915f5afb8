/** What a failed call says when the server sends no message of its own: in the page's language. */
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEngine } from '../i18n/words';
import { api, ApiError } from './api-client';

const failing = (status: number, body = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body, { status }))),
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  const { i18n } = await loadEngine();
  await act(() => i18n.changeLanguage('en'));
});

const errorOf = (path: string) =>
  api(path).then(
    () => undefined,
    (err: unknown) => err,
  );

describe('a failed call without a message from the server', () => {
  it("says 'Request failed' with the status in English", async () => {
    failing(502);
    const err = await errorOf('/api/anything');
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).message).toBe('Request failed (502)');
    expect((err as ApiError).serverMessage).toBeUndefined();
  });

  it('says it in Hindi when the page is in Hindi', async () => {
    const { i18n } = await loadEngine();
    await act(() => i18n.changeLanguage('hi'));
    failing(500);
    const err = await errorOf('/api/anything');
    expect((err as ApiError).status).toBe(500);
    expect((err as ApiError).message).toBe('अनुरोध पूरा नहीं हो सका (500)');
  });

  it("keeps the server's own message, in the words it sent", async () => {
    const { i18n } = await loadEngine();
    await act(() => i18n.changeLanguage('hi'));
    failing(409, JSON.stringify({ message: 'Gate pass already decided' }));
    const err = await errorOf('/api/anything');
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toBe('Gate pass already decided');
  });
});
