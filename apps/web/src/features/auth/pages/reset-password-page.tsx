/** Reset password (/reset?token=…): the page an emailed reset link opens; sets a new password once. */
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, PATHS, ResetPasswordRequestSchema } from '@campus/contract';
import { resetPassword } from '../../mail/api';
import { LinkPage, useLinkRequest } from '../../mail/components/link-page';

const TITLE = 'Choose a new password';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const { answer: result, submitting, send, refuse } = useLinkRequest();

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = ResetPasswordRequestSchema.safeParse({ token, newPassword });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    if (confirm !== newPassword) {
      refuse('The two passwords differ');
      return;
    }
    await send(() => resetPassword(token, newPassword));
  }

  return (
    <LinkPage title={TITLE}>
      {!token ? (
        <Alert color="red" role="alert">
          This page opens from the link in a password reset email. Ask for a new link on the sign-in screen.
        </Alert>
      ) : result?.ok ? (
        <Alert color="green" role="status">
          {result.message}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Choose a new password">
          <Stack>
            <Text>
              The link works once. Every session of the account is signed out when the password changes.
            </Text>
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNew(e.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            {result && (
              <Text c="var(--campus-text-danger)" role="alert" fw={500}>
                {result.message}
              </Text>
            )}
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? MESSAGES.submitting : 'Set new password'}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.signIn} ta="center" size="sm">
        {result?.ok ? 'Sign in' : 'Back to sign in'}
      </Anchor>
    </LinkPage>
  );
}
