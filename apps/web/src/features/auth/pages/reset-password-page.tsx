/** Reset password (/reset?token=…): the page an emailed reset link opens; sets a new password once. */
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS, ResetPasswordRequestSchema } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import { resetPassword } from '../../mail/api';
import { LinkPage, useLinkRequest } from '../../mail/components/link-page';
import { PasswordField } from '../../../components/password-field';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const { answer: result, submitting, send, refuse } = useLinkRequest();
  const t = useAccountWords();

  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = ResetPasswordRequestSchema.safeParse({ token, newPassword });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? t('password.checkForm'));
      return;
    }
    if (confirm !== newPassword) {
      refuse(t('password.differ'));
      return;
    }
    await send(() => resetPassword(token, newPassword));
  }

  return (
    <LinkPage title={t('password.chooseTitle')}>
      {!token ? (
        <Alert color="red" role="alert">
          {t('password.resetNoToken')}
        </Alert>
      ) : result?.ok ? (
        <Alert color="green" role="status">
          {result.message}
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('password.chooseTitle')}>
          <Stack>
            <Text>{t('password.resetAbout')}</Text>
            <PasswordField
              label={t('password.new')}
              description={t('password.atLeast')}
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNew(e.currentTarget.value)}
            />
            <PasswordField
              label={t('password.confirmNew')}
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
              {submitting ? t('submitting') : t('password.setNew')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.signIn} ta="center" size="sm">
        {t(result?.ok ? 'password.signIn' : 'password.backToSignIn')}
      </Anchor>
    </LinkPage>
  );
}
