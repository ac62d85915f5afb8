/** The create forms of SPEC §2 under tabs Mentor Notice, Event and General Notice. */
import { Tabs } from '@mantine/core';
import { EventNoticeForm, GeneralNoticeForm, MentorNoticeForm } from './notice-forms';

export function CreateNoticeTabs() {
  return (
    <Tabs defaultValue="mentorNotice" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="mentorNotice">Mentor Notice</Tabs.Tab>
        <Tabs.Tab value="eventNotice">Event</Tabs.Tab>
        <Tabs.Tab value="generalNotice">General Notice</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mentorNotice">
        <MentorNoticeForm />
      </Tabs.Panel>
      <Tabs.Panel value="eventNotice">
        <EventNoticeForm />
      </Tabs.Panel>
      <Tabs.Panel value="generalNotice">
        <GeneralNoticeForm />
      </Tabs.Panel>
    </Tabs>
  );
}
