/**
 * The role areas' shell (the top bar, the drawer, the profile menu) in the person's language where
 * the area's screens are translated (decision record 0090); in English, and marked `lang` English,
 * in the areas not yet translated, so that a screen reader reads their English as English.
 */
import { useTranslation } from 'react-i18next';
import type { Role } from '@campus/contract';
import { i18n } from './i18n';
import { pageLang } from './language-state';

/** The areas whose screens take their words from the catalogue. */
export const TRANSLATED_AREAS: readonly Role[] = ['student', 'teacher', 'guard', 'guardian'];

export interface ShellWords {
  main: string;
  more: string;
  openNavigation: string;
  home: string;
  profileMenu: (name: string, initials: string) => string;
  viewProfile: string;
  logout: string;
  navigation: string;
  mobile: string;
  /** The `lang` of an area not yet translated; undefined where the page's own applies. */
  lang: string | undefined;
}

export function useShellWords(role: Role): ShellWords {
  const { t: shown } = useTranslation('common', { i18n });
  const translated = TRANSLATED_AREAS.includes(role);
  const t = translated ? shown : i18n.getFixedT('en', 'common');
  return {
    main: t('shell.main'),
    more: t('shell.more'),
    openNavigation: t('shell.openNavigation'),
    home: t('shell.home'),
    profileMenu: (name, initials) => t('shell.profileMenu', { name, initials }),
    viewProfile: t('shell.viewProfile'),
    logout: t('shell.logout'),
    navigation: t('shell.navigation'),
    mobile: t('shell.mobile'),
    lang: translated || i18n.language === 'en' ? undefined : pageLang('en'),
  };
}
