/** One of the student's own gate passes as a card (teachers see passes in the work list table). */
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type GatePass, type GatePassStatus, type GateState } from '@campus/contract';
import type { ReactNode } from 'react';
import { TimeAgo } from '../../../components/time-ago';
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

/** A pass that closed itself: its day passed while it was still pending (decision record 0067). */
export const CLOSED_LABEL = 'Closed';
export const CLOSED_WHY = 'Not decided before its day passed';

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
  const heading = `Gate pass for ${formatDay(pass.date)} at ${formatClock(pass.time)}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={heading}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {heading}
          </Title>
          <Group gap="xs">
            <Badge color={pass.closedAt ? 'gray.7' : STATUS_COLOR[pass.approvedStatus]} variant="filled">
              {pass.closedAt ? 'closed' : pass.approvedStatus}
            </Badge>
            {pass.gateState && (
              <Badge
                color={GATE_STATE_LABEL[pass.gateState].color}
                variant="filled"
                size="lg"
                data-testid="gate-state"
              >
                {GATE_STATE_LABEL[pass.gateState].label}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          <Detail label="Contact" value={pass.contact || MESSAGES.profile.notAvailable} />
          <Detail label="Date" value={<time dateTime={pass.date}>{formatDay(pass.date)}</time>} />
          <Detail label="Time" value={formatClock(pass.time)} />
          {pass.returnBy && <Detail label="Back by" value={formatClock(pass.returnBy)} />}
          {pass.exitedAt && <Detail label="Went out" value={<TimeAgo iso={pass.exitedAt} />} />}
          {pass.returnedAt && <Detail label="Came back" value={<TimeAgo iso={pass.returnedAt} />} />}
          <Detail label="Applied" value={<TimeAgo iso={pass.createdAt} />} />
          {pass.decidedBy && <Detail label="Decided by" value={pass.decidedBy} />}
          {pass.decidedAt && <Detail label="Decided" value={<TimeAgo iso={pass.decidedAt} />} />}
        </SimpleGrid>
        <Detail label="Reason" value={pass.reason} />
        {pass.rejectReason && <Detail label="Reason for rejection" value={pass.rejectReason} />}
        {pass.closedAt && (
          <Detail
            label={CLOSED_LABEL}
            value={`${CLOSED_WHY}. Apply again for a new day if you still need to go.`}
          />
        )}
        {actions && <Group gap="sm">{actions}</Group>}
      </Stack>
    </Card>
  );
}
