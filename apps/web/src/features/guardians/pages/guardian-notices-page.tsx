/**
 * The notices meant for guardians (decision record 0093): for every family, or for the guardians of
 * their children's groups; pinned first, then the latest. Phone first: one card a notice.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { GuardianNotice } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useGuardianNoticeWords } from '../../../i18n/guardian-notices';
import { formatDay } from '../../../lib/format';
import { pageFrom, pageParam, useUrlState } from '../../../lib/url-state';
import { useGuardianNotices } from '../notice-api';

function NoticeCard({ notice }: { notice: GuardianNotice }) {
  const { t } = useGuardianNoticeWords();
  return (
    <Card withBorder radius="md" p="md" component="article" aria-labelledby={`notice-${notice._id}`}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="outline" color="gray.8" tt="none">
            {t(`notices.types.${notice.type}`)}
          </Badge>
          {notice.pinned && (
            <Badge variant="filled" color="blue.8">
              {t('notices.pinned')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4" id={`notice-${notice._id}`}>
          {notice.title}
        </Title>
        {notice.eventDate && (
          <Text fw={500}>
            {t('notices.event', { date: formatDay(notice.eventDate), time: notice.eventTime ?? '' })}
          </Text>
        )}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{notice.description}</Text>
        <Text size="sm" c="dimmed">
          {[
            notice.from ? t('notices.from', { name: notice.from }) : null,
            notice.contactEmail ? t('notices.contact', { email: notice.contactEmail }) : null,
            t('notices.posted', { day: formatDay(notice.startsAt.slice(0, 10)) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

export function GuardianNoticesPage() {
  const { t } = useGuardianNoticeWords();
  const url = useUrlState();
  const page = pageFrom(url.params.get('page'));
  const notices = useGuardianNotices(page);
  const setPage = (next: number) => url.change({ page: pageParam(next) });

  function list() {
    if (notices.isPending) return <LoadingState label={t('notices.loading')} />;
    if (notices.isError)
      return <LoadFailedState title={t('notices.loadFailed')} onRetry={() => void notices.refetch()} />;
    const { items, hasMore } = notices.data;
    if (items.length === 0 && page === 0)
      return <EmptyState hint={t('notices.noneHint')}>{t('notices.none')}</EmptyState>;
    return (
      <Stack gap="md">
        {items.map((n) => (
          <NoticeCard key={`${n.type}-${n._id}`} notice={n} />
        ))}
        {(page > 0 || hasMore) && (
          <Group justify="space-between" component="nav" aria-label={t('notices.page', { page: page + 1 })}>
            <Button variant="default" disabled={page === 0} onClick={() => setPage(page - 1)} mih={44}>
              {t('notices.previous')}
            </Button>
            <Text size="sm">{t('notices.page', { page: page + 1 })}</Text>
            <Button variant="default" disabled={!hasMore} onClick={() => setPage(page + 1)} mih={44}>
              {t('notices.next')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('notices.title')}</PageTitle>
      <Text c="dimmed" mt={-8}>
        {t('notices.intro')}
      </Text>
      {list()}
    </Stack>
  );
}
