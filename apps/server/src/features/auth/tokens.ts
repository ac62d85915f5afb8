/**
 * HS256 session tokens (RFC 7519): signed with the server secret, bound to a session row by their jti.
 * jose signs them at sign-in. Every signed-in request verifies one, so verification is done
 * synchronously with node:crypto (one HMAC, one constant-time comparison) instead of through
 * WebCrypto's asynchronous jobs (decision record 0007).
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ROLES, type Role } from '@campus/contract';

export const TOKEN_ISSUER = 'campus-portal';

export interface TokenClaims {
  sub: string;
  jti: string;
  role: Role;
  exp: number;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;
/** Tokens whose signature was checked, remembered by their exact text (expiry is checked each time). */
const VERIFIED_TOKENS_KEPT = 10_000;

function decodeJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export class TokenService {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, TokenClaims>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private mac(signingInput: string): Buffer {
    return createHmac('sha256', this.key).update(signingInput).digest();
  }

  sign(claims: TokenClaims & Record<string, unknown>): Promise<string> {
    const { sub, jti, exp, ...payload } = claims;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setJti(jti)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  verify(token: string): TokenClaims | undefined {
    const known = this.verified.get(token);
    if (known) return known.exp > Date.now() / 1000 ? known : undefined;
    const claims = this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT)
        this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private check(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return undefined;
    const [header, body, signature] = parts as [string, string, string];
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== SIGNATURE_BYTES) return undefined;
    if (!timingSafeEqual(given, this.mac(`${header}.${body}`))) return undefined;

    // Only HS256 is accepted, and no header parameter this verifier would have to understand.
    const protectedHeader = decodeJson(header);
    if (protectedHeader?.alg !== 'HS256' || protectedHeader.crit !== undefined) return undefined;

    const payload = decodeJson(body);
    if (!payload) return undefined;
    const { sub, jti, role, exp, nbf, iss } = payload;
    const now = Math.floor(Date.now() / 1000);
    if (iss !== TOKEN_ISSUER) return undefined;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
    if (!Number.isFinite(exp) || exp <= now) return undefined;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return undefined;
    if (!(ROLES as readonly unknown[]).includes(role)) return undefined;
    return { sub, jti, role: role as Role, exp };
  }
}
