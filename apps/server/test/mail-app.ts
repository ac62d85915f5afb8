/** A test server that sends its mail to a real SMTP sink on loopback, and delivers what is due. */
import type { InjectOptions, Response } from 'light-my-request';
import type { MailOptions } from '../src/features/mail/service';
import { createTestApp, type TestApp } from './app';
import { bearer } from './fixtures';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export const TEST_PUBLIC_URL = 'https://portal.test.example';

/** A test server's options (a clock, push, more mail settings); its mail goes to the sink. */
export type MailTestAppOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'mail'> & {
  mail?: Omit<MailOptions, 'smtpUrl'>;
};

export interface MailTestApp {
  t: TestApp;
  smtp: SmtpSink;
  /** Sends every mail that is due, after the work the server started apart from requests. */
  deliver(): Promise<void>;
  /** A request to the server, as the person `token` signed in when given, with a JSON body. */
  inject(method: InjectOptions['method'], url: string, token?: string, payload?: object): Promise<Response>;
  close(): Promise<void>;
}

export async function createMailTestApp(options: MailTestAppOptions = {}): Promise<MailTestApp> {
  const smtp = await startSmtpSink();
  const t = await createTestApp({
    ...options,
    mail: {
      smtpUrl: smtp.url,
      from: 'Campus Portal <portal@test.example>',
      publicUrl: TEST_PUBLIC_URL,
      ...options.mail,
    },
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
    inject: (method, url, token, payload) =>
      t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) }),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
