import type { Feature } from '../deps';

export const statsRoutes: Feature = async () => {};
