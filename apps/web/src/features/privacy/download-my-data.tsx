/** On the profile: everything the portal holds about the signed-in person, as one archive. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAccountWords } from '../../i18n/account';
import { serverMessageOr } from '../../lib/api-client';
import { downloadPersonData } from './api';

export function DownloadMyData() {
  const t = useAccountWords();
  const [state, setState] = useState<{ pending: boolean; message: string | null; failed: boolean }>({
    pending: false,
    message: null,
    failed: false,
  });

  const start = () => {
    setState({ pending: true, message: null, failed: false });
    downloadPersonData().then(
      (file) => setState({ pending: false, message: t('myData.saved', { file }), failed: false }),
      (reason: unknown) =>
        setState({
          pending: false,
          message: serverMessageOr(reason, t('myData.failed')),
          failed: true,
        }),
    );
  };

  return (
    <Paper withBorder p="md" radius="md" maw={640} component="section" aria-labelledby="my-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-data-title">
          {t('myData.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myData.intro')}
        </Text>
        <Group>
          <Button variant="default" onClick={start} disabled={state.pending}>
            {state.pending ? t('myData.preparing') : t('myData.download')}
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
