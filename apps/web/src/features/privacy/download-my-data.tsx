/** On the profile: everything the portal holds about the signed-in person, as one archive. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessageOr } from '../../lib/api-client';
import { downloadPersonData } from './api';

export function DownloadMyData() {
  const [state, setState] = useState<{ pending: boolean; message: string | null; failed: boolean }>({
    pending: false,
    message: null,
    failed: false,
  });

  const start = () => {
    setState({ pending: true, message: null, failed: false });
    downloadPersonData().then(
      (file) => setState({ pending: false, message: `Saved as ${file}.`, failed: false }),
      (reason: unknown) =>
        setState({
          pending: false,
          message: serverMessageOr(reason, 'Could not download. Please try again.'),
          failed: true,
        }),
    );
  };

  return (
    <Paper withBorder p="md" radius="md" maw={640} component="section" aria-labelledby="my-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-data-title">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          A ZIP file with everything the portal holds about you: your profile, and a spreadsheet (CSV) of each
          kind of record, such as gate passes, queries, attendance and marks.
        </Text>
        <Group>
          <Button variant="default" onClick={start} disabled={state.pending}>
            {state.pending ? 'Preparing…' : 'Download my data'}
          </Button>
        </Group>
        {state.message && (
          <Text
            size="sm"
            role={state.failed ? 'alert' : 'status'}
            c={state.failed ? 'var(--campus-text-danger)' : undefined}
          >
            {state.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
