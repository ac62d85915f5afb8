/**
 * A page whose code the server no longer has (a screen's chunk gone after a new version was put
 * up, and no service worker keeping the old one) reloads once to the new version instead of
 * failing; a second failure within a minute is left to the screen's error state. Record 0087.
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

export function reloadWhenCodeIsGone(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewVersion()) event.preventDefault();
  });
}
