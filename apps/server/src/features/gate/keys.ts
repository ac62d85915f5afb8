/**
 * The gate's signing key: one ES256 (ECDSA P-256) key pair, made by the first instance that needs it
 * and kept in campus_settings, so that every instance signs and checks with the same key. The
 * private half never leaves the server; gate devices get the public half (GET /api/gate/key).
 */
import type { webcrypto } from 'node:crypto';
import { GateCredentialClaimsSchema, type GateCredentialClaims } from '@campus/contract';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, errors, decodeJwt, type JWK } from 'jose';
import type { Db } from '../../db/index';

const SETTING = 'gate_signing_key';
const ALG = 'ES256';

/** A scanned credential: ours (current, or past its day) with its claims, or forged. */
export type CheckedCredential =
  { check: 'valid' | 'expired'; claims: GateCredentialClaims } | { check: 'forged' };

const FORGED: CheckedCredential = { check: 'forged' };

const withClaims = (payload: unknown, check: 'valid' | 'expired'): CheckedCredential => {
  const claims = GateCredentialClaimsSchema.safeParse(payload);
  return claims.success ? { check, claims: claims.data } : FORGED;
};

type CryptoKey = webcrypto.CryptoKey;

interface Loaded {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: { kty: string; crv: string; x: string; y: string };
}

export function gateKeys(db: Db) {
  let loaded: Promise<Loaded> | undefined;

  const read = async () =>
    (await db.selectFrom('campus_settings').select('value').where('key', '=', SETTING).executeTakeFirst())
      ?.value;

  async function load(): Promise<Loaded> {
    let stored = await read();
    if (!stored) {
      const pair = await generateKeyPair(ALG, { extractable: true });
      const jwk = await exportJWK(pair.privateKey);
      // Of two instances starting at once, the first key written is the one both use.
      await db
        .insertInto('campus_settings')
        .values({ key: SETTING, value: JSON.stringify(jwk) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      stored = await read();
      if (!stored) throw new Error('The gate signing key could not be stored');
    }
    const jwk = JSON.parse(stored) as JWK;
    // Only the public coordinates: never `d`, the private key.
    const publicJwk = { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x), y: String(jwk.y) };
    const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
    const publicKey = (await importJWK({ ...publicJwk, alg: ALG }, ALG)) as CryptoKey;
    return { privateKey, publicKey, publicJwk };
  }

  const keys = () => {
    loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  };

  return {
    async publicJwk() {
      return (await keys()).publicJwk;
    },

    /** Signs a pass's credential, valid until `expiresAt`. */
    async sign(claims: Omit<GateCredentialClaims, 'exp'>, expiresAt: Date): Promise<string> {
      const { privateKey } = await keys();
      const { rno, d, t, r, z } = claims;
      return new SignJWT({ rno, d, t, r, ...(z !== undefined && { z }) })
        .setProtectedHeader({ alg: ALG, typ: 'gatepass' })
        .setSubject(claims.sub)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey);
    },

    /**
     * Checks a scanned credential: forged (not ours, or malformed) or ours, and then whether its day
     * is over. An expired credential's signature was checked before its expiry was, so its claims
     * can be trusted to name the pass (a student out past midnight can still come back).
     */
    async check(token: string, now: Date): Promise<CheckedCredential> {
      const { publicKey } = await keys();
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          typ: 'gatepass',
          currentDate: now,
          requiredClaims: ['exp', 'sub'],
        });
        return withClaims(payload, 'valid');
      } catch (err) {
        return err instanceof errors.JWTExpired ? withClaims(decodeJwt(token), 'expired') : FORGED;
      }
    },
  };
}

export type GateKeys = ReturnType<typeof gateKeys>;
