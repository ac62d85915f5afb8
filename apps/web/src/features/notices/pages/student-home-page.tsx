import { Tabs } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { NoticeSearch } from '../components/notice-search';
import { EventList, GeneralNoticeList, MentorNoticeList } from '../components/notice-list';

/** The student's notice board: Mentor Notice (default), Events and Notice tabs (SPEC §2). */
export function StudentHomePage() {
  return (
    <>
      <PageTitle>Home</PageTitle>
      <NoticeSearch />
      <Tabs defaultValue="mentorNotice" keepMounted={false}>
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
