/** The chatbot's conversation log: the user's questions on the right, the answers on the left. */
import { Anchor, Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { FaqItem } from '@campus/contract';
import { QuestionButton } from './chat-suggestions';
import { linkScreens } from './screen-links';
import type { ChatMessage } from './use-chat';

export const INTRO = 'Hi! Pick a question below or type your own.';
export const NO_MATCH = "I couldn't find an answer to that in the FAQ.";
export const NOT_SURE = "I'm not sure I understood. Did you mean:";
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

function InAppLink({ to, onLeave, children }: { to: string; onLeave: () => void; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      onClick={onLeave}
      c="var(--campus-text-link)"
      underline="always"
      size="sm"
    >
      {children}
    </Anchor>
  );
}

function Answer({ text, onLeave }: { text: string; onLeave: () => void }) {
  const { pathname } = useLocation();
  return (
    <Text size="sm">
      {linkScreens(text, pathname).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <InAppLink key={i} to={part.to} onLeave={onLeave}>
            {part.text}
          </InAppLink>
        ),
      )}
    </Text>
  );
}

function SupportOffer({
  suggestions,
  helpPath,
  onLeave,
  onChoose,
}: {
  suggestions: FaqItem[];
  helpPath: string;
  onLeave: () => void;
  onChoose: (item: FaqItem) => void;
}) {
  const support = (
    <>
      <InAppLink to={helpPath} onLeave={onLeave}>
        {SUPPORT_LINK}
      </InAppLink>{' '}
      with the support form and we will get back to you.
    </>
  );
  if (suggestions.length === 0)
    return (
      <Text size="sm">
        {NO_MATCH} {support}
      </Text>
    );
  return (
    <Stack gap={6}>
      <Text size="sm">{NOT_SURE}</Text>
      {suggestions.map((item) => (
        <QuestionButton key={item.id} item={item} onChoose={() => onChoose(item)} />
      ))}
      <Text size="sm">If none of these is it, {support}</Text>
    </Stack>
  );
}

function MessageBody({
  message,
  helpPath,
  onLeave,
  onChoose,
}: {
  message: ChatMessage;
  helpPath: string;
  onLeave: () => void;
  onChoose: (item: FaqItem) => void;
}) {
  switch (message.kind) {
    case 'text':
      return <Text size="sm">{message.text}</Text>;
    case 'answer':
      return <Answer text={message.text} onLeave={onLeave} />;
    case 'error':
      return <Text size="sm">{MATCH_FAILED}</Text>;
    case 'support-offer':
      return (
        <SupportOffer
          suggestions={message.suggestions}
          helpPath={helpPath}
          onLeave={onLeave}
          onChoose={onChoose}
        />
      );
  }
}

export function ChatMessages({
  messages,
  asking,
  helpPath,
  onLeave,
  onChoose,
}: {
  messages: ChatMessage[];
  asking: boolean;
  helpPath: string;
  /** Called when a link in the conversation leaves for another page. */
  onLeave: () => void;
  /** Called when one of the questions offered as "Did you mean" is chosen. */
  onChoose: (item: FaqItem) => void;
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
          <MessageBody message={message} helpPath={helpPath} onLeave={onLeave} onChoose={onChoose} />
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
