/** The navigation drawer of phone-width screens, loaded the first time the burger is pressed. */
import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { NavGlyph } from './nav-icons';
import type { ShellWords } from '../i18n/shell';
import { isCurrent, type NavItem } from './navigation';

export default function MobileNavigation({
  items,
  profilePath,
  opened,
  onClose,
  words,
}: {
  items: NavItem[];
  profilePath: string;
  /** The drawer's words in the area's language. */
  words?: Pick<ShellWords, 'navigation' | 'mobile' | 'viewProfile'>;
  opened: boolean;
  onClose: () => void;
}) {
  const location = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={words?.navigation ?? 'Navigation'}
      size="xs"
      hiddenFrom="lg"
    >
      <Stack gap={2} component="nav" aria-label={words?.mobile ?? 'Mobile'}>
        {items.map((item) => {
          const current = isCurrent(item, location.pathname);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<NavGlyph icon={item.icon} size={18} />}
              active={current}
              aria-current={current ? 'page' : undefined}
              onClick={onClose}
            />
          );
        })}
        <NavLink
          component={Link}
          to={profilePath}
          label={words?.viewProfile ?? 'View Profile'}
          onClick={onClose}
        />
      </Stack>
    </Drawer>
  );
}
