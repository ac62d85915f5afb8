/** Search of the notices, events and mentor notices the reader may see: best first, words marked. */
import { Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NoticeSearchHit, NoticeType } from '@campus/contract';
import { Highlighted } from '../../../components/highlighted';
import { api } from '../../../lib/api-client';
import { useUrlSearch, type UrlState } from '../../../lib/url-state';

const KIND: Record<NoticeType, string> = {
  mentorNotice: 'Mentor notice',
  eventNotice: 'Event',
  generalNotice: 'Notice',
};

/** The words searched for live in the address (`?q=`), as every list's search does. */
export function NoticeSearch({ url }: { url: UrlState }) {
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
    <Stack gap="sm" mb="md" maw={760} role="search" aria-label="Search notices">
      <TextInput
        type="search"
        label="Search notices"
        placeholder="Words in a heading or text"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {hits && (
        <Stack gap="xs" aria-label="Search results" role="region" aria-live="polite">
          {hits.length === 0 && <Text c="dimmed">No notice matches your search.</Text>}
          {hits.map((hit) => (
            <Card key={`${hit.type}:${hit._id}`} withBorder padding="sm" component="article">
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color="gray.8" tt="none">
                  {KIND[hit.type]}
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
