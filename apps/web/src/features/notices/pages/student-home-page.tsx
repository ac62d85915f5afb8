import { Tabs } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { StudentHomeCards } from '../../timetable/components/home-cards';
import { oneOf, useUrlState } from '../../../lib/url-state';
import { NoticeSearch } from '../components/notice-search';
import { EventList, GeneralNoticeList, MentorNoticeList } from '../components/notice-list';

const TABS = ['mentorNotice', 'eventNotice', 'generalNotice'] as const;

/** The student's notice board: Mentor Notice (default), Events and Notice tabs (SPEC §2). */
export function StudentHomePage() {
  // The tab and the search live in the address (`?tab=eventNotice&q=fest`): a reload keeps them.
  const url = useUrlState();
  const tab = oneOf(url.params.get('tab'), TABS, 'mentorNotice');
  return (
    <>
      <PageTitle>Home</PageTitle>
      <StudentHomeCards />
      <NoticeSearch url={url} />
      <Tabs
        value={tab}
        onChange={(value) => url.change({ tab: value === 'mentorNotice' ? null : value })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="mentorNotice">Mentor Notice</Tabs.Tab>
          <Tabs.Tab value="eventNotice">Events</Tabs.Tab>
          <Tabs.Tab value="generalNotice">Notice</Tabs.Tab>
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
