/**
 * The admins' timetable: each group's week of periods, the courses, the holidays and the term's
 * settings, a tab each. The tab and the group shown live in the address (`?tab=courses`, `?group=`).
 */
import { Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { CoursesPanel } from './courses-panel';
import { HolidaysPanel } from './holidays-panel';
import { TermSettingsPanel } from './term-settings-form';
import { WeekPanel } from './week-panel';

const TABS = [
  { value: 'week', label: 'Weekly periods' },
  { value: 'courses', label: 'Courses' },
  { value: 'holidays', label: 'Holidays' },
  { value: 'term', label: 'Term' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export function AdminTimetablePage() {
  const [params, setParams] = useSearchParams();
  const named = params.get('tab');
  const tab: Tab = TABS.find((t) => t.value === named)?.value ?? 'week';
  const group = params.get('group') || null;
  const change = (values: Record<string, string | null>) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        for (const [key, value] of Object.entries(values)) {
          if (value === null) after.delete(key);
          else after.set(key, value);
        }
        return after;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle>Timetable</PageTitle>
      <Text mb="lg">
        Each group’s weekly periods, the courses they are of, the holidays and the term. A whole timetable can
        also be imported from a CSV file on the Import page.
      </Text>
      <Tabs
        value={tab}
        onChange={(value) => change({ tab: value === 'week' ? null : value })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="week">
          <WeekPanel group={group} onGroup={(name) => change({ group: name })} />
        </Tabs.Panel>
        <Tabs.Panel value="courses">
          <CoursesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="term">
          <TermSettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
