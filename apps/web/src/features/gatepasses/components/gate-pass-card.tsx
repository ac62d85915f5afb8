/** One of the student's own gate passes as a card (teachers see passes in the work list table). */
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DECLINED_BY_GUARDIAN, type GatePass, type GatePassStatus, type GateState } from '@campus/contract';
import type { ReactNode } from 'react';
import { TimeAgoIn as TimeAgo } from '../../../i18n/relative-time';
import { useStudentWords } from '../../../i18n/student';
import { formatClock, formatDay } from '../../../lib/format';

/** Filled badges in shades dark enough for white text to meet WCAG AA. */
const STATUS_COLOR: Record<GatePassStatus, string> = {
  pending: 'gray.7',
  approved: 'teal.9',
  rejected: 'red.9',
};

/** Where an approved pass stands at the gate, in words and colour. */
export const GATE_STATE_LABEL: Record<GateState, { label: string; color: string }> = {
  ready: { label: 'Ready to use', color: 'blue.9' },
  // Mantine's darkest orange (orange.9) gives white text 4.3:1; this one 5.9:1 (WCAG AA is 4.5).
  out: { label: 'Out', color: '#b23c0a' },
  overdue: { label: 'Overdue', color: 'red.9' },
  returned: { label: 'Returned', color: 'teal.9' },
  expired: { label: 'Expired', color: 'gray.7' },
  revoked: { label: 'Revoked', color: 'red.9' },
};

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

export function GatePassCard({ pass, actions }: { pass: GatePass; actions?: ReactNode }) {
  const { t } = useStudentWords();
  const heading = t('gatepass.card.heading', { day: formatDay(pass.date), time: formatClock(pass.time) });
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={heading}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {heading}
          </Title>
          <Group gap="xs">
            <Badge color={pass.closedAt ? 'gray.7' : STATUS_COLOR[pass.approvedStatus]} variant="filled">
              {t(`gatepass.card.status.${pass.closedAt ? 'closed' : pass.approvedStatus}`)}
            </Badge>
            {pass.gateState && (
              <Badge
                color={GATE_STATE_LABEL[pass.gateState].color}
                variant="filled"
                size="lg"
                data-testid="gate-state"
              >
                {t(`gatepass.card.gate.${pass.gateState}`)}
              </Badge>
            )}
          </Group>
        </Group>
        {pass.waitingFor === 'guardian' && (
          <Text fw={600} data-testid="waiting-for-guardian">
            {t('gatepass.card.waitingForGuardian')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          <Detail
            label={t('gatepass.card.contact')}
            value={pass.contact || t('states.notAvailable', { ns: 'common' })}
          />
          <Detail
            label={t('gatepass.card.date')}
            value={<time dateTime={pass.date}>{formatDay(pass.date)}</time>}
          />
          <Detail label={t('gatepass.card.time')} value={formatClock(pass.time)} />
          {pass.returnBy && <Detail label={t('gatepass.card.backBy')} value={formatClock(pass.returnBy)} />}
          {pass.exitedAt && (
            <Detail label={t('gatepass.card.wentOut')} value={<TimeAgo iso={pass.exitedAt} />} />
          )}
          {pass.returnedAt && (
            <Detail label={t('gatepass.card.cameBack')} value={<TimeAgo iso={pass.returnedAt} />} />
          )}
          <Detail label={t('gatepass.card.applied')} value={<TimeAgo iso={pass.createdAt} />} />
          {pass.decidedBy && <Detail label={t('gatepass.card.decidedBy')} value={pass.decidedBy} />}
          {pass.decidedAt && (
            <Detail label={t('gatepass.card.decided')} value={<TimeAgo iso={pass.decidedAt} />} />
          )}
        </SimpleGrid>
        <Detail label={t('gatepass.card.reason')} value={pass.reason} />
        {pass.rejectReason && (
          <Detail
            label={t('gatepass.card.rejectReason')}
            value={
              pass.rejectReason === DECLINED_BY_GUARDIAN
                ? t('gatepass.card.declinedByGuardian')
                : pass.rejectReason
            }
          />
        )}
        {pass.closedAt && <Detail label={t('gatepass.card.closed')} value={t('gatepass.card.closedWhy')} />}
        {actions && <Group gap="sm">{actions}</Group>}
      </Stack>
    </Card>
  );
}
