/**
 * The Q&A board: students ask, everyone reads and likes, teachers answer, staff hide spam, admins see
 * the collection.
 */
import type { App } from '../../types';
import type { Feature } from '../deps';
import { boardRoutes, collectionRoutes } from './read-routes';
import { routeContext } from './route-context';
import { answerRoutes, askRoute } from './write-routes';

export const queriesRoutes: Feature = async (app: App, deps) => {
  const context = routeContext(deps);
  askRoute(app, context);
  boardRoutes(app, context);
  answerRoutes(app, context);
  collectionRoutes(app, context);
};
