/** The navigation drawer of phone-width screens, loaded the first time the burger is pressed. */
import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { NavGlyph } from './nav-icons';
import { isCurrent, type NavItem } from './navigation';

export default function MobileNavigation({
  items,
  profilePath,
  opened,
  onClose,
}: {
  items: NavItem[];
  profilePath: string;
  opened: boolean;
  onClose: () => void;
}) {
  const location = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} title="Navigation" size="xs" hiddenFrom="lg">
      <Stack gap={2} component="nav" aria-label="Mobile">
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
        <NavLink component={Link} to={profilePath} label="View Profile" onClick={onClose} />
      </Stack>
    </Drawer>
  );
}
