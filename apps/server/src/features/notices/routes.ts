import type { Feature } from '../deps';

export const noticesRoutes: Feature = async () => {};
