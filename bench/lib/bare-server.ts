/**
 * The machine's limit: a bare node:http server answering, for each captured method, path and caller,
 * the very status, headers and body the real server gave. Run as its own process:
 *   node --import tsx bench/lib/bare-server.ts <responses.json>
 * It prints {"port": N} on stdout once it listens on 127.0.0.1, and stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { answerKey, type CapturedResponse } from './bare-answers';

interface Prepared {
  status: number;
  headers: Record<string, string | number>;
  body: Buffer;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <responses.json>');
const captured = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CapturedResponse>;
const responses = new Map<string, Prepared>();
for (const [key, response] of Object.entries(captured)) {
  const body = Buffer.from(response.body, 'base64');
  const headers: Record<string, string | number> = Object.fromEntries(response.headers);
  headers['content-length'] = body.length;
  responses.set(key, { status: response.status, headers, body });
}

const server = createServer((request, response) => {
  const found = responses.get(
    answerKey(request.method ?? '', request.url ?? '', request.headers.authorization),
  );
  // Drain any request body first, as a real server would.
  request.resume();
  request.on('end', () => {
    if (!found) {
      response.writeHead(404, { 'content-length': 0 }).end();
      return;
    }
    response.writeHead(found.status, found.headers).end(found.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
