/**
 * One child's records on the guardian's screen (decision record 0091): attendance with the
 * forecast per course, gate passes with their movements (and Consent / Decline on one that waits
 * for the guardian, decision record 0092), leave and marks, in the guardian's language.
 */
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { GuardianChildDetail } from '@campus/contract';
import { useForecastWords } from '../../../i18n/forecast';
import { useGuardianWords } from '../../../i18n/guardian';
import { formatClock, formatDay, formatTimeOfDay } from '../../../lib/format';
import { lectureNumber, percentText } from '../../timetable/format';
import { forecastWords } from '../../timetable/standing-words';
import { PassConsent } from './pass-consent';

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;
const STATUS_COLOR = { approved: 'green', pending: 'yellow', rejected: 'gray' } as const;

const leaveColor = (status: string) =>
  status === 'approved' || status === 'pending' || status === 'rejected' ? STATUS_COLOR[status] : 'gray';

/**
 * A pass's exit or return on the campus's clock, in the guardian's language: a guardian abroad reads
 * the hour the gate saw.
 */
const timeOf = (iso: string | null, timeZone: string | undefined) =>
  iso ? formatTimeOfDay(iso, timeZone) : null;

export function Attendance({ detail }: { detail: GuardianChildDetail }) {
  const { t, i18n } = useGuardianWords();
  const forecast = useForecastWords().t;
  const standings = detail.attendance;
  if (!standings || standings.courses.length === 0) return <Text c="dimmed">{t('attendance.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('attendance.overall', {
          percent: lectureNumber(standings.overall.percent),
          attended: standings.overall.attended,
          held: standings.overall.held,
        })}
      </Text>
      <Stack gap="xs" component="ul" style={LIST_STYLE}>
        {standings.courses.map((course) => (
          <li key={course.course}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={500}>{course.course}</Text>
              <Text>{course.held > 0 ? percentText(course.percent) : '—'}</Text>
            </Group>
            <Text size="sm" c={course.state === 'ok' ? 'dimmed' : 'var(--campus-text-danger)'}>
              {forecastWords(forecast, course, i18n.language)}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

export function Passes({ detail }: { detail: GuardianChildDetail }) {
  const { t } = useGuardianWords();
  if (detail.passes.length === 0) return <Text c="dimmed">{t('passes.none')}</Text>;
  const firstName = detail.name.split(' ')[0] ?? detail.name;
  return (
    <Stack gap="sm" component="ul" style={LIST_STYLE}>
      {detail.passes.map((pass) => {
        const out = timeOf(pass.exitedAt, detail.timeZone);
        const back = timeOf(pass.returnedAt, detail.timeZone);
        const waiting = pass.status === 'pending' && pass.consent === 'waiting';
        const status = pass.revoked ? 'revoked' : waiting ? 'waiting' : pass.status;
        const day = formatDay(pass.date);
        return (
          <li key={pass.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {/* The planned time is the campus's wall clock already: written in the reader's form, not moved. */}
              <Text fw={500}>{t('passes.when', { day, time: formatClock(pass.time) })}</Text>
              <Badge variant="light" color={waiting ? 'orange' : STATUS_COLOR[pass.status]}>
                {t(`passes.status.${status}`)}
              </Badge>
            </Group>
            <Text size="sm">{pass.reason}</Text>
            {(out || back) && (
              <Text size="sm" c="dimmed">
                {[
                  out ? t('passes.left', { time: out }) : null,
                  back ? t('passes.back', { time: back }) : out ? t('passes.notBack') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
            {waiting && (
              <PassConsent rollNo={detail.rollNo} passId={pass.id} childName={firstName} day={day} />
            )}
          </li>
        );
      })}
    </Stack>
  );
}

export function Leave({ detail }: { detail: GuardianChildDetail }) {
  const { t } = useGuardianWords();
  if (detail.leave.length === 0) return <Text c="dimmed">{t('leave.none')}</Text>;
  return (
    <Stack gap="xs" component="ul" style={LIST_STYLE}>
      {detail.leave.map((leave) => (
        <li key={leave.id}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={500}>
              {leave.from === leave.to
                ? formatDay(leave.from)
                : t('leave.range', { from: formatDay(leave.from), to: formatDay(leave.to) })}
            </Text>
            <Badge variant="light" color={leaveColor(leave.status)}>
              {t(`leave.status.${leave.status}`, { defaultValue: leave.status })}
            </Badge>
          </Group>
          <Text size="sm">{leave.reason}</Text>
        </li>
      ))}
    </Stack>
  );
}

export function Marks({ detail }: { detail: GuardianChildDetail }) {
  const { t } = useGuardianWords();
  if (!detail.marks) return <Text c="dimmed">{t('marks.none')}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('marks.semester')}</Table.Th>
          <Table.Th scope="col">{t('marks.sgpa')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detail.marks.semesters.map((s) => (
          <Table.Tr key={s.semester}>
            <Table.Td>{s.semester}</Table.Td>
            <Table.Td>{s.sgpa ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{t('marks.cgpa')}</Table.Th>
          <Table.Td>{detail.marks.cgpa ?? '—'}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
