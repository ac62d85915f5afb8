/** What the offline specs ask of a phone: the answers its service worker keeps for use without a signal. */
import type { Page } from '@playwright/test';

/** The addresses of the API answers the device keeps, over every person's cache. */
export function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('campus-api-')) continue;
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return urls;
  });
}
