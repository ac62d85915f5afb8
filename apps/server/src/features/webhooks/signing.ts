/**
 * Signatures as the Standard Webhooks specification says (decision record 0085): the secret is
 * `whsec_` and base64 of random bytes; a delivery's `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256, keyed by those bytes, of `<webhook-id>.<webhook-timestamp>.<body>`. While a rotated
 * secret is in its grace period, both sign, space-separated, and a receiver accepts either.
 *
 * The server must keep each secret to sign with it, so the table holds it encrypted (AES-256-GCM)
 * under a key derived from the server's secret: a copy of the database alone does not give it away.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@campus/contract';

/** 32 random bytes: the specification asks for 24 to 64. */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The `webhook-signature` header: one `v1,<base64>` per secret, space-separated. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

/** Encrypts and decrypts endpoint secrets with a key derived from the server's secret. */
export function secretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'campus-portal', 'webhook endpoint secrets', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    /** The secret, or undefined when it was sealed under another server secret. */
    open(stored: string): string | undefined {
      if (!stored.startsWith('v1:')) return undefined;
      const bytes = Buffer.from(stored.slice(3), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
