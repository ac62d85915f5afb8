/**
 * The session cookie (decision record 0010): the same signed session token as the Bearer one, for
 * clients that do not send the token on every call. Only `/api` ever receives it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'campus_session';

/** The session cookie's value, or undefined when the request carries none. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  // Browsers send the cookie of the most specific path first, so the first one is ours.
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) return pair.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

function cookieLine(request: FastifyRequest, value: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const attributes = [
    `${SESSION_COOKIE}=${value}`,
    'Path=/api',
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  // Over plain HTTP a Secure cookie would be dropped by the browser, and the sign-in with it.
  if (request.protocol === 'https') attributes.push('Secure');
  return attributes.join('; ');
}

/** Gives the browser the session token, to keep until the session expires. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.header('set-cookie', cookieLine(request, token, expiresAt));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookieLine(request, '', new Date(0)));
}
