/**
 * When no course is named as searched: the courses whose names or topics hold the words, best first,
 * found words marked (the databases' full-text engines). The course list keeps the spec's search by
 * course name.
 */
import { Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SyllabusSearchHit } from '@campus/contract';
import { Highlighted } from '../../../components/highlighted';
import { useStudentWords } from '../../../i18n/student';
import { api } from '../../../lib/api-client';

export function TopicMatches({ words, headingOrder }: { words: string; headingOrder: TitleOrder }) {
  const { t } = useStudentWords();
  const found = useQuery({
    queryKey: ['syllabus', 'topics', words] as const,
    queryFn: ({ signal }) =>
      api<SyllabusSearchHit[]>(`/api/syllabus/search?q=${encodeURIComponent(words)}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const hits = found.data ?? [];
  if (hits.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-labelledby="topic-matches" mt="md">
      <Title order={headingOrder} size="h4" id="topic-matches">
        {t('shared.syllabus.inTopics')}
      </Title>
      {hits.map((hit) => (
        <Card key={hit._id} withBorder padding="sm" component="article">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <Highlighted text={hit.course} />
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            <Highlighted text={hit.topics} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
