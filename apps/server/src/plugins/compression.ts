/**
 * Answers of 1 KB or more are compressed for clients that accept it: brotli at quality 4 (close to
 * gzip's speed, smaller output; brotli's default, 11, costs far more CPU: decision record 0027), else
 * gzip at level 6. A page of queries is 5–30 KB of JSON, a whole board megabytes. The streamed CSV
 * exports are compressed as they stream; the live update stream (text/event-stream, written to the
 * socket itself) and the web app's files (already .br/.gz on disk) are left alone. Request bodies are
 * not decompressed: a CSV import arrives as sent, and its size limit holds for what is read.
 *
 * An answer held in memory (every JSON answer) is compressed here, at once, before
 * `@fastify/compress` sees it: the plugin's stream through the thread pool costs many times the
 * compression itself (decision record 0052). Answers of `ASYNC_FROM_BYTES` or more (a whole
 * board) are compressed on the thread pool, so that one of them does not hold up every other
 * request; streams stay with the plugin. An answer served from memory (which never changes, and
 * whose text the serializer keeps) is compressed once per route and encoding, and its bytes are
 * kept beside it for as long as it lives.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isCachedValue } from '../db/read-cache';
import type { App } from '../types';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** From this size on, an answer is compressed off the event loop. */
export const ASYNC_FROM_BYTES = 256 * 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from an Accept-Encoding header: br or gzip, whichever the client
 * weighs more (br on a tie); `*` stands for either; a weight of 0 refuses. Undefined for none.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|xml)|text\/(?!event-stream))/i;

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!values.some((v) => v.toLowerCase().includes('accept-encoding'))) {
    void reply.header('vary', [...values, 'accept-encoding'].join(', '));
  }
}

/** `body` compressed: at once below `ASYNC_FROM_BYTES`, on the thread pool from there on. */
export function compressBody(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  const large = body.length >= ASYNC_FROM_BYTES;
  if (encoding === 'gzip')
    return large ? gzipAsync(body, { level: GZIP_LEVEL }) : gzipSync(body, { level: GZIP_LEVEL });
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return large ? brotliAsync(body, options) : brotliCompressSync(body, options);
}

/** The compressed texts of answers that never change: by route, status and encoding. */
const compressedAnswers = new WeakMap<object, Map<string, Buffer>>();

/** Encodings chosen, by Accept-Encoding header: browsers send the same few headers every time. */
const chosen = new Map<string, Encoding | undefined>();
function encodingFor(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  if (chosen.has(header)) return chosen.get(header);
  const encoding = chooseEncoding(header);
  if (chosen.size < 256) chosen.set(header, encoding);
  return encoding;
}

/**
 * Compresses an answer held in memory; anything else (a stream, a small or binary answer) passes
 * on. An answer from memory already compressed for this route and encoding goes at once.
 */
function compressHeld(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const size =
    typeof payload === 'string' && payload.length < COMPRESSION_THRESHOLD_BYTES
      ? Buffer.byteLength(payload)
      : payload.length;
  if (size < COMPRESSION_THRESHOLD_BYTES) return payload;
  const encodingSet = reply.getHeader('content-encoding');
  if (encodingSet !== undefined && encodingSet !== 'identity') return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  const type = reply.getHeader('content-type');
  if (!COMPRESSIBLE.test(type === undefined ? 'application/json' : String(type))) return payload;
  addVary(reply);
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (!encoding) return payload;
  // Headers are set once the bytes are there: a compression that failed answers its error as is.
  const sent = (bytes: Buffer) => {
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return bytes;
  };
  const answer = request.unchangingAnswer ?? undefined;
  const key = answer && `${reply.statusCode} ${request.method} ${request.routeOptions.url} ${encoding}`;
  const kept = key === undefined ? undefined : compressedAnswers.get(answer!)?.get(key);
  if (kept) return sent(kept);
  const keep = (compressed: Buffer) => {
    if (key === undefined) return sent(compressed);
    // Copied to its own size: zlib answers a slice of a larger chunk, which kept would keep the
    // whole chunk alive beside each answer (decision record 0052).
    const own = Buffer.from(compressed);
    const byKey = compressedAnswers.get(answer!) ?? new Map<string, Buffer>();
    byKey.set(key, own);
    compressedAnswers.set(answer!, byKey);
    return sent(own);
  };
  const compressed = compressBody(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
  return compressed instanceof Promise ? compressed.then(keep) : keep(compressed);
}

export async function registerCompression(app: App): Promise<void> {
  app.decorateRequest('unchangingAnswer', null);
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (request.headers['accept-encoding'] !== undefined && isCachedValue(payload)) {
      request.unchangingAnswer = payload;
    }
    done(null, payload);
  });
  // An app-wide onSend hook runs before the plugin's own (added to each route): what it compressed
  // carries its Content-Encoding, which the plugin leaves alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    let result: unknown;
    try {
      result = compressHeld(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (value: unknown) => done(null, value),
        (error: unknown) => done(error as Error),
      );
    } else {
      done(null, result);
    }
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
