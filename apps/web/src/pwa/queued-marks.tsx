/**
 * Marks waiting on the device, on their roster (a lecture's, or a group's day): "3 marks waiting to
 * send", and the marks someone else made meanwhile beside the teacher's, with the choice of which to
 * keep. Decision record 0087.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import type { LectureRosterRow } from '@campus/contract';
import { statusKey, useRosterWords } from '../i18n/roster';
import { formatDateTime } from '../lib/format';
import {
  discardMarks,
  onQueueChange,
  queuedMarks,
  resolveConflict,
  syncMarks,
  waitingCount,
  type QueuedDay,
  type QueuedLecture,
  type QueuedMarks,
} from './mark-queue';
import { waitingText } from './queued-marks-text';

export { waitingText };

/**
 * The queued marks that `matches` keeps, kept up to date; when one of them is sent, `onSent` (the
 * roster is read again). Sends what waits when the network returns.
 */
function useQueue<T extends QueuedMarks>(
  key: string,
  matches: (entry: QueuedMarks) => entry is T,
  onSent: () => void,
): T[] {
  const [entries, setEntries] = useState<T[]>([]);
  const sent = useRef(onSent);
  const match = useRef(matches);
  useEffect(() => {
    sent.current = onSent;
    match.current = matches;
  }, [onSent, matches]);
  useEffect(() => {
    let alive = true;
    let had = 0;
    const load = () =>
      void queuedMarks()
        .then((all) => all.filter((entry) => match.current(entry)))
        .then((mine) => {
          if (!alive) return;
          if (mine.length < had) sent.current();
          had = mine.length;
          setEntries(mine);
        })
        .catch(() => undefined);
    load();
    const stop = onQueueChange(load);
    const online = () => void syncMarks().catch(() => undefined);
    window.addEventListener('online', online);
    if (navigator.onLine) online();
    return () => {
      alive = false;
      stop();
      window.removeEventListener('online', online);
    };
  }, [key]);
  return entries;
}

/** The queued marks of one lecture. */
export function useLectureQueue(periodId: string, date: string, onSent: () => void): QueuedLecture[] {
  const matches = useCallback(
    (e: QueuedMarks): e is QueuedLecture => e.kind !== 'day' && e.periodId === periodId && e.date === date,
    [periodId, date],
  );
  return useQueue(`lecture|${periodId}|${date}`, matches, onSent);
}

/** The queued day marks of one group on one day. */
export function useDayQueue(group: string, date: string, onSent: () => void): QueuedDay[] {
  const matches = useCallback(
    (e: QueuedMarks): e is QueuedDay => e.kind === 'day' && e.group === group && e.date === date,
    [group, date],
  );
  return useQueue(`day|${group}|${date}`, matches, onSent);
}

/**
 * The roster as the teacher left it: each queued mark over the one the server sent, so that the
 * screen (and the `was` of a later change) shows what the teacher did offline.
 */
export function withQueued(
  students: readonly LectureRosterRow[],
  entries: readonly QueuedLecture[],
): readonly LectureRosterRow[] {
  if (entries.length === 0) return students;
  const queued = new Map(entries.flatMap((e) => e.records.map((r) => [r.studentId, r] as const)));
  return students.map((s) => {
    const mark = queued.get(s.RollNo);
    return mark ? { ...s, status: mark.status, lateMinutes: mark.lateMinutes ?? null } : s;
  });
}

/** A student the notice names. */
export interface NamedStudent {
  RollNo: number;
  name: string;
}

/** The waiting count, and each batch in conflict with both marks and the choice, or refused (44 px buttons: phones). */
export function QueuedMarksNotice({
  entries,
  students,
}: {
  entries: readonly QueuedMarks[];
  students: readonly NamedStudent[];
}) {
  const { t } = useRosterWords();
  const queryClient = useQueryClient();
  const names = useMemo(() => new Map(students.map((s) => [s.RollNo, s.name])), [students]);
  const choose = useCallback(
    (id: string, keep: 'mine' | 'theirs') =>
      void resolveConflict(id, keep)
        .then(() => syncMarks())
        .then(() =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: ['timetable'] }),
            queryClient.invalidateQueries({ queryKey: ['attendance'] }),
          ]),
        ),
    [queryClient],
  );
  const markWords = (status: string | null, minutes?: number | null) =>
    status === null
      ? t('queue.notMarked')
      : status === 'Late' && minutes
        ? t('queue.lateMinutes', { minutes })
        : t(statusKey(status));
  const waiting = waitingCount(entries.filter((e) => !e.conflicts && !e.refused));
  return (
    <Stack gap="xs" mb="sm">
      {waiting > 0 && (
        <Alert color="yellow" role="status" title={waitingText(t, waiting)}>
          {t('queue.savedHere')}
        </Alert>
      )}
      {entries.map((entry) =>
        entry.conflicts ? (
          <Alert key={entry.id} color="orange" role="alert" title={t('queue.conflictTitle')}>
            <Text size="sm" mb="xs">
              {t('queue.conflictText', { what: entry.label })}
            </Text>
            <List size="sm" mb="sm">
              {entry.conflicts.map((c) => {
                const mine = (entry.records as { studentId: number; lateMinutes?: number }[]).find(
                  (r) => r.studentId === c.studentId,
                );
                const theirsLate = 'theirsLateMinutes' in c ? c.theirsLateMinutes : null;
                return (
                  <List.Item key={c.studentId}>
                    <Trans
                      t={t}
                      i18nKey="queue.conflictLine"
                      values={{
                        name: names.get(c.studentId) ?? t('queue.student'),
                        rollNo: c.studentId,
                        theirs: markWords(c.theirs, theirsLate),
                        when: c.markedAt ? t('queue.markedAt', { time: formatDateTime(c.markedAt) }) : '',
                        yours: markWords(c.yours, mine?.lateMinutes),
                      }}
                      components={{ b: <strong /> }}
                    />
                  </List.Item>
                );
              })}
            </List>
            <Group gap="xs">
              <Button size="xs" mih={44} onClick={() => choose(entry.id, 'mine')}>
                {t('queue.keepMine')}
              </Button>
              <Button size="xs" mih={44} variant="outline" onClick={() => choose(entry.id, 'theirs')}>
                {t('queue.keepTheirs')}
              </Button>
            </Group>
          </Alert>
        ) : entry.refused ? (
          <Alert key={entry.id} color="red" role="alert" title={t('queue.refusedTitle')}>
            <Text size="sm" mb="xs">
              {entry.label}: {entry.refused}
            </Text>
            <Button size="xs" mih={44} variant="outline" onClick={() => void discardMarks(entry.id)}>
              {t('queue.discard')}
            </Button>
          </Alert>
        ) : null,
      )}
    </Stack>
  );
}
