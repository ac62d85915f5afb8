/** The chatbot's conversation log: the user's questions on the right, the answers on the left. */
import { Anchor, Box, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChatMessage } from './use-chat';

export const INTRO = 'Hi! Pick a question below or type your own.';
export const NO_MATCH = "I couldn't find an answer to that in the FAQ.";
export const SUPPORT_LINK = 'Send it to the support team';
export const MATCH_FAILED = 'Sorry, I could not look that up right now. Please try again.';

function Bubble({ from, children }: { from: ChatMessage['from']; children: ReactNode }) {
  const user = from === 'user';
  return (
    <Box
      maw="85%"
      px="sm"
      py={6}
      bg={user ? 'blue.9' : 'var(--campus-surface-muted)'}
      c={user ? 'white' : undefined}
      bd={user ? undefined : '1px solid var(--campus-border)'}
      style={{
        alignSelf: user ? 'flex-end' : 'flex-start',
        borderRadius: 'var(--mantine-radius-md)',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <VisuallyHidden>{user ? 'You: ' : 'FAQ: '}</VisuallyHidden>
      {children}
    </Box>
  );
}

function MessageBody({
  message,
  helpPath,
  onLeave,
}: {
  message: ChatMessage;
  helpPath: string;
  onLeave: () => void;
}) {
  switch (message.kind) {
    case 'text':
      return <Text size="sm">{message.text}</Text>;
    case 'error':
      return <Text size="sm">{MATCH_FAILED}</Text>;
    case 'support-offer':
      return (
        <Text size="sm">
          {NO_MATCH}{' '}
          <Anchor
            component={Link}
            to={helpPath}
            onClick={onLeave}
            c="var(--campus-text-link)"
            underline="always"
            size="sm"
          >
            {SUPPORT_LINK}
          </Anchor>{' '}
          with the support form and we will get back to you.
        </Text>
      );
  }
}

export function ChatMessages({
  messages,
  asking,
  helpPath,
  onLeave,
}: {
  messages: ChatMessage[];
  asking: boolean;
  helpPath: string;
  /** Called when a link in the conversation leaves for another page. */
  onLeave: () => void;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [messages.length, asking]);

  return (
    <Box role="log" aria-label="Conversation" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Bubble from="bot">
        <Text size="sm">{INTRO}</Text>
      </Bubble>
      {messages.map((message) => (
        <Bubble key={message.id} from={message.from}>
          <MessageBody message={message} helpPath={helpPath} onLeave={onLeave} />
        </Bubble>
      ))}
      {asking && (
        <Text size="sm" fs="italic" role="status">
          Looking for an answer...
        </Text>
      )}
      <div ref={endRef} />
    </Box>
  );
}
