/**
 * When a period clashes: another period of the same weekday whose times overlap, for the same group,
 * the same teacher or the same room. One rule for a period written through the API and for a whole
 * timetable file checked at once.
 */
import { overlaps } from '@campus/contract';

/** A period where the rule needs it: `teacher` is the teacher's account id. */
export interface Placed {
  group: string;
  teacher: string;
  room: string;
  weekday: number;
  start: string;
  end: string;
}

export type ClashKind = 'group' | 'teacher' | 'room';

/**
 * The period of `others` that `p` clashes with, the earliest-starting first, and what they share (the
 * group before the teacher before the room); undefined when none does.
 */
export function findClash<T extends Placed>(
  p: Placed,
  others: Iterable<T>,
): { kind: ClashKind; other: T } | undefined {
  let found: { kind: ClashKind; other: T } | undefined;
  for (const other of others) {
    if (other.weekday !== p.weekday || !overlaps(other, p)) continue;
    const kind: ClashKind | undefined =
      other.group === p.group
        ? 'group'
        : other.teacher === p.teacher
          ? 'teacher'
          : other.room === p.room
            ? 'room'
            : undefined;
    if (kind && (!found || other.start < found.other.start)) found = { kind, other };
  }
  return found;
}
