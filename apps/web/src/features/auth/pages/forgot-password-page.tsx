/**
 * Forgot password (/forgot-password): asks for a reset link by User ID. The answer is the same
 * whether or not the account exists; without email on this campus, it says to ask an admin and leads
 * to the support form.
 */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_OFF_RESET_MESSAGE, MESSAGES, PATHS } from '@campus/contract';
import { LoadingState } from '../../../components/page-states';
import { forgotPassword, useMailStatus } from '../../mail/api';
import { LinkPage, useLinkRequest } from '../../mail/components/link-page';

const TITLE = 'Forgot password';

export function ForgotPasswordPage() {
  const status = useMailStatus();
  const [userId, setUserId] = useState('');
  const { answer, submitting, send, refuse } = useLinkRequest();

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!/^\d{1,9}$/.test(userId.trim())) {
      refuse('Enter your User ID (numbers only).');
      return;
    }
    await send(() => forgotPassword(userId.trim()));
  }

  return (
    <LinkPage title={TITLE}>
      {status.isPending ? (
        <LoadingState />
      ) : status.data && !status.data.emailEnabled ? (
        <>
          <Alert color="yellow" role="status">
            {EMAIL_OFF_RESET_MESSAGE}
          </Alert>
          <Button component={Link} to={PATHS.support} variant="default">
            Contact support
          </Button>
        </>
      ) : answer?.ok ? (
        <Alert color="green" role="status">
          {answer.message}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Ask for a reset link">
          <Stack>
            <Text>
              Enter your User ID. If your account has an email address, we send a link there to choose a new
              password.
            </Text>
            <TextInput
              label="User ID"
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
              {submitting ? MESSAGES.submitting : 'Send reset link'}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.signIn} ta="center" size="sm">
        Back to sign in
      </Anchor>
    </LinkPage>
  );
}
