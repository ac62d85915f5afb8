/**
 * After a lecture's marks: each marked student whose standing in the course worsened is told once,
 * by a notification (mailed as their mail settings say) and their guardian as the campus's guardian
 * setting says: when the course first falls below its rule, and when the rule can no longer be reached.
 */
import { type CourseState, type Language, type TermSettings } from '@campus/contract';
import type { Db } from '../../db/index';
import { RISK_WORDS } from '../mail/words-risk';
import type { CourseTotals } from './lectures';
import type { TimetableReads } from './reads';
import { markedStandings } from './standing';

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
 * Records each marked student's new state in the course and answers who got worse. The states move
 * in one statement for each change of state (at most six), and only from the state the mark saw:
 * the request that moves a state first is the one that tells of it.
 */
export async function riskChanges(
  db: Db,
  reads: TimetableReads,
  lecture: { group: string; course: string },
  totals: readonly CourseTotals[],
  term: TermSettings,
  now: number,
): Promise<RiskAlert[]> {
  const moves = new Map<string, { was: CourseState; state: CourseState; rollNos: number[] }>();
  const texts = new Map<number, Record<Language, string>>();
  for (const { totals: t, standing } of await markedStandings(reads, lecture, totals, term, now)) {
    if (t.state === standing.state) continue;
    const key = `${t.state}>${standing.state}`;
    const move = moves.get(key) ?? { was: t.state, state: standing.state, rollNos: [] };
    move.rollNos.push(t.rollNo);
    moves.set(key, move);
    texts.set(t.rollNo, { en: RISK_WORDS.en(standing), hi: RISK_WORDS.hi(standing) });
  }
  const alerts: RiskAlert[] = [];
  for (const { was, state, rollNos } of moves.values()) {
    const moved = await db
      .updateTable('course_totals')
      .set({ state })
      .where('course_code', '=', lecture.course)
      .where('roll_no', 'in', rollNos)
      .where('state', '=', was)
      .returning('roll_no')
      .execute();
    if (state === 'ok' || WORSE[state] <= WORSE[was]) continue;
    for (const { roll_no } of moved) {
      const words = texts.get(roll_no)!;
      alerts.push({ rollNo: roll_no, state, text: words.en, texts: words });
    }
  }
  return alerts.sort((a, b) => a.rollNo - b.rollNo);
}
