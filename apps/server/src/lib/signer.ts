/**
 * Keys derived from the server's secret, one per purpose: what one signs, another cannot pass for.
 * A copy of the database without the secret cannot make a valid link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Signer = ReturnType<typeof signerFor>;

export function signerFor(secret: string) {
  const keys = new Map<string, Buffer>();
  const keyOf = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = createHmac('sha256', secret).update(`campus-${purpose}`).digest();
      keys.set(purpose, key);
    }
    return key;
  };
  const sign = (purpose: string, payload: string) =>
    createHmac('sha256', keyOf(purpose)).update(payload).digest('base64url');
  return {
    sign,
    verify(purpose: string, payload: string, signature: string): boolean {
      const expected = Buffer.from(sign(purpose, payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
