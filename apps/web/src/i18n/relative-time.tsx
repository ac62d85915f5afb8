/** When something happened ("2 h ago", "2 घंटे पहले"), in the person's language with its plural rules. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { exactTime, mediumDate } from '../lib/dates';
import './i18n';

export function relativeTimeIn(t: TFunction, iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t('time.justNow', { ns: 'common' });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('time.minutesAgo', { ns: 'common', count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('time.hoursAgo', { ns: 'common', count: hours });
  const days = Math.floor(hours / 24);
  if (days === 1) return t('time.yesterday', { ns: 'common' });
  if (days < 7) return t('time.daysAgo', { ns: 'common', count: days });
  return mediumDate(iso);
}

/** components/time-ago.tsx in the person's language. */
export function TimeAgoIn({ iso }: { iso: string }) {
  const { t } = useTranslation();
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTimeIn(t, iso)}
    </time>
  );
}
