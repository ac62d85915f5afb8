/**
 * The words of a guardian's notices and notification settings (decision record 0093): English comes
 * with the screens' code; Hindi is loaded (locales/hi/guardian-notices.json) when a screen asks in Hindi.
 */
import { useTranslation } from 'react-i18next';
import enGuardianNotices from './locales/en/guardian-notices.json';
import { i18n } from './i18n';

i18n.addResourceBundle('en', 'guardian-notices', enGuardianNotices, true, false);

/** `t` of the guardian notices and settings catalogue. */
export const useGuardianNoticeWords = () => useTranslation('guardian-notices');
