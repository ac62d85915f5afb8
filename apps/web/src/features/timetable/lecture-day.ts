/** A lecture's day as its roster writes it: "Monday, 3 Feb 2031", in the teacher's language. */
import { weekdayOf } from '@campus/contract';
import { formatDay } from '../../lib/format';

/** `t` is the roster catalogue's, which names the weekday (1 Monday … 7 Sunday). */
export const dayWithWeekday = (date: string, t: (key: string) => string) =>
  `${t(`lecture.weekdays.${weekdayOf(date)}`)}, ${formatDay(date)}`;
