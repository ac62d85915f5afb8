/**
 * After a lecture's marks: each marked student whose standing in the course worsened is told once,
 * by a notification (mailed as their mail settings say) and their guardian as the campus's guardian
 * setting says: when the course first falls below its rule, and when the rule can no longer be reached.
 */
import { type CourseStanding, type CourseState, type Language } from '@campus/contract';
import { scopedText } from '../../db/changes';
import type { Db, Dialect } from '../../db/index';
import { RISK_WORDS } from '../mail/words-risk';
import { timetableWrites } from './cache-keys';
import type { CourseTotals } from './lectures';

export interface RiskAlert {
  rollNo: number;
  state: Exclude<CourseState, 'ok'>;
  /** In English, as the campus office and a guardian's alert read it. */
  text: string;
  /** In each language, for the student to be told in theirs (decision record 0090). */
  texts: Record<Language, string>;
}

const WORSE: Record<CourseState, number> = { ok: 0, 'at-risk': 1, unreachable: 2 };

/**
 * The statement that moves the states: each student's row only from the state the mark saw, all in
 * one statement whatever the number of students (their moves as one JSON parameter).
 */
function movesText(dialect: Dialect): string {
  if (dialect === 'postgres') {
    return `update course_totals as t set state = m.value->>1
      from json_each($1::json) as m
      where t.course_code = $2 and t.roll_no = m.key::integer and t.state = m.value->>0
      returning t.roll_no`;
  }
  return `update course_totals set state = json_extract(m.value, '$[1]')
    from json_each(?) as m
    where course_totals.course_code = ? and course_totals.roll_no = cast(m.key as integer)
      and course_totals.state = json_extract(m.value, '$[0]')
    returning course_totals.roll_no`;
}

const MOVES = { sqlite: movesText('sqlite'), postgres: movesText('postgres') };

/**
 * Records each marked student's new state in the course, in the mark's transaction, and answers who
 * got worse. A state moves only from the state the mark saw: the request that moves a state first is
 * the one that tells of it. `judged` comes from `markedStandings`, read before the transaction.
 */
export async function riskChanges(
  trx: Db,
  dialect: Dialect,
  course: string,
  judged: readonly { totals: CourseTotals; standing: CourseStanding }[],
): Promise<RiskAlert[]> {
  const moves: Record<number, [CourseState, CourseState]> = {};
  const worse = new Map<number, RiskAlert>();
  for (const { totals: t, standing } of judged) {
    if (t.state === standing.state) continue;
    moves[t.rollNo] = [t.state, standing.state];
    if (standing.state === 'ok' || WORSE[standing.state] <= WORSE[t.state]) continue;
    const texts = { en: RISK_WORDS.en(standing), hi: RISK_WORDS.hi(standing) };
    worse.set(t.rollNo, { rollNo: t.rollNo, state: standing.state, text: texts.en, texts });
  }
  if (Object.keys(moves).length === 0) return [];
  const { rows } = await trx.executeQuery<{ roll_no: number }>(
    scopedText(
      MOVES[dialect],
      [JSON.stringify(moves), course],
      timetableWrites.totals(Object.keys(moves).map(Number)),
    ),
  );
  return rows.flatMap((r) => worse.get(r.roll_no) ?? []).sort((a, b) => a.rollNo - b.rollNo);
}
