/**
 * A roster as a form, a day's or a lecture's: the marks waiting on the device, the tools, a note,
 * the keys, the rows (or why there are none) and the bar; and whom it shows, kept in the address.
 */
import { useCallback, useDeferredValue, type ReactNode, type SyntheticEvent } from 'react';
import { useRosterWords } from '../i18n/roster';
import { oneOf, useUrlSearch, type UrlState } from '../lib/url-state';
import type { QueuedMarks } from '../pwa/mark-queue';
import { QueuedMarksNotice, type NamedStudent } from '../pwa/queued-marks';
import { EmptyState } from './page-states';
import { RosterTools, SHOWS, type Show } from './roster-tools';

/** The search and the choice of whom to show, as the tools take them. */
export interface RosterView {
  search: string;
  onSearch: (text: string) => void;
  show: Show;
  onShow: (show: Show) => void;
}

/**
 * Whom a roster shows (`?show=absent`) and the words looked for (`?q=`), as on any list: `shown`
 * is those of `students` it shows, by the status `statusOf` gives each.
 */
export function useRosterView<S extends NamedStudent>(
  url: UrlState,
  students: readonly S[],
  statusOf: (rollNo: number) => string | undefined,
): { view: RosterView; shown: S[] } {
  const { text: search, setText: onSearch } = useUrlSearch(url, 300);
  const show = oneOf(url.params.get('show'), SHOWS, 'all');
  const { change } = url;
  const onShow = useCallback((next: Show) => change({ show: next === 'all' ? null : next }), [change]);
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = students.filter((s) => {
    const status = statusOf(s.RollNo);
    if (show === 'absent' && status !== 'Absent') return false;
    if (show === 'unmarked' && status !== undefined) return false;
    return !query || s.name.toLowerCase().includes(query) || String(s.RollNo).startsWith(query);
  });
  return { view: { search, onSearch, show, onShow }, shown };
}

export function RosterForm({
  onSubmit,
  lang,
  queued,
  students,
  view,
  onMarkAll,
  pending,
  note,
  keys,
  roster,
  bar,
}: {
  onSubmit: (event: SyntheticEvent) => void;
  lang?: string;
  /** The marks of this roster waiting on the device. */
  queued: readonly QueuedMarks[];
  students: readonly NamedStudent[];
  view: RosterView;
  onMarkAll: () => void;
  pending: boolean;
  note: ReactNode;
  keys: string;
  /** The rows; null when the search and the choice of whom to show leave none. */
  roster: ReactNode;
  bar: ReactNode;
}) {
  const { t } = useRosterWords();
  return (
    // Capped on wide screens so the names, the choices and Submit stay close together. Plain
    // elements around the roster: a tap renders this part again, and Mantine's layout components
    // would resolve their theme props on every tap.
    <form onSubmit={onSubmit} className="roster-form" lang={lang}>
      <div className="roster-stack">
        {queued.length > 0 && <QueuedMarksNotice entries={queued} students={students} />}
        <RosterTools {...view} onMarkAll={onMarkAll} pending={pending} />
        <p className="roster-note">{note}</p>
        <p id="roster-keys" className="roster-note roster-keys">
          {keys}
        </p>
        {roster ?? <EmptyState hint={t('day.clearSearch')}>{t('said.noStudents')}</EmptyState>}
        {bar}
      </div>
    </form>
  );
}
