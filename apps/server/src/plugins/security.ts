/**
 * Security headers with a strict Content-Security-Policy, and cache rules for API answers.
 * helmet's headers do not depend on the request, so they are computed once at start-up and every
 * answer (refusals and 404s included) gets the same set (decision record 0007).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

const middleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets CSS variables through style attributes and one generated <style> element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The installable app's service worker and manifest (decision record 0087).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
});

/** The headers helmet sets, captured by running it once against a response that only records. */
export function securityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let outcome: 'pending' | 'done' | 'failed' = 'pending';
  middleware(
    Object.create(null) as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      outcome = err ? 'failed' : 'done';
    },
  );
  if ((outcome as string) !== 'done') throw new Error(`helmet did not set its headers (${outcome})`);
  return Object.fromEntries(headers);
}

const HEADERS = securityHeaders();

/**
 * Sets the security headers, and `no-store`: only a route that knows its answer may be kept (the
 * web app's files) says otherwise. Deciding by the raw URL would miss `/%61pi/…`, which the router
 * matches to the same API route. Every route runs this first thing, from the one hook it has (see
 * access.ts); so do the 404 handler and framework errors.
 */
export function applySecurityHeaders(_request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(HEADERS);
  reply.header('cache-control', 'no-store');
}
