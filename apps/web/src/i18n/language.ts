/**
 * Choosing a language (decision record 0090): kept in this browser at once, and with the account
 * when someone is signed in, so that the server writes their notifications and mails in it too.
 */
import type { AccountLanguage, Language } from '@campus/contract';
import { api } from '../lib/api-client';
import { getToken } from '../lib/session-store';
import { CHOSEN_KEY, isLanguage, keepLanguage, storedLanguage } from './language-state';
import { loadEngine } from './words';

async function show(language: Language): Promise<void> {
  const { i18n } = await loadEngine();
  await i18n.changeLanguage(language);
}

/** Shows the portal in `language` and keeps it: in this browser, and with the account when signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  const signedIn = getToken() !== null;
  keepLanguage(language, !signedIn);
  await show(language);
  if (signedIn) {
    await api<AccountLanguage>('/api/profile/language', { method: 'PUT', body: { language } });
  }
}

/**
 * After sign-in: a language chosen on the sign-in page goes with the account; otherwise the account's
 * language is shown. A failure keeps the language on screen as it is.
 */
export async function languageAfterSignIn(): Promise<void> {
  try {
    if (localStorage.getItem(CHOSEN_KEY) === '1') {
      await api<AccountLanguage>('/api/profile/language', {
        method: 'PUT',
        body: { language: storedLanguage() },
      });
      localStorage.removeItem(CHOSEN_KEY);
      return;
    }
    const { language } = await api<AccountLanguage>('/api/profile/language');
    if (isLanguage(language) && language !== storedLanguage()) {
      keepLanguage(language);
      await show(language);
    }
  } catch {
    // The language on screen stays; the next sign-in tries again.
  }
}
