/**
 * Consent / Decline for a child's gate pass that waits for the guardian (decision record 0092):
 * phone first, two buttons side by side, each at least 44 px high. Consent hands the pass to the
 * mentor; decline rejects it.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConsentAnswer } from '@campus/contract';
import { consentSaid, useGuardianWords } from '../../../i18n/guardian';
import { serverMessageOr } from '../../../lib/api-client';
import { useAnswerConsent } from '../consent-api';

export function PassConsent({
  rollNo,
  passId,
  childName,
  day,
}: {
  rollNo: number;
  passId: string;
  childName: string;
  /** The pass's day as shown, to name the buttons' group. */
  day: string;
}) {
  const { t } = useGuardianWords();
  const answer = useAnswerConsent(rollNo);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const send = (given: ConsentAnswer) => {
    setOutcome(null);
    answer.mutate(
      { id: passId, answer: given },
      {
        onSuccess: (res) => setOutcome({ ok: true, text: consentSaid(t, res.message) }),
        onError: (error) =>
          setOutcome({ ok: false, text: consentSaid(t, serverMessageOr(error, t('consent.failed'))) }),
      },
    );
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('consent.group', { day })}>
      <Text size="sm">{t('consent.asks', { name: childName })}</Text>
      {outcome && (
        <Text
          role={outcome.ok ? 'status' : 'alert'}
          c={outcome.ok ? undefined : 'var(--campus-text-danger)'}
          fw={500}
        >
          {outcome.text}
        </Text>
      )}
      {!outcome?.ok && (
        <Group grow gap="sm" wrap="nowrap">
          <Button mih={44} disabled={answer.isPending} onClick={() => send('consent')}>
            {answer.isPending ? t('consent.sending') : t('consent.consent')}
          </Button>
          <Button
            mih={44}
            variant="outline"
            color="red.8"
            disabled={answer.isPending}
            onClick={() => send('decline')}
          >
            {t('consent.decline')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
