/** Every feature's routes, registered in this order by buildApp. */
import { authRoutes } from './auth/routes';
import type { Feature } from './deps';
import { healthRoutes } from './health/routes';

export const FEATURES: Feature[] = [healthRoutes, authRoutes];
