import type { Feature } from '../deps';

export const supportRoutes: Feature = async () => {};
