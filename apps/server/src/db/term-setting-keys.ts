/** The campus_settings keys of the term and the campus's clock: the timetable reads them, the seeds write them. */
export const TERM_SETTING_KEYS = {
  termStart: 'timetable.term_start',
  termEnd: 'timetable.term_end',
  timeZone: 'campus.time_zone',
  lateCounts: 'attendance.late_counts',
  minPercent: 'attendance.min_percent',
} as const;
