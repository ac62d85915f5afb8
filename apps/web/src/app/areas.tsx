/** The three role areas; each is loaded lazily as its own chunk by the router. */
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Role } from '@campus/contract';
import { CurrentUserContext } from '../lib/current-user';
import { RequireRole } from './guards';
import { RoleLayout } from './role-layout';

export interface AreaRoute {
  path: string;
  Page: ComponentType;
}

export function Area({ role, routes }: { role: Role; routes: AreaRoute[] }) {
  return (
    <RequireRole role={role}>
      {(session) => (
        <CurrentUserContext.Provider value={session}>
          <Routes>
            <Route element={<RoleLayout session={session} />}>
              {routes.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="*" element={<Navigate to="home" replace />} />
            </Route>
          </Routes>
        </CurrentUserContext.Provider>
      )}
    </RequireRole>
  );
}
