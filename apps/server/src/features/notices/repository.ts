/**
 * Mentor notices, events and general notices: all the SQL of the notices domain, split by concern
 * (who sees what, reading, writing, starting). Each is for a whole campus, chosen groups, a role,
 * or guardians; it shows from its start and leaves at its end; pinned ones come first (decision
 * records 0033 and 0093).
 */
import type { Db, Dialect } from '../../db/index';
import type { Webhooks } from '../webhooks/index';
import { noticeReads } from './reads';
import { noticeSchedule } from './schedule';
import { noticeWrites } from './writes';

export {
  visibleTo,
  type NewEventNotice,
  type NewGeneralNotice,
  type NewMentorNotice,
  type StartedNotice,
  type Targeting,
  type Viewer,
} from './visibility';

/** `webhooks`: a notice is told to the endpoints that listen when it is published (record 0085). */
export function noticesRepository(db: Db, dialect: Dialect = 'sqlite', webhooks?: Webhooks) {
  return { ...noticeReads(db, dialect), ...noticeWrites(db, webhooks), ...noticeSchedule(db, webhooks) };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
