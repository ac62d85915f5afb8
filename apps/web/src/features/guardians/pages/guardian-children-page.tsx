/**
 * A guardian's one screen (/guardian/children), phone first: a switcher between their children, and
 * for the chosen child where they are today, attendance with the forecast per course, gate passes
 * and their movements, leave, and marks. Only the guardian's own children are ever asked for.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { ChildToday, GuardianChild, GuardianChildDetail } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Segmented } from '../../../components/segmented';
import { useUrlState } from '../../../lib/url-state';
import { serverMessageOr } from '../../../lib/api-client';
import { choosePassword, useChild, useChildren, useReportAbsence } from '../api';

const TITLE = 'My children';

/** Where the child is now, in words. */
export function todayText(today: ChildToday): string {
  if (today.state === 'out')
    return `Out on a gate pass since ${today.since}${today.returnBy ? `, back by ${today.returnBy}` : ''}`;
  if (today.state === 'leave') return `On leave until ${today.until}`;
  return 'In school';
}

const TODAY_COLOR = { in: 'green', out: 'orange', leave: 'blue' } as const;

/** An ISO instant as the device's local time, for a pass's exit and return. */
const timeOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Attendance({ detail }: { detail: GuardianChildDetail }) {
  const standings = detail.attendance;
  if (!standings || standings.courses.length === 0)
    return <Text c="dimmed">No lectures have been marked yet this term.</Text>;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        Overall: {standings.overall.percent.toFixed(1)}% ({standings.overall.attended} of{' '}
        {standings.overall.held} lectures)
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {standings.courses.map((course) => (
          <li key={course.course}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={500}>{course.course}</Text>
              <Text>{course.held > 0 ? `${((course.attended / course.held) * 100).toFixed(0)}%` : '—'}</Text>
            </Group>
            <Text size="sm" c={course.state === 'ok' ? 'dimmed' : 'var(--campus-text-danger)'}>
              {course.forecast}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function Passes({ detail }: { detail: GuardianChildDetail }) {
  if (detail.passes.length === 0) return <Text c="dimmed">No gate passes.</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {detail.passes.map((pass) => {
        const out = timeOf(pass.exitedAt);
        const back = timeOf(pass.returnedAt);
        return (
          <li key={pass.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={500}>
                {pass.date} {pass.time}
              </Text>
              <Badge
                variant="light"
                color={pass.status === 'approved' ? 'green' : pass.status === 'pending' ? 'yellow' : 'gray'}
              >
                {pass.revoked ? 'revoked' : pass.status}
              </Badge>
            </Group>
            <Text size="sm">{pass.reason}</Text>
            {(out || back) && (
              <Text size="sm" c="dimmed">
                {out ? `Left at ${out}` : ''}
                {out && back ? ' · ' : ''}
                {back ? `Back at ${back}` : out ? ' · not back yet' : ''}
              </Text>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

function Leave({ detail }: { detail: GuardianChildDetail }) {
  if (detail.leave.length === 0) return <Text c="dimmed">No leave applications.</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {detail.leave.map((leave) => (
        <li key={leave.id}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={500}>{leave.from === leave.to ? leave.from : `${leave.from} to ${leave.to}`}</Text>
            <Badge
              variant="light"
              color={leave.status === 'approved' ? 'green' : leave.status === 'pending' ? 'yellow' : 'gray'}
            >
              {leave.status}
            </Badge>
          </Group>
          <Text size="sm">{leave.reason}</Text>
        </li>
      ))}
    </Stack>
  );
}

function Marks({ detail }: { detail: GuardianChildDetail }) {
  if (!detail.marks) return <Text c="dimmed">No marks recorded yet.</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Semester</Table.Th>
          <Table.Th scope="col">SGPA</Table.Th>
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
          <Table.Th scope="row">CGPA</Table.Th>
          <Table.Td>{detail.marks.cgpa ?? '—'}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The campus day today, as the device reads it (the server checks the range against its own). */
const localDay = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "Not coming today / until Friday": a leave application the mentor decides. */
function ReportAbsence({ child }: { child: GuardianChild }) {
  const report = useReportAbsence(child.rollNo);
  const [from, setFrom] = useState(localDay);
  const [to, setTo] = useState(localDay);
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const firstName = child.name.split(' ')[0] ?? child.name;

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!reason.trim()) {
      setAnswer({ ok: false, text: 'Say why, in a few words.' });
      return;
    }
    setAnswer(null);
    report.mutate(
      { from, to, reason: reason.trim() },
      {
        onSuccess: (res) => {
          setAnswer({ ok: true, text: res.message });
          setReason('');
        },
        onError: (error) => setAnswer({ ok: false, text: serverMessageOr(error, 'Could not report it') }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Report ${firstName}'s absence`}>
      <Stack gap="sm">
        <Group grow wrap="wrap" gap="sm">
          <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="Until" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        <Textarea
          label="Reason"
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {answer && (
          <Text
            role={answer.ok ? 'status' : 'alert'}
            c={answer.ok ? undefined : 'var(--campus-text-danger)'}
            fw={500}
          >
            {answer.text}
          </Text>
        )}
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Reporting...' : `Report ${firstName} absent`}
        </Button>
      </Stack>
    </form>
  );
}

function ChildView({ child }: { child: GuardianChild }) {
  const detail = useChild(child.rollNo);
  return (
    <Stack gap="md">
      <Section title="Today">
        <Group gap="xs" wrap="wrap">
          <Badge size="lg" variant="light" color={TODAY_COLOR[child.today.state]}>
            {todayText(child.today)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {child.name} · roll number {child.rollNo} · group {child.group}
        </Text>
      </Section>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <LoadFailedState
          title={`Could not load ${child.name}'s records`}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <Section title="Attendance">
            <Attendance detail={detail.data} />
          </Section>
          <Section title="Gate passes">
            <Passes detail={detail.data} />
          </Section>
          <Section title="Leave">
            <Leave detail={detail.data} />
          </Section>
          <Section title="Not coming to school?">
            <ReportAbsence child={child} />
          </Section>
          <Section title="Marks">
            <Marks detail={detail.data} />
          </Section>
        </>
      )}
    </Stack>
  );
}

/** A password to sign in with next time, chosen soon after signing in by code. */
function ChoosePassword() {
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    setSaving(true);
    setAnswer(null);
    try {
      setAnswer({ ok: true, text: (await choosePassword(password)).message });
      setPassword('');
    } catch (error) {
      setAnswer({ ok: false, text: serverMessageOr(error, 'Could not set the password') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Choose a password">
      <Stack gap="sm">
        <Text size="sm">No code needed next time: choose a password (at least 8 characters).</Text>
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {answer && (
          <Text
            role={answer.ok ? 'status' : 'alert'}
            c={answer.ok ? undefined : 'var(--campus-text-danger)'}
            fw={500}
          >
            {answer.text}
          </Text>
        )}
        <Button type="submit" variant="default" disabled={saving}>
          {saving ? 'Saving...' : 'Set password'}
        </Button>
      </Stack>
    </form>
  );
}

export function GuardianChildrenPage() {
  const children = useChildren();
  const url = useUrlState();
  if (children.isPending) return <LoadingState />;
  if (children.isError)
    return <LoadFailedState title="Could not load your children" onRetry={() => void children.refetch()} />;
  const list = children.data;
  if (list.length === 0)
    return (
      <>
        <PageTitle>{TITLE}</PageTitle>
        <EmptyState hint="Ask the campus office to link you to your child.">
          No students are linked to you yet.
        </EmptyState>
      </>
    );
  const chosen = list.find((c) => String(c.rollNo) === url.params.get('child')) ?? list[0]!;
  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{TITLE}</PageTitle>
      {list.length > 1 && (
        <Segmented
          label="Show the records of"
          data={list.map((c) => ({ value: String(c.rollNo), label: c.name.split(' ')[0] ?? c.name }))}
          value={String(chosen.rollNo)}
          onChange={(value) => url.change({ child: value })}
          style={{ minHeight: 44 }}
        />
      )}
      <ChildView key={chosen.rollNo} child={chosen} />
      <Section title="Sign in with a password">
        <ChoosePassword />
      </Section>
    </Stack>
  );
}
