/** Search of the notices, events and mentor notices the reader may see: best first, words marked. */
import { Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NoticeSearchHit } from '@campus/contract';
import { Highlighted } from '../../../components/highlighted';
import { useStudentWords } from '../../../i18n/student';
import { api } from '../../../lib/api-client';
import { useUrlSearch, type UrlState } from '../../../lib/url-state';

/** The words searched for live in the address (`?q=`), as every list's search does. */
export function NoticeSearch({ url }: { url: UrlState }) {
  const { t } = useStudentWords();
  const { text, setText, search: words } = useUrlSearch(url, 300);
  const found = useQuery({
    queryKey: ['notices', 'search', words] as const,
    queryFn: ({ signal }) =>
      api<NoticeSearchHit[]>(`/api/notices/search?q=${encodeURIComponent(words)}`, { signal }),
    enabled: words.length > 0,
    placeholderData: keepPreviousData,
  });
  const hits = words.length > 0 ? found.data : undefined;
  return (
    <Stack gap="sm" mb="md" maw={760} role="search" aria-label={t('shared.notices.search.label')}>
      <TextInput
        type="search"
        label={t('shared.notices.search.label')}
        placeholder={t('shared.notices.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {hits && (
        <Stack gap="xs" aria-label={t('shared.notices.search.results')} role="region" aria-live="polite">
          {hits.length === 0 && <Text c="dimmed">{t('shared.notices.search.none')}</Text>}
          {hits.map((hit) => (
            <Card key={`${hit.type}:${hit._id}`} withBorder padding="sm" component="article">
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color="gray.8" tt="none">
                  {t(`shared.notices.search.kind.${hit.type}`)}
                </Badge>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  <Highlighted text={hit.title} />
                </Text>
              </Group>
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                <Highlighted text={hit.snippet} />
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
