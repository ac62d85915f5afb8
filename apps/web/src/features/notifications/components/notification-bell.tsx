/** The bell in the top bar: how many notifications are unread, and the way to the inbox. */
import { ActionIcon, Indicator } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { setUnreadInTitle } from '../../../lib/document-title';
import { useAccountWords } from '../../../i18n/account';
import { useUnreadCount } from '../api';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function NotificationBell({ to }: { to: string }) {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const t = useAccountWords();
  const label = count === 0 ? t('notifications.title') : t('notifications.withUnread', { count });
  useEffect(() => {
    setUnreadInTitle(count);
    return () => setUnreadInTitle(0);
  }, [count]);
  return (
    <Indicator
      // The link's own name says the count; the badge is for the eye.
      label={<span aria-hidden>{count > 99 ? '99+' : count}</span>}
      disabled={count === 0}
      size={18}
      color="red.9"
      offset={4}
    >
      <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={label} title={label}>
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
