/**
 * A lecture's marks on screen: what the teacher changed, keyed by roll number, and the records a
 * submit sends. The minutes of a Late mark are kept as typed and checked by the contract's own rule
 * (LectureMarkInputSchema), the one the server applies. A reducer, so the callbacks handed to every
 * row stay the same: a tap re-renders the row it changed, and the bar, and no other row.
 */
import { useCallback, useMemo, useReducer } from 'react';
import {
  LectureMarkInputSchema,
  ON_LEAVE_STATUS,
  type LectureMarkInput,
  type LectureRosterRow,
  type LectureStatus,
} from '@campus/contract';

/** A row's mark: its status and, for Late, the minutes as typed (empty when not given). */
export interface RowMark {
  status: LectureStatus;
  minutes: string;
}
export type RowMarks = ReadonlyMap<number, RowMark>;

/** Who of the roster is away for the lecture, and why. */
export type Away = ReadonlyMap<number, NonNullable<LectureRosterRow['away']>>;

interface State {
  edits: RowMarks;
  /** The students away whom the teacher deliberately chose to mark anyway, one by one. */
  overrides: ReadonlySet<number>;
}

type Action =
  | { type: 'mark'; changes: readonly (readonly [number, LectureStatus])[]; away: Away; saved: RowMarks }
  | { type: 'minutes'; rollNo: number; minutes: string }
  | { type: 'override'; rollNo: number; on: boolean }
  | { type: 'clear' };

const NONE: RowMarks = new Map();
const EMPTY: State = { edits: NONE, overrides: new Set() };
/** One object for every away row, so that a memoised row sees the same mark from render to render. */
const ON_LEAVE_MARK: RowMark = { status: ON_LEAVE_STATUS, minutes: '' };

function reduce(state: State, action: Action): State {
  if (action.type === 'clear') return EMPTY;
  const edits = new Map(state.edits);
  if (action.type === 'override') {
    const overrides = new Set(state.overrides);
    if (action.on) overrides.add(action.rollNo);
    else {
      overrides.delete(action.rollNo);
      edits.set(action.rollNo, ON_LEAVE_MARK);
    }
    return { edits, overrides };
  }
  if (action.type === 'minutes') {
    edits.set(action.rollNo, { status: 'Late', minutes: action.minutes });
    return { ...state, edits };
  }
  for (const [rollNo, status] of action.changes) {
    // A student away takes no mark until overridden, whether tapped, keyed or marked with all.
    if (action.away.has(rollNo) && !state.overrides.has(rollNo)) continue;
    // The minutes stay with the row (sent only for Late): a slip to Present and back keeps them.
    const minutes = state.edits.get(rollNo)?.minutes ?? action.saved.get(rollNo)?.minutes ?? '';
    edits.set(rollNo, { status, minutes });
  }
  return { ...state, edits };
}

/**
 * The roster's marks: those saved, the teacher's changes and overrides, and who is away. The
 * callbacks change only with the roster, so an override renders the row it changed, not every row.
 */
export function useLectureMarks(students: readonly LectureRosterRow[]) {
  const [{ edits, overrides }, dispatch] = useReducer(reduce, EMPTY);
  const saved = useMemo<RowMarks>(() => {
    const marks = new Map<number, RowMark>();
    for (const s of students) {
      if (s.status) marks.set(s.RollNo, { status: s.status, minutes: s.lateMinutes?.toString() ?? '' });
    }
    return marks;
  }, [students]);
  const away = useMemo<Away>(
    () => new Map(students.flatMap((s) => (s.away ? [[s.RollNo, s.away] as const] : []))),
    [students],
  );
  const mark = useCallback(
    (rollNo: number, status: LectureStatus) =>
      dispatch({ type: 'mark', changes: [[rollNo, status]], away, saved }),
    [away, saved],
  );
  const markAll = useCallback(
    () =>
      dispatch({ type: 'mark', changes: students.map((s) => [s.RollNo, 'Present'] as const), away, saved }),
    [students, away, saved],
  );
  const setMinutes = useCallback(
    (rollNo: number, minutes: string) => dispatch({ type: 'minutes', rollNo, minutes }),
    [],
  );
  const override = useCallback(
    (rollNo: number, on: boolean) => dispatch({ type: 'override', rollNo, on }),
    [],
  );
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return { edits, overrides, saved, away, mark, markAll, setMinutes, override, clear };
}

