/** A test server that sends its mail to a real SMTP sink on loopback, and delivers what is due. */
import { createTestApp, type TestApp } from './app';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export const TEST_PUBLIC_URL = 'https://portal.test.example';

export async function createMailTestApp(): Promise<{
  t: TestApp;
  smtp: SmtpSink;
  /** Sends every mail that is due, after the work the server started apart from requests. */
  deliver(): Promise<void>;
  close(): Promise<void>;
}> {
  const smtp = await startSmtpSink();
  const t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Campus Portal <portal@test.example>', publicUrl: TEST_PUBLIC_URL },
  });
  return {
    t,
    smtp,
    async deliver() {
      await t.app.mail.settled();
      while ((await t.app.mail.deliverDue()) > 0) {
        /* until nothing is due */
      }
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
