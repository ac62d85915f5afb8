import { Tabs } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { StudentHomeCards } from '../../timetable/components/home-cards';
import { oneOf, useUrlState } from '../../../lib/url-state';
import { NoticeSearch } from '../components/notice-search';
import { EventList, GeneralNoticeList, MentorNoticeList } from '../components/notice-list';

const TABS = ['mentorNotice', 'eventNotice', 'generalNotice'] as const;

/** The student's notice board: Mentor Notice (default), Events and Notice tabs (SPEC §2). */
export function StudentHomePage() {
  const { t } = useStudentWords();
  // The tab and the search live in the address (`?tab=eventNotice&q=fest`): a reload keeps them.
  const url = useUrlState();
  const tab = oneOf(url.params.get('tab'), TABS, 'mentorNotice');
  return (
    <>
      <PageTitle>{t('home.title')}</PageTitle>
      <StudentHomeCards />
      <NoticeSearch url={url} />
      <Tabs
        value={tab}
        onChange={(value) => url.change({ tab: value === 'mentorNotice' ? null : value })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`home.tabs.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="mentorNotice">
          <MentorNoticeList />
        </Tabs.Panel>
        <Tabs.Panel value="eventNotice">
          <EventList />
        </Tabs.Panel>
        <Tabs.Panel value="generalNotice">
          <GeneralNoticeList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
