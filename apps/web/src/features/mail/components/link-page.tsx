/**
 * What the pages of an emailed link share (forgot password, reset password, confirm email): one card
 * under the page's heading, and one request to the server whose answer the card then shows.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { MESSAGES } from '@campus/contract';
import { saidOfAccount, useAccountWords } from '../../../i18n/account';
import { serverMessageOr } from '../../../lib/api-client';

/** The server's message on success, or why the request was refused, in words. */
export interface LinkAnswer {
  ok: boolean;
  message: string;
}

/**
 * One request at a time and its answer: `send` clears the last answer, and keeps the server's
 * message, or its refusal; `refuse` answers without asking (a form that does not pass its checks).
 */
export function useLinkRequest() {
  const t = useAccountWords();
  const [answer, setAnswer] = useState<LinkAnswer | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function send(request: () => Promise<{ message: string }>): Promise<void> {
    setSubmitting(true);
    setAnswer(null);
    try {
      // The server writes English; a message the catalogue knows is shown in the person's language.
      setAnswer({ ok: true, message: saidOfAccount(t, (await request()).message) });
    } catch (error) {
      const message = serverMessageOr(error, MESSAGES.login.serverError);
      setAnswer({ ok: false, message: saidOfAccount(t, message) });
    } finally {
      setSubmitting(false);
    }
  }

  const refuse = (message: string) => setAnswer({ ok: false, message });
  return { answer, submitting, send, refuse };
}

/** The page's card, headed by `title`, which is also the document's title. */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useAccountWords();
  const documentTitle = t('mail.documentTitle', { title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Stack align="center" gap="lg" p="md" pt="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
