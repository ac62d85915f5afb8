/** Course cards with a search box; the search runs on the server, debounced while the user types. */
import { Button, Center, SimpleGrid, Stack, TextInput, type TitleOrder } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useStudentWords } from '../../../i18n/student';
import { useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useSyllabus } from '../api';
import { SyllabusCard } from './syllabus-card';
import { TopicMatches } from './topic-matches';

const PAGE_SIZE = 30;
export const SEARCH_DEBOUNCE_MS = 300;

export function SyllabusBrowser({ headingOrder }: { headingOrder: TitleOrder }) {
  const { t } = useStudentWords();
  // The search lives in the address (`?q=`): a reload keeps it and a link shares it.
  const url = useUrlState();
  const { text: search, setText: setSearch, search: debounced } = useUrlSearch(url, SEARCH_DEBOUNCE_MS);
  // "Show more" counts for the search it was pressed for; new words start from the first courses.
  const [more, setMore] = useState({ search: debounced, limit: PAGE_SIZE });
  const limit = more.search === debounced ? more.limit : PAGE_SIZE;
  const syllabus = useSyllabus(debounced, limit);
  const clearSearch = () => {
    setSearch('');
    url.change({ q: null });
  };

  function results() {
    if (syllabus.isPending) return <LoadingState label={t('shared.syllabus.loading')} />;
    if (syllabus.isError) {
      return <LoadFailedState title={t('shared.syllabus.failed')} onRetry={() => void syllabus.refetch()} />;
    }
    const { items, hasMore } = syllabus.data;
    if (items.length === 0 && debounced) {
      return (
        <>
          <EmptyState
            hint={t('shared.syllabus.noMatchHint')}
            action={
              <Button variant="default" onClick={clearSearch}>
                {t('shared.syllabus.clear')}
              </Button>
            }
          >
            {t('shared.syllabus.noMatch')}
          </EmptyState>
          {/* No course is named so: the words may still be in a course's topics. */}
          <TopicMatches words={debounced} headingOrder={headingOrder} />
        </>
      );
    }
    if (items.length === 0) {
      return <EmptyState hint={t('shared.syllabus.emptyHint')}>{t('shared.syllabus.empty')}</EmptyState>;
    }
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((entry) => (
            <SyllabusCard key={entry._id} syllabus={entry} headingOrder={headingOrder} />
          ))}
        </SimpleGrid>
        {hasMore && (
          <Center>
            <Button
              variant="default"
              loading={syllabus.isFetching}
              onClick={() => setMore({ search: debounced, limit: limit + PAGE_SIZE })}
            >
              {t('shared.syllabus.more')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('shared.syllabus.search')}
        placeholder={t('shared.syllabus.placeholder')}
        maw={420}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {results()}
    </Stack>
  );
}