export interface LectureCounts {
  present: number;
  absent: number;
  late: number;
  onLeave: number;
  unmarked: number;
}

/** How many of the roster each status has on screen. */
export function countMarks(
  students: readonly LectureRosterRow[],
  edits: RowMarks,
  saved: RowMarks,
  away: Away,
): LectureCounts {
  const counts: LectureCounts = { present: 0, absent: 0, late: 0, onLeave: 0, unmarked: 0 };
  for (const s of students) {
    const status = shownMark(s.RollNo, edits, saved, away)?.status;
    if (status === 'Present') counts.present++;
    else if (status === 'Absent') counts.absent++;
    else if (status === 'Late') counts.late++;
    else if (status === ON_LEAVE_STATUS) counts.onLeave++;
    else counts.unmarked++;
  }
  return counts;
}

/** A row's mark on screen: the teacher's change, else the one saved, else On leave for a student away. */
export function shownMark(rollNo: number, edits: RowMarks, saved: RowMarks, away: Away): RowMark | undefined {
  return edits.get(rollNo) ?? saved.get(rollNo) ?? (away.has(rollNo) ? ON_LEAVE_MARK : undefined);
}

const sameMark = (a: RowMark | undefined, b: RowMark) =>
  a !== undefined && a.status === b.status && (b.status !== 'Late' || a.minutes.trim() === b.minutes.trim());

export interface Submission {
  records: LectureMarkInput[];
  /** Why a row's minutes cannot be sent, by roll number. */
  problems: ReadonlyMap<number, LateProblem>;
}

/** Why the minutes a teacher typed for a Late row cannot be sent (the catalogue's `lecture.lateProblem.*`). */
export type LateProblem = 'notWhole' | 'tooFew' | 'tooMany';
const lateProblemOf = (code: string | undefined): LateProblem =>
  code === 'too_small' ? 'tooFew' : code === 'too_big' ? 'tooMany' : 'notWhole';

/**
 * The records a submit sends: only what differs from the saved marks (a student away and not yet
 * marked is sent On leave), each away student the teacher overrode marked as an override.
 */
export function submissionOf(
  students: readonly LectureRosterRow[],
  edits: RowMarks,
  saved: RowMarks,
  away: Away,
  overrides: ReadonlySet<number>,
): Submission {
  const records: LectureMarkInput[] = [];
  const problems = new Map<number, LateProblem>();
  for (const { RollNo: rollNo } of students) {
    const edit = edits.get(rollNo);
    let mark: RowMark | undefined;
    if (edit && !sameMark(saved.get(rollNo), edit)) mark = edit;
    else if (!edit && !saved.has(rollNo) && away.has(rollNo)) mark = ON_LEAVE_MARK;
    if (!mark) continue;
    const minutes = mark.status === 'Late' && mark.minutes.trim() !== '' ? mark.minutes.trim() : undefined;
    const parsed = LectureMarkInputSchema.safeParse({
      studentId: rollNo,
      status: mark.status,
      ...(minutes !== undefined && { lateMinutes: minutes }),
      ...(away.has(rollNo) &&
        overrides.has(rollNo) &&
        mark.status !== ON_LEAVE_STATUS && { overrideLeave: true }),
    });
    if (parsed.success) records.push(parsed.data);
    else problems.set(rollNo, lateProblemOf(parsed.error.issues[0]?.code));
  }
  return { records, problems };
}
