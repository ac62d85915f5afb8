/**
 * The shell of a role area: top bar with navigation, the chatbot's button (not on the gate desk),
 * profile menu and mobile drawer.
 * A fixed header and a padded main instead of Mantine's AppShell, whose navbar, aside and resizing
 * code this shell never uses; the mobile drawer is loaded the first time it is opened.
 */
import './role-layout.css';
import { Burger, Button, Group, Image, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PATHS, ROLE_HOME, type Decoded } from '@campus/contract';
import { LoadingState } from '../components/page-states';
import { CONTENT_ID, SkipLink } from '../components/skip-link';
import { useLogout } from '../features/auth/api';
import { Chatbot } from '../features/faq/components/chatbot';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useNavItems } from '../i18n/navigation';
import { useShellWords } from '../i18n/shell';
import { useLiveUpdates } from './live-updates';
import { NavGlyph } from './nav-icons';
import { useSelectedTabsInView } from './selected-tabs-in-view';
import { isCurrent, NAVIGATION, NOTIFICATIONS_PATH, PROFILE_PATH, type NavItem } from './navigation';

const MobileNavigation = lazy(() => import('./mobile-navigation'));

/** "Campus Administrator" → "CA": the profile button's face where the name does not fit. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words.length > 1 ? words[0]![0]! + words[words.length - 1]![0]! : (words[0] ?? '?').slice(0, 2)
  ).toUpperCase();
}

const NAV_GAP = 2;
/** Where the links show in the bar (role-layout.css); narrower screens reach them by the burger. */
const NAV_SHOWN = '(min-width: 75em)';

interface NavLayout {
  hidden: ReadonlySet<string>;
  icons: boolean;
}

const sameLayout = (a: NavLayout, b: NavLayout) =>
  a.icons === b.icons && a.hidden.size === b.hidden.size && [...a.hidden].every((to) => b.hidden.has(to));

/**
 * The top bar's links. Every item that fits is shown, with its icon while there is room for the
 * icons; then without icons; and only then do the rest move under "More" rather than push the
 * profile menu out of sight, so nothing in the bar is ever cut, whatever the width and however many
 * items a role has. Hidden copies of the row (with and without icons) measure the items at the bar's
 * own font.
 */
