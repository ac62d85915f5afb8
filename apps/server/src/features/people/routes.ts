import type { Feature } from '../deps';

export const peopleRoutes: Feature = async () => {};
