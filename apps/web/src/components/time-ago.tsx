/** When something happened, as people say it ("2 h ago"), with the exact time on hover and for machines. */
import { exactTime, relativeTime } from '../lib/dates';

export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
