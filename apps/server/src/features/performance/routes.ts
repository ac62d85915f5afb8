import type { Feature } from '../deps';

export const performanceRoutes: Feature = async () => {};
