/**
 * Answers of 1 KB or more are compressed for clients that accept it: brotli at quality 4 (close to
 * gzip's speed, smaller output; brotli's default, 11, costs ~50 × the CPU), else gzip at level 6. A
 * page of queries is 5–30 KB of JSON, a whole board megabytes. The streamed CSV exports are
 * compressed as they stream; the live update stream (text/event-stream, written to the socket
 * itself) and the web app's files (already .br/.gz on disk) are left alone. Request bodies are not
 * decompressed: a CSV import arrives as sent, and its size limit holds for what is read.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from '../types';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
