/**
 * Confirm email (/verify-email?token=…): the page a confirmation link opens. The address changes
 * only when the person presses Confirm, so a mail scanner that opens links changes nothing.
 */
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useAccountWords } from '../../../i18n/account';
import { verifyEmail } from '../api';
import { LinkPage, useLinkRequest } from '../components/link-page';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { answer: result, submitting, send } = useLinkRequest();
  const t = useAccountWords();

  return (
    <LinkPage title={t('mail.verify.title')}>
      {!token ? (
        <Alert color="red" role="alert">
          {t('mail.verify.noToken')}
        </Alert>
      ) : result?.ok ? (
        <Alert color="green" role="status">
          {result.message}
        </Alert>
      ) : (
        <>
          <Text>{t('mail.verify.about')}</Text>
          {result && (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          )}
          <Button onClick={() => void send(() => verifyEmail(token))} disabled={submitting}>
            {submitting ? t('submitting') : t('mail.verify.confirm')}
          </Button>
        </>
      )}
      <Anchor component={Link} to="/">
        {t('mail.verify.toSignIn')}
      </Anchor>
    </LinkPage>
  );
}
