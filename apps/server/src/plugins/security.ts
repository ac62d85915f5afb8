/**
 * Security headers with a strict Content-Security-Policy, and cache rules for API answers.
 * helmet's headers do not depend on the request, so they are computed once at start-up and every
 * answer (refusals and 404s included) gets the same set from one hook (decision record 0007).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers are never stored by browsers or proxies; a route may still say otherwise.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
