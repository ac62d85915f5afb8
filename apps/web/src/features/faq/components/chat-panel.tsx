/** The open chatbot panel: the conversation, the suggested questions and a box for a question of one's own. */
import { Box, Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { FAQ_LIMITS, type FaqItem } from '@campus/contract';
import { english, useAccountWords } from '../../../i18n/account';
import { ChatMessages } from './chat-messages';
import { ChatSuggestions } from './chat-suggestions';
import { CHAT_Z_INDEX } from './layer';
import type { Chat } from './use-chat';

export const PANEL_TITLE = english('chat.title');

export function ChatPanel({
  id,
  chat,
  helpPath,
  panelRef,
  onLeave,
}: {
  id: string;
  chat: Chat;
  helpPath: string;
  panelRef: Ref<HTMLDivElement>;
  onLeave: () => void;
}) {
  const titleId = useId();
  const t = useAccountWords();
  const [question, setQuestion] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // A chosen suggestion disappears; keep keyboard focus in the list at the same place.
  const focusIndex = useRef<number | null>(null);
  const { suggestions } = chat;

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-suggestion]') ?? [];
    const target = buttons[Math.min(index, buttons.length - 1)] ?? inputRef.current;
    target?.focus();
  }, [suggestions]);

  function choose(item: FaqItem, index: number) {
    focusIndex.current = index;
    chat.choose(item);
  }

  function send(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!question.trim() || chat.asking) return;
    chat.ask(question);
    setQuestion('');
  }

  return (
    <Paper
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      shadow="xl"
      withBorder
      pos="fixed"
      right={16}
      // Below the top bar whose button opens it.
      top={72}
      w="min(380px, calc(100vw - 32px))"
      style={{
        zIndex: CHAT_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'min(600px, calc(100dvh - 72px - 16px))',
        overflow: 'hidden',
      }}
    >
      <Group px="md" py="sm" bg="blue.9" c="white">
        <Title order={2} size="h5" id={titleId} c="white">
          {t('chat.title')}
        </Title>
      </Group>
      <Box
        p="md"
        tabIndex={0}
        role="group"
        aria-label={t('chat.conversationAndSuggestions')}
        style={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: 16,
        }}
      >
        <ChatMessages
          messages={chat.messages}
          asking={chat.asking}
          helpPath={helpPath}
          onLeave={onLeave}
          onChoose={chat.choose}
        />
        <ChatSuggestions chat={chat} listRef={listRef} onChoose={choose} />
      </Box>
      <Box component="form" onSubmit={send} p="sm" style={{ borderTop: '1px solid var(--campus-border)' }}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={inputRef}
            aria-label={t('chat.typeQuestion')}
            placeholder={t('chat.typeQuestion')}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            maxLength={FAQ_LIMITS.matchQuery}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={chat.asking || !question.trim()}>
            {t('chat.send')}
          </Button>
        </Group>
      </Box>
    </Paper>
  );
}
