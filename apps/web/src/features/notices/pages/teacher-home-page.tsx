import { Anchor, Button, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { TeacherHomeCards } from '../../timetable/components/home-cards';
import { NoticeSearch } from '../components/notice-search';
import { CreateNoticeTabs } from '../components/create-notice-tabs';
import { EventList, GeneralNoticeList, MentorNoticeList } from '../components/notice-list';
import { oneOf, useUrlState } from '../../../lib/url-state';
import { useTeacherWords } from '../../../i18n/teacher';

const TABS = ['mentorNotice', 'eventNotice', 'generalNotice', 'create'] as const;

/** The teacher's notice board: the three lists and a Create tab with the create forms (SPEC §2). */
export function TeacherHomePage() {
  const { t } = useTeacherWords();
  // The tab and the search live in the address (`?tab=create`): a reload keeps them and a link shares
  // them. The kind of notice being written belongs to the Create tab only.
  const url = useUrlState();
  const tab = oneOf(url.params.get('tab'), TABS, 'mentorNotice');
  const setTab = (value: string | null) =>
    url.change({ tab: value === 'mentorNotice' ? null : value, kind: null });
  const create = (
    <Button variant="default" onClick={() => setTab('create')}>
      {t('home.createNotice')}
    </Button>
  );
  return (
    <>
      <PageTitle>{t('home.title')}</PageTitle>
      <TeacherHomeCards />
      <NoticeSearch url={url} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`home.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="mentorNotice">
          <MentorNoticeList emptyAction={create} />
        </Tabs.Panel>
        <Tabs.Panel value="eventNotice">
          <EventList emptyAction={create} />
        </Tabs.Panel>
        <Tabs.Panel value="generalNotice">
          <GeneralNoticeList emptyAction={create} />
        </Tabs.Panel>
        <Tabs.Panel value="create">
          <Text mb="md">
            {t('home.postHere')}
            <Anchor component={Link} to={PATHS.teacher.noticeCreate} underline="always">
              {t('home.createPage')}
            </Anchor>
            {t('home.postHereEnd')}
          </Text>
          <CreateNoticeTabs url={url} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
