/** A lecture's day as its roster writes it: "Monday, 3 Feb 2031". */
import { weekdayName, weekdayOf } from '@campus/contract';
import { formatDay } from '../../lib/format';

export const dayWithWeekday = (date: string) => `${weekdayName(weekdayOf(date))}, ${formatDay(date)}`;
