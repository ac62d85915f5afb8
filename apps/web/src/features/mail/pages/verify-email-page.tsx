/**
 * Confirm email (/verify-email?token=…): the page a confirmation link opens. The address changes
 * only when the person presses Confirm, so a mail scanner that opens links changes nothing.
 */
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '@campus/contract';
import { verifyEmail } from '../api';
import { LinkPage, useLinkRequest } from '../components/link-page';

const TITLE = 'Confirm your email address';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { answer: result, submitting, send } = useLinkRequest();

  return (
    <LinkPage title={TITLE}>
      {!token ? (
        <Alert color="red" role="alert">
          This page opens from the link in the mail sent to your new address. Change your email on your
          profile to get a new link.
        </Alert>
      ) : result?.ok ? (
        <Alert color="green" role="status">
          {result.message}
        </Alert>
      ) : (
        <>
          <Text>Campus Portal will send your mail to this address from now on.</Text>
          {result && (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          )}
          <Button onClick={() => void send(() => verifyEmail(token))} disabled={submitting}>
            {submitting ? MESSAGES.submitting : 'Confirm this address'}
          </Button>
        </>
      )}
      <Anchor component={Link} to="/">
        Go to sign in
      </Anchor>
    </LinkPage>
  );
}
