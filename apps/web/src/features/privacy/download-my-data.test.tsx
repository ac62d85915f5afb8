import { configure, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountWordsIn } from '../../i18n/account';
import { chooseLanguage } from '../../i18n/language';
import { renderScreen, STUDENT, stubApi } from '../../test/render';
import { DownloadMyData } from './download-my-data';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Download my data', () => {
  it('saves the archive under the name the server gives it', async () => {
    const calls = stubApi(
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="data-240101-2030-01-02.zip"',
          },
        }),
    );
    // jsdom has no object URLs: the file handed to the browser is counted instead.
    const created = vi.fn(() => 'blob:archive');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<DownloadMyData />, STUDENT);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved as data-240101-2030-01-02.zip.');
    expect(calls.map((c) => c.path)).toEqual(['/api/profile/export']);
    expect(created).toHaveBeenCalledOnce();
  });

  it('says why when the download fails', async () => {
    stubApi(() => ({ status: 503, body: { message: 'The server is busy; try again in a minute' } }));
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<DownloadMyData />, STUDENT);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy');
  });

  it('speaks Hindi to a Hindi reader, and falls back to its own words when the server gives none', async () => {
    await chooseLanguage('hi');
    await accountWordsIn('hi');
    try {
      stubApi(() => ({ status: 503, body: {} }));
      localStorage.setItem('jwtToken', 'tok');
      const { user } = renderScreen(
        <Suspense fallback={null}>
          <DownloadMyData />
        </Suspense>,
        STUDENT,
      );
      expect(await screen.findByRole('heading', { name: 'आपका डेटा' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'मेरा डेटा डाउनलोड करें' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('डाउनलोड नहीं हो सका। कृपया फिर से कोशिश करें।');
    } finally {
      // Signed out first: the choice stays in the browser, with no call to keep it with an account.
      localStorage.removeItem('jwtToken');
      await chooseLanguage('en');
    }
  });
});
