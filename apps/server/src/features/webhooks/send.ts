/**
 * One attempt of a delivery: a POST, signed headers and the JSON body, to an endpoint's URL. No
 * redirect is followed (a 3xx is a failure), the attempt gives up after `timeoutMs`, at most
 * `maxResponseBytes` of the answer are read, and only public addresses are reached unless private
 * targets are allowed (addresses.ts).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressOf, guardedLookup, isPublicAddress, TargetRefused } from './addresses';

export interface SendSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface Attempt {
  /** The receiver's status; undefined when no answer came. */
  status?: number;
  durationMs: number;
  /** Why it failed; undefined on a 2xx. */
  error?: string;
}

const USER_AGENT = 'CampusPortal-Webhooks/1';

export function sendOnce(
  target: string,
  headers: Record<string, string>,
  body: string,
  settings: SendSettings,
): Promise<Attempt> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ durationMs: 0, error: 'the URL is not valid' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve({ durationMs: 0, error: 'only http:// and https:// URLs are sent to' });
  }
  const literal = addressOf(url.hostname);
  // An address in the URL is connected to without a lookup: it is checked here instead.
  if (literal && !settings.allowPrivate && !isPublicAddress(literal)) {
    return Promise.resolve({
      durationMs: 0,
      error: `refused: ${literal} is not a public address (private targets are not allowed)`,
    });
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<Attempt, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...attempt, durationMs: took() });
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': USER_AGENT,
        },
        lookup: guardedLookup(settings.allowPrivate),
        // No connection is kept: each attempt checks the addresses afresh.
        agent: false,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        const done = () => {
          res.destroy();
          if (status >= 200 && status < 300) return finish({ status });
          if (status >= 300 && status < 400) {
            return finish({ status, error: `answered ${status}: redirects are not followed` });
          }
          finish({ status, error: `answered ${status}` });
        };
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The answer is not kept: only its first bytes are read, then the connection is dropped.
          if (read >= settings.maxResponseBytes) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${Math.round(settings.timeoutMs / 1000)} s` });
      req.destroy();
    }, settings.timeoutMs);
    req.on('error', (err: Error) => {
      const message =
        err instanceof TargetRefused ? `refused: ${err.message}` : `could not connect: ${err.message}`;
      finish({ error: message.slice(0, 300) });
    });
    req.end(body);
  });
}
