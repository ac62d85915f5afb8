import type { Feature } from '../deps';

export const gatepassesRoutes: Feature = async () => {};
