/**
 * Confirm email (/verify-email?token=…): the page a confirmation link opens. The address changes
 * only when the person presses Confirm, so a mail scanner that opens links changes nothing.
 */
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { verifyEmail } from '../api';

const TITLE = 'Confirm your email address';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    document.title = `${TITLE} · Campus Portal`;
  }, []);

  async function confirm() {
    setSubmitting(true);
    setResult(null);
    try {
      setResult({ ok: true, message: (await verifyEmail(token)).message });
    } catch (error) {
      setResult({ ok: false, message: serverMessageOr(error, MESSAGES.login.serverError) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Stack align="center" gap="lg" p="md" pt="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            {TITLE}
          </Title>
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
              <Button onClick={() => void confirm()} disabled={submitting}>
                {submitting ? MESSAGES.submitting : 'Confirm this address'}
              </Button>
            </>
          )}
          <Anchor component={Link} to="/">
            Go to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
