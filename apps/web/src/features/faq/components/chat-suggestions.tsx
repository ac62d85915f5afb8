/** The FAQ questions not asked yet, five at first with Show More / Show Less (SPEC §4, §9). */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useId, type Ref } from 'react';
import type { FaqItem } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import type { Chat } from './use-chat';

const suggestionStyles = {
  root: { height: 'auto', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'left' },
} as const;

/** A question to choose, as a full-width button whose text wraps. */
export function QuestionButton({
  item,
  onChoose,
  ...rest
}: {
  item: FaqItem;
  onChoose: () => void;
  'data-suggestion'?: boolean;
}) {
  return (
    <Button
      variant="default"
      size="sm"
      fw={500}
      justify="flex-start"
      fullWidth
      styles={suggestionStyles}
      onClick={onChoose}
      {...rest}
    >
      {item.question}
    </Button>
  );
}

export function ChatSuggestions({
  chat,
  listRef,
  onChoose,
}: {
  chat: Chat;
  listRef: Ref<HTMLDivElement>;
  onChoose: (item: FaqItem, index: number) => void;
}) {
  const headingId = useId();
  const t = useAccountWords();
  const { suggestions, hasMore, showAll } = chat;

  let body;
  if (chat.questionsLoading) body = <Text size="sm">{t('chat.loadingQuestions')}</Text>;
  else if (chat.questionsFailed) body = <Text size="sm">{t('chat.questionsFailed')}</Text>;
  else if (suggestions.length === 0) body = <Text size="sm">{t('chat.noMoreQuestions')}</Text>;
  else
    body = (
      <Stack gap={6} ref={listRef}>
        {suggestions.map((item, index) => (
          <QuestionButton key={item.id} item={item} data-suggestion onChoose={() => onChoose(item, index)} />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap={6} aria-busy={chat.questionsLoading}>
      <Title order={3} size="h6" id={headingId}>
        {t('chat.suggested')}
      </Title>
      {body}
      {hasMore && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={chat.toggleShowAll}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(showAll ? 'chat.showLess' : 'chat.showMore')}
        </Button>
      )}
    </Stack>
  );
}
