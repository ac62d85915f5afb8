/**
 * The FAQ chatbot of the role areas: a button in the top bar opens a panel that floats over the page.
 * The button sits in the bar, not over the page, so it never covers a page's own controls at any
 * width (decision record 0074).
 */
import { ActionIcon, Box, Portal } from '@mantine/core';
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import { useChat } from './use-chat';

/** The panel (and the FAQ schema limits it brings) loads when the chat is first opened. */
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The support form of the area the user is in (the admin's Help is the Support Collection). */
export function helpPathFor(pathname: string): string {
  switch (pathname.split('/')[1]) {
    case 'student':
      return PATHS.student.help;
    case 'teacher':
      return PATHS.teacher.help;
    case 'admin':
      return PATHS.admin.help;
    default:
      return PATHS.support;
  }
}

function ChatIcon({ open }: { open: boolean }) {
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
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
      ) : (
        <path d="M4 5h16v11H9l-5 4V5z M8 9.5h8 M8 12.5h5" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}

export function Chatbot() {
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const chat = useChat({ enabled: everOpened });
  const { pathname } = useLocation();
  const panelId = useId();
  const t = useAccountWords();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The panel is mounted only while open: focus it as it appears.
  const focusPanel = useCallback((panel: HTMLDivElement | null) => panel?.focus(), []);

  function toggle() {
    setEverOpened(true);
    setOpened((v) => !v);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !opened) return;
    event.stopPropagation();
    setOpened(false);
    toggleRef.current?.focus();
  }

  return (
    <>
      <ActionIcon
        ref={toggleRef}
        onClick={toggle}
        onKeyDown={onKeyDown}
        variant={opened ? 'filled' : 'default'}
        size="lg"
        aria-label={t(opened ? 'chat.close' : 'chat.open')}
        title={t('chat.title')}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
      >
        <ChatIcon open={opened} />
      </ActionIcon>
      {/* Out of the top bar's landmark: the panel is a landmark of its own. */}
      <Portal>
        <Box component="aside" aria-label={t('chat.title')} onKeyDown={onKeyDown}>
          {opened && (
            <Suspense>
              <ChatPanel
                id={panelId}
                chat={chat}
                helpPath={helpPathFor(pathname)}
                panelRef={focusPanel}
                onLeave={() => setOpened(false)}
              />
            </Suspense>
          )}
        </Box>
      </Portal>
    </>
  );
}
