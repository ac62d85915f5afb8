/** What the parts of the mail service share: the database, the queue, the clock and links out. */
import type { GuardianMailKind } from '@campus/contract';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
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
  /** The read cache, for the campus's switches a write consults (none in tools without one). */
  cache?: ReadCache | undefined;
  /** Pushes news told at once to the guardians' own devices (decision record 0088), if any. */
  pushGuardians?: GuardianPusher | undefined;
}

/** What is told to guardians at once: whose devices, which kind, and the child it is about if one. */
export type GuardianPusher = (news: {
  accountIds: readonly string[];
  kind: GuardianMailKind;
  rollNo?: number;
}) => Promise<void>;

export const iso = (ms: number) => new Date(ms).toISOString();
