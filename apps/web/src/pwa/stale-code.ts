/**
 * A page whose code the server no longer has (a screen's chunk gone after a new version was put
 * up, and no service worker keeping the old one) reloads once to the new version instead of
 * failing; a second failure within a minute is left to the screen's error state. Record 0087.
 *
 * A load can also fail for other reasons (a navigation cancelling it, a dropped connection): the
 * page reloads only once the server's page names another entry than this one, so that a form being
 * filled in is never lost to a reload that brings nothing new.
 */
const RELOADED_KEY = 'campusReloadedForNewVersion';
const AGAIN_AFTER_MS = 60_000;

/** Reloads the page unless it reloaded for this a moment ago; answers whether it did. */
export function reloadOnceForNewVersion(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Whether the server's page now loads another entry script than the one this page runs. */
export async function newVersionIsUp(fetchPage: typeof fetch = fetch): Promise<boolean> {
  const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!entry) return false;
  try {
    const page = await fetchPage('/', { cache: 'no-store', credentials: 'omit' });
    return page.ok && !(await page.text()).includes(entry);
  } catch {
    return false;
  }
}

export function reloadWhenCodeIsGone(): void {
  window.addEventListener('vite:preloadError', () => {
    void newVersionIsUp().then((changed) => {
      if (changed) reloadOnceForNewVersion();
    });
  });
}
