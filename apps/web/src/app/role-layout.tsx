/**
 * The shell of a role area: top bar with navigation, profile menu, mobile drawer and the chatbot.
 * A fixed header and a padded main instead of Mantine's AppShell, whose navbar, aside and resizing
 * code this shell never uses; the mobile drawer is loaded the first time it is opened.
 */
import './role-layout.css';
import { Burger, Button, Group, Image, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS, ROLE_HOME, type Decoded } from '@campus/contract';
import { LoadingState } from '../components/page-states';
import { useLogout } from '../features/auth/api';
import { Chatbot } from '../features/faq/components/chatbot';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useLiveUpdates } from './live-updates';
import { isCurrent, NAVIGATION, NOTIFICATIONS_PATH, PROFILE_PATH } from './navigation';

const MobileNavigation = lazy(() => import('./mobile-navigation'));

export function RoleLayout({ session }: { session: Decoded }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const items = NAVIGATION[session.role];
  useLiveUpdates();
  const signOut = () =>
    logout.mutate(undefined, { onSettled: () => void navigate(PATHS.signIn, { replace: true }) });

  return (
    <>
      <a className="role-layout-skip" href="#content">
        Skip to content
      </a>
      <header className="role-layout-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={() => {
                setDrawerLoaded(true);
                toggle();
              }}
              hiddenFrom="lg"
              size="sm"
              aria-label="Open navigation"
            />
            <UnstyledButton
              component={Link}
              to={session.role === 'teacher' ? PATHS.signIn : ROLE_HOME[session.role]}
              aria-label="Campus Portal home"
            >
              <Group gap={8} wrap="nowrap">
                <Image src="/logo.svg" alt="" w={32} h={32} />
                <Text
                  fw={700}
                  visibleFrom="sm"
                  className="role-layout-brand"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  Campus Portal
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="lg" wrap="nowrap">
            {items.map((item) => {
              const current = isCurrent(item, location.pathname);
              return (
                <Button
                  key={item.to}
                  component={Link}
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  variant={current ? 'filled' : 'subtle'}
                  size="compact-md"
                  // Tighter than the size's own padding, so that nine items and a long name fit at 1366 px.
                  px={5}
                >
                  {item.label}
                </Button>
              );
            })}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell to={NOTIFICATIONS_PATH[session.role]} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" aria-label={`Profile menu for ${session.name}`}>
                  {session.name}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={PROFILE_PATH[session.role]}>
                  View Profile
                </Menu.Item>
                <Menu.Item color="red.8" onClick={signOut}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </header>
      {drawerLoaded && (
        <Suspense>
          <MobileNavigation
            items={items}
            profilePath={PROFILE_PATH[session.role]}
            opened={opened}
            onClose={close}
          />
        </Suspense>
      )}
      <main className="role-layout-main" id="content" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Chatbot />
      {/* Toasts (a decision's Undo): centred at the bottom, clear of the chatbot's corner. */}
      <Notifications position="bottom-center" containerWidth={480} />
    </>
  );
}
