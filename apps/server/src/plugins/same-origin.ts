/**
 * Where a write comes from, as the browser tells it (decision record 0010): a cookie rides along on
 * any request the browser makes to us, so a write signed in by it must prove it is our own page's.
 */
import type { FastifyRequest } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isUnsafeMethod = (method: string) => UNSAFE_METHODS.has(method);

type Source = 'same-origin' | 'other-site' | 'unknown';

/** Host and port of `origin` and of this request, both as that origin's scheme writes them. */
function sameHost(origin: string, requestHost: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${requestHost}`).host;
  } catch {
    return false;
  }
}

/**
 * Sec-Fetch-Site first: the browser computes it, and unlike Origin it does not depend on the Host a
 * proxy passes on. Browsers without it still send Origin with every write.
 */
function sourceOf(request: FastifyRequest): Source {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string')
    return site === 'same-origin' || site === 'none' ? 'same-origin' : 'other-site';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return sameHost(origin, request.host) ? 'same-origin' : 'other-site';
  return 'unknown';
}

/** Why a write signed in by the session cookie is refused, or undefined when it may go ahead. */
export function cookieWriteProblem(request: FastifyRequest): string | undefined {
  switch (sourceOf(request)) {
    case 'same-origin':
      return undefined;
    case 'other-site':
      return 'This request comes from another origin, so the session cookie cannot sign it in';
    case 'unknown':
      return 'A change signed in by the session cookie must say where it comes from (Origin or Sec-Fetch-Site); other clients send the token as Authorization: Bearer';
  }
}

/** Why a public write (a sign-in, say) is refused: only when a browser says another site made it. */
export function publicWriteProblem(request: FastifyRequest): string | undefined {
  return sourceOf(request) === 'other-site'
    ? 'This request comes from another origin and is refused'
    : undefined;
}
