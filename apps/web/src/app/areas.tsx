/** A role area: its guard, its shell and its screens (app/screens.ts), each screen a lazily loaded chunk. */
import './mantine-areas.css';
// Every table is in a role area: its stylesheet rides with the area's, one request for both.
import '../components/data-table.css';
import '../features/attendance/components/attendance-roster.css';
// So are the cards of notices, queries and teachers and a student's attendance months: the first
// screen waits for no sheet of its own.
import '../features/attendance/components/attendance-history.css';
import '../features/notices/components/notice-cards.css';
import '../features/people/components/teacher-contact-card.css';
import '../features/queries/components/query-card.css';
import '../features/timetable/components/timetable.css';
import './phone.css';
import { Navigate, Route, Routes } from 'react-router';
import { ROLE_HOME, type Role } from '@campus/contract';
import { NotFound } from '../components/not-found';
import { CurrentUserContext } from '../lib/current-user';
import { readyLazy, type ReadyLazy } from '../lib/ready-lazy';
import { RequireRole } from './guards';
import { RoleLayout } from './role-layout';
import { SCREENS } from './screens';

const PAGES = Object.fromEntries(
  Object.entries(SCREENS).map(([role, screens]) => [
    role,
    screens.map(({ path, load }) => ({ path, Page: readyLazy(load) })),
  ]),
) as Record<Role, { path: string; Page: ReadyLazy<object> }[]>;

export default function Area({ role }: { role: Role }) {
  return (
    <RequireRole role={role}>
      {(session) => (
        <CurrentUserContext.Provider value={session}>
          <Routes>
            <Route element={<RoleLayout session={session} />}>
              {PAGES[role].map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route index element={<Navigate to={ROLE_HOME[role]} replace />} />
              <Route path="*" element={<NotFound home={ROLE_HOME[role]} />} />
            </Route>
          </Routes>
        </CurrentUserContext.Provider>
      )}
    </RequireRole>
  );
}
