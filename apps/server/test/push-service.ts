/**
 * A stand-in push service on loopback, and the browser's side of Web Push: a subscription's keys
 * (a P-256 key pair and a 16-byte auth secret, made here) and the decryption of what arrives, as
 * RFC 8291 (Message Encryption for Web Push) and RFC 8188 (aes128gcm) say, with node:crypto alone:
 * ECDH, HKDF and AES-128-GCM. The VAPID signature (RFC 8292) is checked too.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The path the message was posted to: one per subscription. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's subscription: the JSON the server is given, and the private half it keeps. */
export interface TestSubscription {
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plain text of a message sent to this subscription. */
  decrypt(body: Buffer): string;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm body (RFC 8188) with the receiver's ECDH key and auth secret (RFC 8291). */
export function decryptPush(
  body: Buffer,
  receiver: { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65)
    throw new Error(`the key id should be the sender's 65-byte public key, not ${idLength} bytes`);
  if (records.length > recordSize) throw new Error('a payload this small should be one record');
  const receiverPublic = receiver.ecdh.getPublicKey();
  const ecdhSecret = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(ecdhSecret, receiver.authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record should end with the padding delimiter 2');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): signed by `publicKey` for the push service's origin; answers its claims. */
export function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  origin: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization ?? '(none)'}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the campus key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (parsed.aud !== origin) throw new Error(`the VAPID audience is ${parsed.aud}, not ${origin}`);
  return parsed;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** What arrived at one subscription's path. */
  to(subscription: TestSubscription): ReceivedPush[];
  /** The status each next request to the subscription gets (201 when nothing is set). */
  answer(subscription: TestSubscription, ...statuses: number[]): void;
  /** A new browser subscription whose endpoint is on this stand-in. */
  subscription(): TestSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 201 ? '' : `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const pathOf = (s: TestSubscription) => new URL(s.json.endpoint).pathname;
  return {
    origin,
    received,
    to: (s) => received.filter((r) => r.path === pathOf(s)),
    answer: (s, ...statuses) => answers.set(pathOf(s), [...(answers.get(pathOf(s)) ?? []), ...statuses]),
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        json: {
          endpoint: `${origin}/push/${randomBytes(12).toString('hex')}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
        decrypt: (body) => decryptPush(body, { ecdh, authSecret }),
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
