/**
 * A lecture's marks waiting on the device, on its roster: "3 marks waiting to send", and the marks
 * someone else made meanwhile beside the teacher's, with the choice of which to keep. Decision
 * record 0087.
 */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LectureRosterRow } from '@campus/contract';
import { formatDateTime } from '../lib/format';
import {
  discardMarks,
  onQueueChange,
  queuedMarks,
  resolveConflict,
  syncMarks,
  waitingCount,
  type QueuedMarks,
} from './mark-queue';
import { waitingText } from './queued-marks-text';

export { waitingText };

/**
 * The queued marks of one lecture, kept up to date; when the last of them is sent, `onSent` (the
 * roster is read again). Sends what waits when the network returns.
 */
export function useLectureQueue(periodId: string, date: string, onSent: () => void) {
  const [entries, setEntries] = useState<QueuedMarks[]>([]);
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  }, [onSent]);
  useEffect(() => {
    let alive = true;
    let had = 0;
    const load = () =>
      void queuedMarks()
        .then((all) => all.filter((q) => q.periodId === periodId && q.date === date))
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
  }, [periodId, date]);
  return entries;
}

/**
 * The roster as the teacher left it: each queued mark over the one the server sent, so that the
 * screen (and the `was` of a later change) shows what the teacher did offline.
 */
export function withQueued(
  students: readonly LectureRosterRow[],
  entries: readonly QueuedMarks[],
): readonly LectureRosterRow[] {
  if (entries.length === 0) return students;
  const queued = new Map(entries.flatMap((e) => e.records.map((r) => [r.studentId, r] as const)));
  return students.map((s) => {
    const mark = queued.get(s.RollNo);
    return mark ? { ...s, status: mark.status, lateMinutes: mark.lateMinutes ?? null } : s;
  });
}

const markWords = (status: string | null, minutes?: number | null) =>
  status === null ? 'not marked' : status === 'Late' && minutes ? `Late (${minutes} min)` : status;

/** The waiting count, and each lecture in conflict with both marks and the choice. */
export function QueuedMarksNotice({
  entries,
  students,
}: {
  entries: readonly QueuedMarks[];
  students: readonly LectureRosterRow[];
}) {
  const queryClient = useQueryClient();
  const names = useMemo(() => new Map(students.map((s) => [s.RollNo, s.name])), [students]);
  const choose = useCallback(
    (id: string, keep: 'mine' | 'theirs') =>
      void resolveConflict(id, keep)
        .then(() => syncMarks())
        .then(() => queryClient.invalidateQueries({ queryKey: ['timetable'] })),
    [queryClient],
  );
  const waiting = waitingCount(entries.filter((e) => !e.conflicts && !e.refused));
  return (
    <Stack gap="xs" mb="sm">
      {waiting > 0 && (
        <Alert color="yellow" role="status" title={waitingText(waiting)}>
          Saved on this device. They are sent when the network returns.
        </Alert>
      )}
      {entries.map((entry) =>
        entry.conflicts ? (
          <Alert key={entry.id} color="orange" role="alert" title="Marked by someone else meanwhile">
            <Text size="sm" mb="xs">
              While you were offline, these students of {entry.label} were marked by someone else. Nothing was
              saved; choose which marks to keep.
            </Text>
            <List size="sm" mb="sm">
              {entry.conflicts.map((c) => {
                const mine = entry.records.find((r) => r.studentId === c.studentId);
                return (
                  <List.Item key={c.studentId}>
                    {names.get(c.studentId) ?? 'Student'} ({c.studentId}): theirs{' '}
                    <strong>{markWords(c.theirs, c.theirsLateMinutes)}</strong>
                    {c.markedAt ? ` (marked ${formatDateTime(c.markedAt)})` : ''}, yours{' '}
                    <strong>{markWords(c.yours, mine?.lateMinutes)}</strong>
                  </List.Item>
                );
              })}
            </List>
            <Group gap="xs">
              <Button size="xs" onClick={() => choose(entry.id, 'mine')}>
                Keep my marks
              </Button>
              <Button size="xs" variant="outline" onClick={() => choose(entry.id, 'theirs')}>
                Keep their marks
              </Button>
            </Group>
          </Alert>
        ) : entry.refused ? (
          <Alert key={entry.id} color="red" role="alert" title="Marks made offline were not saved">
            <Text size="sm" mb="xs">
              {entry.label}: {entry.refused}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void discardMarks(entry.id)}>
              Discard them
            </Button>
          </Alert>
        ) : null,
      )}
    </Stack>
  );
}
