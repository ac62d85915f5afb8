/** An area's navigation in the person's language: items with a `labelKey` take it from the catalogue. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../app/navigation';
import './i18n';

export function useNavItems(items: NavItem[]): NavItem[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => items.map((item) => (item.labelKey ? { ...item, label: t(item.labelKey) } : item)),
    // The labels change with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, t, i18n.language],
  );
}
