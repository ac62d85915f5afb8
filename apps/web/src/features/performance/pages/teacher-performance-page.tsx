/**
 * Every student's performance (SPEC §2) with a name search and paging done by the server, and the
 * teacher's mentees, whose marks the teacher enters and corrects.
 */
import { Button, Stack, Tabs, TextInput } from '@mantine/core';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { oneOf, pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useStudentsPerformance } from '../api';
import { MenteeMarks } from '../components/mentee-marks';
import { PerformanceTable } from '../components/performance-table';
import { useTeacherWords } from '../../../i18n/teacher';

const SEARCH_DELAY_MS = 300;
const TABS = ['all', 'mentees'] as const;

export function TeacherPerformancePage() {
  const { t } = useTeacherWords();
  const user = useCurrentUser();
  // The tab, search, page and mentored group live in the address: a reload keeps them and a link
  // shares them.
  const url = useUrlState();
  const tab = oneOf(url.params.get('tab'), TABS, 'all');
  return (
    <Stack>
      <PageTitle>{t('performance.title')}</PageTitle>
      {/* The mentees' tab mounts when opened: its requests wait until then. */}
      <Tabs
        value={tab}
        onChange={(value) =>
          url.change({ tab: value === 'all' ? null : value, q: null, page: null, group: null })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="all">{t('performance.tabs.all')}</Tabs.Tab>
          <Tabs.Tab value="mentees">{t('performance.tabs.mentees')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <AllStudents url={url} />
        </Tabs.Panel>
        <Tabs.Panel value="mentees">
          <MenteeMarks teacherId={user.teacherId} url={url} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function AllStudents({ url }: { url: ReturnType<typeof useUrlState> }) {
  const { t } = useTeacherWords();
  // A new search starts at the first page.
  const { text, setText, search } = useUrlSearch(url, SEARCH_DELAY_MS);
  const page = pageFrom(url.params.get('page'));
  const table = useStudentsPerformance(search, page);
  const goTo = (next: number) => url.change({ page: pageParam(next) });

  const rows = table.data?.items ?? [];

  return (
    <Stack>
      <TextInput
        label={t('performance.search')}
        description={t('performance.searchHint')}
        placeholder={t('performance.searchPlaceholder')}
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={420}
      />
      {table.isError ? (
        <LoadFailedState title={t('performance.fetchFailed')} onRetry={() => void table.refetch()} />
      ) : table.isPending ? (
        <LoadingState label={t('performance.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState
          hint={search ? t('performance.searchEmptyHint') : undefined}
          action={
            search ? (
              <Button
                variant="default"
                onClick={() => {
                  setText('');
                  url.change({ q: null, page: null });
                }}
              >
                {t('performance.clearSearch')}
              </Button>
            ) : undefined
          }
        >
          {t('performance.noStudents')}
        </EmptyState>
      ) : (
        <>
          <PerformanceTable rows={rows} busy={table.isFetching} />
          <Pager
            page={page}
            offset={table.data?.offset ?? 0}
            shown={rows.length}
            total={table.data?.total ?? null}
            hasMore={(table.data?.hasMore ?? false) && !table.isPlaceholderData}
            onChange={goTo}
            label={t('performance.pagerLabel')}
          />
        </>
      )}
    </Stack>
  );
}
