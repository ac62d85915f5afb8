/**
 * Forgot password (/forgot-password): asks for a reset link by User ID. The answer is the same
 * whether or not the account exists; without email on this campus, it says to ask an admin and leads
 * to the support form.
 */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import { LoadingState } from '../../../components/page-states';
import { forgotPassword, useMailStatus } from '../../mail/api';
import { LinkPage, useLinkRequest } from '../../mail/components/link-page';

export function ForgotPasswordPage() {
  const status = useMailStatus();
  const [userId, setUserId] = useState('');
  const { answer, submitting, send, refuse } = useLinkRequest();
  const t = useAccountWords();

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\d{1,9}$/.test(userId.trim())) {
      refuse(t('password.userIdOnly'));
      return;
    }
    await send(() => forgotPassword(userId.trim()));
  }

  return (
    <LinkPage title={t('password.forgotTitle')}>
      {status.isPending ? (
        <LoadingState label={t('profile.loading')} />
      ) : status.data && !status.data.emailEnabled ? (
        <>
          <Alert color="yellow" role="status">
            {t('password.emailOff')}
          </Alert>
          <Button component={Link} to={PATHS.support} variant="default">
            {t('password.contactSupport')}
          </Button>
        </>
      ) : answer?.ok ? (
        <Alert color="green" role="status">
          {answer.message}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('password.askForLink')}>
          <Stack>
            <Text>{t('password.forgotAbout')}</Text>
            <TextInput
              label={t('password.userId')}
              name="userId"
              inputMode="numeric"
              autoComplete="username"
              required
              value={userId}
              onChange={(e) => setUserId(e.currentTarget.value)}
            />
            {answer && (
              <Text c="var(--campus-text-danger)" role="alert" fw={500}>
                {answer.message}
              </Text>
            )}
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? t('submitting') : t('password.sendLink')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.signIn} ta="center" size="sm">
        {t('password.backToSignIn')}
      </Anchor>
    </LinkPage>
  );
}
