/** The floating FAQ chatbot on every page of the role areas: a round button bottom-right that opens a panel. */
import { ActionIcon, Box } from '@mantine/core';
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '@campus/contract';
import { CHAT_Z_INDEX } from './layer';
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
      width="26"
      height="26"
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
      {/* Room below the last content, so the floating button never hides it for good. */}
      <Box h={88} aria-hidden />
      <Box component="aside" aria-label="FAQ chat" onKeyDown={onKeyDown}>
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
        <ActionIcon
          ref={toggleRef}
          onClick={toggle}
          size={56}
          radius="xl"
          variant="filled"
          color="blue.9"
          aria-label={opened ? 'Close FAQ chat' : 'Open FAQ chat'}
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          pos="fixed"
          right={16}
          bottom={16}
          style={{ zIndex: CHAT_Z_INDEX, boxShadow: 'var(--mantine-shadow-md)' }}
        >
          <ChatIcon open={opened} />
        </ActionIcon>
      </Box>
    </>
  );
}
