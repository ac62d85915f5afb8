/** What the parts of the mail service share: the database, the queue, the clock and links out. */
import type { Db } from '../../db/index';
import type { MailQueue } from './queue';
import type { UnsubscribeTarget } from './tokens';

export interface MailContext {
  db: Db;
  /** Without SMTP_URL and MAIL_FROM there is no queue and nothing is mailed. */
  queue: MailQueue | undefined;
  enabled: boolean;
  now: () => number;
  /** Where the portal is reached from outside, without a trailing slash: links in mails start with it. */
  publicUrl: string;
  unsubscribeUrl: (target: UnsubscribeTarget) => string;
}

export const iso = (ms: number) => new Date(ms).toISOString();
