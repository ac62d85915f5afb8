/** The roster of a period's lecture on a date: `/teacher/lectures/<period id>/2031-02-03`. */
export const lectureLink = (periodId: string, date: string) =>
  `/teacher/lectures/${encodeURIComponent(periodId)}/${date}`;
