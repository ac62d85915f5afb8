/**
 * Large answers travel compressed for a client that accepts it, and arrive as they were sent once
 * decompressed; small ones, and clients that do not ask, get them as they are.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createAdmin, createStudent, login } from '../../test/fixtures';
import { ASYNC_FROM_BYTES, chooseEncoding, compressBody, COMPRESSION_THRESHOLD_BYTES } from './compression';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  for (let i = 0; i < 12; i++) await createStudent(t.handle.db);
});
afterAll(() => t.close());

const students = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/students?limit=50',
    headers: { ...bearer(adminToken), ...(encoding !== undefined && { 'accept-encoding': encoding }) },
  });

describe('compressed answers', () => {
  it('answers a large list in brotli to a browser, and the same list decompressed', async () => {
    const plain = await students('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await students('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // X-Total-Count and the JSON type are kept.
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(br.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends an answer from memory compressed as before, and a changed one compressed afresh', async () => {
    const first = await students('br');
    const again = await students('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const student = await createStudent(t.handle.db);
    const changed = await students('br');
    const list = JSON.parse(brotliDecompressSync(changed.rawPayload).toString()) as { RollNo: number }[];
    expect(list.map((s) => s.RollNo)).toContain(student.rollNo);
    const plain = await students('identity');
    expect(plain.json()).toEqual(list);
  });

  it('answers gzip to a client that only takes gzip, or weighs it more', async () => {
    for (const header of ['gzip', 'br;q=0.5, gzip', 'x-gzip', 'br;q=0, *']) {
      const res = await students(header);
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual((await students('identity')).json());
    }
  });

  it('leaves an answer as it is for a client that accepts neither, and a small answer always', async () => {
    for (const header of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await students(header);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json()).toEqual((await students('identity')).json());
    }
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('chooseEncoding', () => {
  it('reads weights, wildcards and refusals', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('identity, deflate')).toBeUndefined();
    expect(chooseEncoding('BR;Q=0.8')).toBe('br');
  });

  it('compresses a whole board off the event loop, to the same bytes once decompressed', async () => {
    const board = Buffer.from(
      JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ id: i, topic: `Topic ${i}` }))),
    );
    expect(board.length).toBeGreaterThanOrEqual(ASYNC_FROM_BYTES);
    const br = compressBody(board, 'br');
    const gz = compressBody(board, 'gzip');
    expect(br).toBeInstanceOf(Promise);
    expect(brotliDecompressSync(await br).equals(board)).toBe(true);
    expect(gunzipSync(await gz).equals(board)).toBe(true);
    const small = compressBody(board.subarray(0, 4096), 'br');
    expect(Buffer.isBuffer(small)).toBe(true);
  });
});
