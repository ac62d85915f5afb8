/**
 * The gate (issue 22): a student's credential for their approved pass; the guard's scan, exit and
 * return; revocation by staff and withdrawal by the student; the movement log; the overdue count.
 */
import type { Feature } from '../deps';
import { moveRoutes } from './move-routes';
import { movementRoutes } from './movement-routes';
import { revokeRoute, withdrawRoute } from './pass-routes';
import { routeContext } from './route-context';
import { credentialRoute, keyRoute, scanRoute } from './scan-routes';

export { sweepOverdue } from './overdue';

export const gateRoutes: Feature = async (app, deps) => {
  const context = routeContext(deps);
  credentialRoute(app, context);
  keyRoute(app, context);
  scanRoute(app, context);
  moveRoutes(app, context);
  revokeRoute(app, context);
  withdrawRoute(app, context);
  movementRoutes(app, context);
};
