/**
 * A guardian's one screen (/guardian/children), phone first: a switcher between their children, and
 * for the chosen child where they are today, attendance with the forecast per course, gate passes
 * and their movements (answering one that waits for consent), leave, and marks. Only the
 * guardian's own children are ever asked for. Every word is the guardian catalogue's (record 0090).
 */
import { Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { ChildToday, GuardianChild } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Segmented } from '../../../components/segmented';
import { usePreloadForecast } from '../../../i18n/forecast';
import { useGuardianWords } from '../../../i18n/guardian';
import { formatClock, formatDay } from '../../../lib/format';
import { useUrlState } from '../../../lib/url-state';
import { serverMessageOr } from '../../../lib/api-client';
import { choosePassword, useChild, useChildren, useReportAbsence } from '../api';
import { Attendance, Leave, Marks, Passes } from '../components/child-records';
import { PasswordField } from '../../../components/password-field';
import { DayInput } from '../../../components/day-input';
import { useCampusDay } from '../../timetable/campus-now';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * Where the child is now, in words. `since` and `returnBy` are both the campus's wall clock (HH:MM),
 * so they are written in the reader's form without a zone conversion.
 */
export function todayText(today: ChildToday, t: T): string {
  if (today.state === 'out') {
    const since = formatClock(today.since);
    return today.returnBy
      ? t('today.outBack', { since, returnBy: formatClock(today.returnBy) })
      : t('today.out', { since });
  }
  if (today.state === 'leave') return t('today.leave', { until: formatDay(today.until) });
  return t('today.in');
}

const TODAY_COLOR = { in: 'green', out: 'orange', leave: 'blue' } as const;
/** The line wraps on a phone rather than cutting off when the child is due back. */
const TODAY_STYLES = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', textAlign: 'start' },
} as const;

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

function Answer({ answer }: { answer: { ok: boolean; text: string } | null }) {
  if (!answer) return null;
  return (
    <Text
      role={answer.ok ? 'status' : 'alert'}
      c={answer.ok ? undefined : 'var(--campus-text-danger)'}
      fw={500}
    >
      {answer.text}
    </Text>
  );
}

/**
 * "Not coming today / until Friday": a leave application the mentor decides. Both days start on the
 * campus's today in its zone (`timeZone`, with the child's records), as the server checks the range.
 */
function ReportAbsence({ child, timeZone }: { child: GuardianChild; timeZone: string }) {
  const { t } = useGuardianWords();
  const report = useReportAbsence(child.rollNo);
  const today = useCampusDay(timeZone, { steady: true });
  // Null until chosen: the campus's today is known once its clock has loaded; Until follows From.
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const [chosenTo, setTo] = useState<string | null>(null);
  const from = chosenFrom ?? today;
  const to = chosenTo ?? from;
  const toError = to < from ? t('absence.beforeFrom') : undefined;
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const firstName = child.name.split(' ')[0] ?? child.name;

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (toError) return;
    if (!reason.trim()) {
      setAnswer({ ok: false, text: t('absence.sayWhy') });
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
        onError: (error) => setAnswer({ ok: false, text: serverMessageOr(error, t('absence.failed')) }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('absence.form', { name: firstName })}>
      <Stack gap="sm">
        <Group grow wrap="wrap" gap="sm">
          <DayInput label={t('absence.from')} required value={from} onChange={setFrom} />
          <DayInput
            label={t('absence.until')}
            required
            value={to}
            onChange={setTo}
            min={from}
            error={toError}
          />
        </Group>
        <Textarea
          label={t('absence.reason')}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Answer answer={answer} />
        <Button type="submit" mih={44} disabled={report.isPending}>
          {report.isPending ? t('absence.reporting') : t('absence.submit', { name: firstName })}
        </Button>
      </Stack>
    </form>
  );
}

function ChildView({ child }: { child: GuardianChild }) {
  const { t } = useGuardianWords();
  const detail = useChild(child.rollNo);
  usePreloadForecast();
  return (
    <Stack gap="md">
      <Section title={t('sections.today')}>
        <Group gap="xs" wrap="wrap">
          <Badge size="lg" variant="light" color={TODAY_COLOR[child.today.state]} styles={TODAY_STYLES}>
            {todayText(child.today, t)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t('child.line', { name: child.name, rollNo: child.rollNo, group: child.group })}
        </Text>
      </Section>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <LoadFailedState
          title={t('child.loadFailed', { name: child.name })}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <Section title={t('sections.passes')}>
            <Passes detail={detail.data} />
          </Section>
          <Section title={t('sections.attendance')}>
            <Attendance detail={detail.data} />
          </Section>
          <Section title={t('sections.leave')}>
            <Leave detail={detail.data} />
          </Section>
          <Section title={t('sections.absence')}>
            <ReportAbsence child={child} timeZone={detail.data.timeZone} />
          </Section>
          <Section title={t('sections.marks')}>
            <Marks detail={detail.data} />
          </Section>
        </>
      )}
    </Stack>
  );
}

/** A password to sign in with next time, chosen soon after signing in by code. */
function ChoosePassword() {
  const { t } = useGuardianWords();
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
      setAnswer({ ok: false, text: serverMessageOr(error, t('password.failed')) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('password.form')}>
      <Stack gap="sm">
        <Text size="sm">{t('password.hint')}</Text>
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Answer answer={answer} />
        <Button type="submit" variant="default" mih={44} disabled={saving}>
          {saving ? t('password.saving') : t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function GuardianChildrenPage() {
  const { t } = useGuardianWords();
  const children = useChildren();
  const url = useUrlState();
  if (children.isPending) return <LoadingState />;
  if (children.isError)
    return <LoadFailedState title={t('list.loadFailed')} onRetry={() => void children.refetch()} />;
  const list = children.data;
  if (list.length === 0)
    return (
      <>
        <PageTitle>{t('title')}</PageTitle>
        <EmptyState hint={t('list.emptyHint')}>{t('list.empty')}</EmptyState>
      </>
    );
  const chosen = list.find((c) => String(c.rollNo) === url.params.get('child')) ?? list[0]!;
  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('title')}</PageTitle>
      {list.length > 1 && (
        <Segmented
          label={t('list.switcher')}
          data={list.map((c) => ({ value: String(c.rollNo), label: c.name.split(' ')[0] ?? c.name }))}
          value={String(chosen.rollNo)}
          onChange={(value) => url.change({ child: value })}
          style={{ minHeight: 44 }}
        />
      )}
      <ChildView key={chosen.rollNo} child={chosen} />
      <Section title={t('sections.password')}>
        <ChoosePassword />
      </Section>
    </Stack>
  );
}
