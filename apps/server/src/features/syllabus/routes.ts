import type { Feature } from '../deps';

export const syllabusRoutes: Feature = async () => {};
