/**
 * The marks changed on screen, keyed by roll number, for one group on one day. A reducer, so the
 * `mark` callback handed to every row never changes: a tap re-renders the row it changed, and the
 * summary, and no other row.
 */
import { useCallback, useReducer } from 'react';
import type { AttendanceStatus } from '@campus/contract';

export type Marks = ReadonlyMap<number, AttendanceStatus>;

interface State {
  /** The group and day the edits belong to; another one starts with none. */
  key: string;
  edits: Marks;
}

type Action =
  | { type: 'mark'; key: string; changes: readonly (readonly [number, AttendanceStatus])[] }
  | { type: 'clear'; key: string };

const NONE: Marks = new Map();

function reduce(state: State, action: Action): State {
  const edits = state.key === action.key ? state.edits : NONE;
  if (action.type === 'clear') return { key: action.key, edits: NONE };
  const next = new Map(edits);
  for (const [rollNo, status] of action.changes) next.set(rollNo, status);
  return { key: action.key, edits: next };
}

export function useRosterMarks(group: string | null, date: string) {
  const key = `${group ?? ''}|${date}`;
  const [state, dispatch] = useReducer(reduce, { key, edits: NONE });
  const edits = state.key === key ? state.edits : NONE;
  // Stable for a group and day: memoised rows keep it across taps.
  const mark = useCallback(
    (rollNo: number, status: AttendanceStatus) =>
      dispatch({ type: 'mark', key, changes: [[rollNo, status]] }),
    [key],
  );
  const markMany = useCallback(
    (changes: readonly (readonly [number, AttendanceStatus])[]) => dispatch({ type: 'mark', key, changes }),
    [key],
  );
  const clear = useCallback(() => dispatch({ type: 'clear', key }), [key]);
  return { edits, mark, markMany, clear };
}
