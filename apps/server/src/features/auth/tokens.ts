/** HS256 session tokens: signed with the server secret, bound to a session row by their jti. */
import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@campus/contract';

export const TOKEN_ISSUER = 'campus-portal';

export interface TokenClaims {
  sub: string;
  jti: string;
  role: Role;
  exp: number;
}

export class TokenService {
  /** Imported once: given raw bytes, jose would import the HMAC key again on every sign and verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims & Record<string, unknown>): Promise<string> {
    const { sub, jti, exp, ...payload } = claims;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setJti(jti)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(await this.key);
  }

  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      const role = payload.role;
      if (role !== 'student' && role !== 'teacher' && role !== 'admin') return undefined;
      return { sub: payload.sub!, jti: payload.jti!, exp: payload.exp!, role };
    } catch {
      return undefined;
    }
  }
}
