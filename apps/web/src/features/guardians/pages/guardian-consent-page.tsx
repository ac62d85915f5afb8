/**
 * The page a consent link opens (/guardian-consent?pass=…&token=…, decision record 0092). Opening
 * it only reads what the link is for, so a mail program's link checker changes nothing; the
 * guardian's press of a button sends the answer (RFC 8058's spirit). Signed out, phone first.
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS, type ConsentAnswer } from '@campus/contract';
import { LoadingState } from '../../../components/page-states';
import { consentSaid, useGuardianWords } from '../../../i18n/guardian';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { serverMessageOr } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { LinkPage } from '../../mail/components/link-page';
import { answerByLink, useConsentLink } from '../consent-api';

export function GuardianConsentPage() {
  const { t } = useGuardianWords();
  const [params] = useSearchParams();
  const pass = params.get('pass') ?? '';
  const token = params.get('token') ?? '';
  const link = useConsentLink(pass, token);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send(given: ConsentAnswer) {
    setSending(true);
    setAnswer(null);
    try {
      setAnswer({ ok: true, text: consentSaid(t, (await answerByLink(pass, token, given)).message) });
    } catch (error) {
      setAnswer({ ok: false, text: consentSaid(t, serverMessageOr(error, t('link.failed'))) });
    } finally {
      setSending(false);
    }
  }

  const portal = (
    <Anchor
      component={Link}
      to={PATHS.guardian.codeSignIn}
      ta="center"
      mih={44}
      style={{ alignContent: 'center' }}
    >
      {t('link.portal')}
    </Anchor>
  );
  let body;
  if (!pass || !token || link.isError) {
    const message = link.isError ? serverMessageOr(link.error, t('link.failed')) : t('link.said.badLink');
    body = (
      <Alert color="red" role="alert">
        {consentSaid(t, message)}
      </Alert>
    );
  } else if (link.isPending) {
    body = <LoadingState />;
  } else {
    const view = link.data;
    const words = {
      name: view.childName,
      day: formatDay(view.date),
      time: view.time,
      returnBy: view.returnBy,
    };
    body = (
      <Stack>
        <Text fw={600}>{view.returnBy ? t('link.whatBack', words) : t('link.what', words)}</Text>
        <Text>{t('link.reason', { reason: view.reason })}</Text>
        {answer ? (
          <Alert color={answer.ok ? 'green' : 'red'} role={answer.ok ? 'status' : 'alert'}>
            {answer.text}
          </Alert>
        ) : view.consent !== 'waiting' ? (
          <Alert color="yellow" role="status">
            {t(`link.already.${view.consent}`)}
          </Alert>
        ) : (
          <>
            <Text>{t('link.question')}</Text>
            <Group grow gap="sm" wrap="nowrap">
              <Button mih={44} disabled={sending} onClick={() => void send('consent')}>
                {sending ? t('link.sending') : t('link.consent')}
              </Button>
              <Button
                mih={44}
                variant="outline"
                color="red.8"
                disabled={sending}
                onClick={() => void send('decline')}
              >
                {t('link.decline')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    );
  }

  return (
    <LinkPage title={t('link.title')}>
      <Group justify="flex-end">
        <LanguageSwitch />
      </Group>
      {body}
      {portal}
    </LinkPage>
  );
}
