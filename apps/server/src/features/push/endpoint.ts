/**
 * Which push endpoints the server will send to (decision record 0088). The server makes requests to
 * what browsers give it, so only the browsers' own push services are taken, over https; tests (and
 * only tests) may use a stand-in on plain http on loopback.
 */

/** The push services of Chrome, Edge, Firefox and Safari (and the browsers built on them). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const known = (host: string) => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/** Why the endpoint is refused, or undefined when it is taken. */
export function endpointProblem(endpoint: string, allowTestEndpoints: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  if (allowTestEndpoints) {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? undefined
      : 'endpoint must be an http(s) URL';
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https URL';
  if (!known(url.hostname.toLowerCase()))
    return `endpoint must be a browser push service (${PUSH_SERVICE_HOSTS.join(', ')})`;
  return undefined;
}

/** A name for a device, from its browser's User-Agent: "Chrome on Android". */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'A browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : undefined;
  return system ? `${browser} on ${system}` : browser;
}
