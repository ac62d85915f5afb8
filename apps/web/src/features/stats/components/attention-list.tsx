/**
 * What needs the admin now, each line leading to the screen that deals with it; what needs nothing
 * says so in one line rather than a row of zeros.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ATTENDANCE_WARNING_PERCENT, MESSAGES, PATHS, type AdminOverview } from '@campus/contract';
import { formatCount } from '../../../lib/format';
import { useAdminOverview } from '../api';

interface Need {
  count: number;
  text: string;
  to?: string;
  action?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "A, B, C and 2 more". */
function listed({ count, names }: { count: number; names: string[] }): string {
  const more = count - names.length;
  return more > 0 ? `${names.join(', ')} and ${formatCount(more)} more` : names.join(', ');
}

export function needsOf({ attention }: AdminOverview): Need[] {
  return [
    {
      count: attention.recentSupport,
      text: `${plural(attention.recentSupport, 'support message')} in the last 7 days`,
      to: PATHS.admin.help,
      action: 'Read them',
    },
    {
      count: attention.groupsWithoutMentor.count,
      text: `${plural(attention.groupsWithoutMentor.count, 'group')} without a mentor: ${listed(attention.groupsWithoutMentor)}`,
      to: PATHS.admin.groups,
      action: 'Assign mentors',
    },
    {
      count: attention.groupsNotMarkedToday.count,
      text: `${plural(attention.groupsNotMarkedToday.count, 'group')} with no attendance marked today: ${listed(attention.groupsNotMarkedToday)}`,
      to: PATHS.admin.attendanceReport,
      action: 'Open the report',
    },
    {
      count: attention.studentsBelowMinimum,
      text: `${plural(attention.studentsBelowMinimum, 'student')} below ${ATTENDANCE_WARNING_PERCENT}% attendance`,
      to: PATHS.admin.attendanceReport,
      action: 'Open the report',
    },
    {
      count: attention.stalePendingGatePasses,
      text: `${plural(attention.stalePendingGatePasses, 'gate pass', 'gate passes')} still pending after their day`,
    },
    {
      count: attention.recentImports,
      text: `${plural(attention.recentImports, 'import')} in the last 7 days`,
      to: PATHS.admin.audit,
      action: 'See the audit log',
    },
  ].filter((need) => need.count > 0);
}

export function AttentionList({ enabled = true }: { enabled?: boolean }) {
  const overview = useAdminOverview({ enabled });
  let body;
  if (overview.isPending) body = <Text role="status">Loading...</Text>;
  else if (overview.isError)
    body = (
      <Text c="var(--campus-text-danger)" fw={500} role="alert">
        {MESSAGES.profile.fetchDataFailed}
      </Text>
    );
  else {
    const needs = needsOf(overview.data);
    body =
      needs.length === 0 ? (
        <Text>Nothing needs you right now.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {needs.map((need) => (
            <Group component="li" key={need.text} gap="sm" wrap="nowrap" align="flex-start">
              <Badge color="blue.9" variant="filled" style={{ flexShrink: 0 }} aria-hidden>
                {formatCount(need.count)}
              </Badge>
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {need.text}
                {need.to && (
                  <>
                    {' · '}
                    <Anchor component={Link} to={need.to} size="sm" underline="always">
                      {need.action}
                    </Anchor>
                  </>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      );
  }
  return (
    <Paper component="section" aria-labelledby="needs-attention" withBorder p="lg" radius="md">
      <Title order={2} size="h4" id="needs-attention" mb="sm">
        Needs your attention
      </Title>
      {body}
    </Paper>
  );
}
