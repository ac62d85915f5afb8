/** The create forms of SPEC §2 under tabs Mentor Notice, Event and General Notice. */
import { Tabs } from '@mantine/core';
import { oneOf, type UrlState } from '../../../lib/url-state';
import { EventNoticeForm, GeneralNoticeForm, MentorNoticeForm } from './notice-forms';

const KINDS = ['mentorNotice', 'eventNotice', 'generalNotice'] as const;

/** The kind of notice being written lives in the address (`?kind=eventNotice`), as any other tab. */
export function CreateNoticeTabs({ url }: { url: UrlState }) {
  const kind = oneOf(url.params.get('kind'), KINDS, 'mentorNotice');
  return (
    <Tabs
      value={kind}
      onChange={(value) => url.change({ kind: value === 'mentorNotice' ? null : value })}
      keepMounted={false}
    >
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