function TopNavigation({
  items,
  pathname,
  main = 'Main',
  more = 'More',
}: {
  items: NavItem[];
  pathname: string;
  /** The nav's name and the overflow menu's label, in the area's language. */
  main?: string;
  more?: string;
}) {
  const navRef = useRef<HTMLDivElement>(null);
  const withIconsRef = useRef<HTMLDivElement>(null);
  const plainRef = useRef<HTMLDivElement>(null);
  // The items moved under "More" (none while everything fits), and whether the icons show.
  // A phone never shows the links in the bar: they are not rendered there at all, which spares a
  // slow phone three rows of buttons (and their measuring) on every page load.
  const shown = useMediaQuery(NAV_SHOWN, undefined, { getInitialValueInEffect: false }) ?? false;
  const [{ hidden, icons }, setLayoutState] = useState<NavLayout>({ hidden: new Set(), icons: true });
  // Measuring again finds the same layout more often than not: keep the state, skip the render.
  const setLayout = (next: NavLayout) =>
    setLayoutState((before) => (sameLayout(before, next) ? before : next));

  useLayoutEffect(() => {
    if (!shown) return;
    const nav = navRef.current;
    const withIcons = withIconsRef.current;
    const plain = plainRef.current;
    if (!nav || !withIcons || !plain) return;
    const widthsOf = (row: HTMLElement) =>
      [...row.children].map((child) => (child as HTMLElement).offsetWidth + NAV_GAP);
    const sum = (widths: number[]) => widths.reduce((total, width) => total + width, 0);
    const fit = () => {
      const available = nav.clientWidth;
      // Not laid out (hidden below the breakpoint, or no layout engine): show everything.
      if (available === 0) return setLayout({ hidden: new Set(), icons: true });
      const iconWidths = widthsOf(withIcons);
      iconWidths.pop();
      if (sum(iconWidths) <= available) return setLayout({ hidden: new Set(), icons: true });
      const widths = widthsOf(plain);
      const more = widths.pop() ?? 0;
      let used = sum(widths);
      if (used <= available) return setLayout({ hidden: new Set(), icons: false });
      // Give way by rank (extras first), the later of equal rank first, until the rest and More fit.
      const order = items
        .map((item, index) => ({ item, index }))
        .sort((a, b) => (b.item.rank ?? 0) - (a.item.rank ?? 0) || b.index - a.index);
      const away = new Set<string>();
      used += more;
      for (const { item, index } of order) {
        if (used <= available) break;
        away.add(item.to);
        used -= widths[index]!;
      }
      setLayout({ hidden: away, icons: false });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    observer.observe(withIcons);
    observer.observe(plain);
    return () => observer.disconnect();
  }, [items, shown]);

  const link = (item: NavItem, current: boolean) => (
    <Button
      key={item.to}
      component={Link}
      to={item.to}
      aria-current={current ? 'page' : undefined}
      // Muted links; the current one tinted, not filled, so the bar stays light.
      variant={current ? 'light' : 'subtle'}
      color={current ? undefined : 'gray'}
      size="compact-sm"
      px={6}
      leftSection={icons ? <NavGlyph icon={item.icon} /> : undefined}
      className="role-layout-link"
    >
      {item.label}
    </Button>
  );
  const overflow = items.filter((item) => hidden.has(item.to));
  const overflowCurrent = overflow.some((item) => isCurrent(item, pathname));

  if (!shown) return <div className="role-layout-nav" />;
  return (
    <div className="role-layout-nav" ref={navRef}>
      <Group component="nav" aria-label={main} gap={NAV_GAP} wrap="nowrap">
        {items.filter((item) => !hidden.has(item.to)).map((item) => link(item, isCurrent(item, pathname)))}
        {overflow.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant={overflowCurrent ? 'light' : 'subtle'}
                color={overflowCurrent ? undefined : 'gray'}
                size="compact-sm"
                px={6}
                className="role-layout-link"
              >
                {more}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {overflow.map((item) => (
                <Menu.Item
                  key={item.to}
                  component={Link}
                  to={item.to}
                  aria-current={isCurrent(item, pathname) ? 'page' : undefined}
                  leftSection={<NavGlyph icon={item.icon} />}
                >
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {[true, false].map((withIcon) => (
        <div
          key={String(withIcon)}
          className="role-layout-nav-measure"
          ref={withIcon ? withIconsRef : plainRef}
          aria-hidden
        >
          {items.map((item) => (
            <Button
              key={item.to}
              size="compact-sm"
              px={6}
              variant="subtle"
              tabIndex={-1}
              component="span"
              leftSection={withIcon ? <NavGlyph icon={item.icon} /> : undefined}
            >
              {item.label}
            </Button>
          ))}
          <Button size="compact-sm" px={6} variant="subtle" tabIndex={-1} component="span">
            {more}
          </Button>
        </div>
      ))}
    </div>
  );
}

export function RoleLayout({ session }: { session: Decoded }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const items = useNavItems(NAVIGATION[session.role]);
  const words = useShellWords(session.role);
  const inbox = NOTIFICATIONS_PATH[session.role];
  const main = useRef<HTMLElement>(null);
  useSelectedTabsInView(main);
  useLiveUpdates();
  const signOut = () =>
    logout.mutate(undefined, { onSettled: () => void navigate(PATHS.signIn, { replace: true }) });

  return (
    <>
      <SkipLink />
      <header className="role-layout-header" lang={words.lang}>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={() => {
                setDrawerLoaded(true);
                toggle();
              }}
              hiddenFrom="lg"
              size="sm"
              className="role-layout-burger"
              aria-label={words.openNavigation}
            />
            <UnstyledButton
              component={Link}
              to={session.role === 'teacher' ? PATHS.signIn : ROLE_HOME[session.role]}
              aria-label={words.home}
              className="role-layout-home"
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
          <TopNavigation items={items} pathname={location.pathname} main={words.main} more={words.more} />
          <Group gap="xs" wrap="nowrap">
            {/* The gate desk is a one-task screen for a queue: no chatbot there. */}
            {session.role !== 'guard' && <Chatbot />}
            {inbox && <NotificationBell to={inbox} />}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  // The name says what the button shows at every width (the full name, or on a phone
                  // its initials), so that a voice command naming what is seen finds it (WCAG 2.5.3).
                  aria-label={words.profileMenu(session.name, initials(session.name))}
                  className="role-layout-profile"
                  px="sm"
                >
                  <span className="role-layout-profile-name">{session.name}</span>
                  <span className="role-layout-profile-initials" aria-hidden>
                    {initials(session.name)}
                  </span>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{session.name}</Menu.Label>
                <Menu.Item component={Link} to={PROFILE_PATH[session.role]}>
                  {words.viewProfile}
                </Menu.Item>
                <Menu.Item color="red.8" onClick={signOut}>
                  {words.logout}
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
            words={words}
            opened={opened}
            onClose={close}
          />
        </Suspense>
      )}
      <main className="role-layout-main" id={CONTENT_ID} tabIndex={-1} ref={main} lang={words.lang}>
        <div className="role-layout-page">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      {/* Toasts (a decision's Undo): centred at the bottom. */}
      <Notifications position="bottom-center" containerWidth={480} />
    </>
  );
}
