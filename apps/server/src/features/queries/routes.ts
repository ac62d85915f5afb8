import type { Feature } from '../deps';

export const queriesRoutes: Feature = async () => {};
