/** One Statistics card: its label, its own count (or loading / error text) and a link to the matching list. */
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type StatKey } from '@campus/contract';
import { formatCount } from '../../../lib/format';
import { useStatCount } from '../api';

export interface StatLink {
  to: string;
  label: string;
}

export function StatCard({ statKey, label, link }: { statKey: StatKey; label: string; link?: StatLink }) {
  const headingId = useId();
  const count = useStatCount(statKey);

  let value;
  if (count.isPending) value = <Text role="status">Loading...</Text>;
  else if (count.isError)
    value = (
      <Text c="var(--campus-text-danger)" fw={500} role="alert">
        {MESSAGES.profile.fetchDataFailed}
      </Text>
    );
  else
    value = (
      <Text fz={36} fw={700} lh={1.2}>
        {formatCount(count.data)}
      </Text>
    );

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder shadow="xs" p="lg" radius="md">
      <Title order={2} size="h5" id={headingId} mb="xs">
        {label}
      </Title>
      {value}
      {link && (
        <Anchor component={Link} to={link.to} size="sm" mt="sm" display="inline-block">
          {link.label}
        </Anchor>
      )}
    </Paper>
  );
}
