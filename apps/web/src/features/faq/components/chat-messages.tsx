/** The chatbot's conversation log: the user's questions on the right, the answers on the left. */
import { Anchor, Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { FaqItem } from '@campus/contract';
import { english, useAccountWords } from '../../../i18n/account';
import { QuestionButton } from './chat-suggestions';
import { linkScreens } from './screen-links';
import type { ChatMessage } from './use-chat';

export const INTRO = english('chat.intro');
export const NO_MATCH = english('chat.noMatch');
export const NOT_SURE = english('chat.notSure');
export const SUPPORT_LINK = english('chat.supportLink');
export const MATCH_FAILED = english('chat.matchFailed');

function Bubble({ from, children }: { from: ChatMessage['from']; children: ReactNode }) {
  const user = from === 'user';
  const t = useAccountWords();
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
      <VisuallyHidden>{t(user ? 'chat.you' : 'chat.faq')}</VisuallyHidden>
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
  const t = useAccountWords();
  const support = (
    <>
      <InAppLink to={helpPath} onLeave={onLeave}>
        {t('chat.supportLink')}
      </InAppLink>
      {t('chat.supportAfter')}
    </>
  );
  if (suggestions.length === 0)
    return (
      <Text size="sm">
        {t('chat.noMatch')} {support}
      </Text>
    );
  return (
    <Stack gap={6}>
      <Text size="sm">{t('chat.notSure')}</Text>
      {suggestions.map((item) => (
        <QuestionButton key={item.id} item={item} onChoose={() => onChoose(item)} />
      ))}
      <Text size="sm">
        {t('chat.noneOfThese')} {support}
      </Text>
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
  const t = useAccountWords();
  switch (message.kind) {
    case 'text':
      return <Text size="sm">{message.text}</Text>;
    case 'answer':
      return <Answer text={message.text} onLeave={onLeave} />;
    case 'error':
      return <Text size="sm">{t('chat.matchFailed')}</Text>;
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
  const t = useAccountWords();
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [messages.length, asking]);

  return (
    <Box
      role="log"
      aria-label={t('chat.conversation')}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <Bubble from="bot">
        <Text size="sm">{t('chat.intro')}</Text>
      </Bubble>
      {messages.map((message) => (
        <Bubble key={message.id} from={message.from}>
          <MessageBody message={message} helpPath={helpPath} onLeave={onLeave} onChoose={onChoose} />
        </Bubble>
      ))}
      {asking && (
        <Text size="sm" fs="italic" role="status">
          {t('chat.looking')}
        </Text>
      )}
      <div ref={endRef} />
    </Box>
  );
}
