/** The notices feature's cached reads (decision record 0080). */
import { cachedRead, type CachedTable } from '../../db/read-cache';
import type { Page } from '../../lib/lists';

/** The tables of notices of every kind: whatever starts or ends is in one of them. */
const ALL_NOTICES = ['notices', 'events', 'mentor_notices'] as const satisfies readonly CachedTable[];

/** What a list of each kind is read from: its notices, their audiences, and who the reader is. */
const LIST_TABLES = {
  general: ['notices', 'notice_audience_groups', 'students', 'teacher_groups'],
  events: ['events', 'notice_audience_groups', 'students', 'teacher_groups'],
  mentor: ['mentor_notices', 'notice_audience_groups', 'students', 'teacher_groups'],
} as const satisfies Record<string, readonly CachedTable[]>;

export type NoticeListKind = keyof typeof LIST_TABLES;

export const noticeKeys = {
  /** The moments notices start or end, from the start of the hour before `hour` (`MOMENTS_HOUR_MS`). */
  moments: (hour: number) => cachedRead(['notice-moments', hour], ALL_NOTICES),
  /** When the next notice waiting to be told starts. */
  nextUntold: cachedRead(['notices-next-untold'], ALL_NOTICES),
  /** A page of one reader's list of a kind, in the stretch of time between two moments (`stretch`). */
  list: (kind: NoticeListKind, accountId: string, { limit, offset }: Page, stretch: string) =>
    cachedRead(['notices', kind, accountId, limit ?? 'all', offset, stretch], LIST_TABLES[kind]),
};
