import type { Feature } from '../deps';

export const attendanceRoutes: Feature = async () => {};
