import { Anchor, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { CreateNoticeTabs } from '../components/create-notice-tabs';
import { EventList, GeneralNoticeList, MentorNoticeList } from '../components/notice-list';

/** The teacher's notice board: the three lists and a Create tab with the create forms (SPEC §2). */
export function TeacherHomePage() {
  return (
    <>
      <PageTitle>Home</PageTitle>
      <Tabs defaultValue="mentorNotice" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="mentorNotice">Mentor Notice</Tabs.Tab>
          <Tabs.Tab value="eventNotice">Events</Tabs.Tab>
          <Tabs.Tab value="generalNotice">Notices</Tabs.Tab>
          <Tabs.Tab value="create">Create</Tabs.Tab>
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
        <Tabs.Panel value="create">
          <Text mb="md">
            Post a notice here, or open the{' '}
            <Anchor component={Link} to={PATHS.teacher.noticeCreate} underline="always">
              Create Notice page
            </Anchor>
            .
          </Text>
          <CreateNoticeTabs />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
