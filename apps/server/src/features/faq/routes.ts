import type { Feature } from '../deps';

export const faqRoutes: Feature = async () => {};
