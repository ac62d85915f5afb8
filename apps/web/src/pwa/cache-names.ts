/** The names the service worker and the page share for what is kept on the device. Decision record 0087. */

/** A person's API answers: `campus-api-<digest of their token>`, one cache per sign-in. */
export const API_CACHE_PREFIX = 'campus-api-';
export const apiCacheName = (digest: string): string => `${API_CACHE_PREFIX}${digest}`;

/** The app's page (the same for every address and every person), kept for opening offline. */
export const PAGE_CACHE = 'campus-page';
export const PAGE_KEY = '/__campus-page';

/** The header a kept API answer carries: when it was kept (ISO 8601). */
export const AS_OF_HEADER = 'x-campus-as-of';
