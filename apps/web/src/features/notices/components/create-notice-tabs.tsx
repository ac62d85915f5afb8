/** The create forms of SPEC §2 under tabs Mentor Notice, Event and General Notice. */
import { Tabs } from '@mantine/core';
import { oneOf, type UrlState } from '../../../lib/url-state';
import { EventNoticeForm, GeneralNoticeForm, MentorNoticeForm } from './notice-forms';
import { useTeacherWords } from '../../../i18n/teacher';

const KINDS = ['mentorNotice', 'eventNotice', 'generalNotice'] as const;

/** The kind of notice being written lives in the address (`?kind=eventNotice`), as any other tab. */
export function CreateNoticeTabs({ url }: { url: UrlState }) {
  const { t } = useTeacherWords();
  const kind = oneOf(url.params.get('kind'), KINDS, 'mentorNotice');
  return (
    <Tabs
      value={kind}
      onChange={(value) => url.change({ kind: value === 'mentorNotice' ? null : value })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {KINDS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`notices.kinds.${value}`)}
          </Tabs.Tab>
        ))}
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
