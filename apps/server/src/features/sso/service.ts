/**
 * Single sign-on with OpenID Connect (decision record 0086), through openid-client: the
 * authorization code flow with PKCE, state and nonce. A sign-in under way is a row found by the hash
 * of a short-lived cookie, so any instance can finish it and it is used once. The person is found
 * by one claim (their email or their User ID), and gets the same session as a password sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { USE_UNIVERSITY_SIGN_IN, type Role, type SsoRefusal, type SsoStatus } from '@campus/contract';
import type { Db } from '../../db/index';
import type { AuthRepository } from '../auth/repository';
import { SSO_CLAIM } from '../auth/issue-session';
import type { SsoConfig } from './config';

/** How long a sign-in may take at the provider, from the button to the callback. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** How long the provider's answers may take (seconds). */
const PROVIDER_TIMEOUT_S = 10;

export const hashLoginId = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface SsoAccount {
  accountId: string;
  loginId: number;
  role: Role;
}

export type SsoOutcome =
  | { ok: true; account: SsoAccount }
  | { ok: false; refusal: SsoRefusal; loginId?: number; role?: Role; why: string };

export interface SsoService {
  readonly enabled: boolean;
  status(): SsoStatus;
  /** The provider's authorization URL and the cookie's value that binds the sign-in to this browser. */
  start(): Promise<{ url: string; cookie: string } | { refusal: SsoRefusal }>;
  /** Checks the provider's answer (the callback's query) and finds the account it names. */
  finish(query: string, cookie: string | undefined): Promise<SsoOutcome>;
  /** Why password sign-in is refused for this User ID (its role signs in with the university only). */
  passwordRefusal(loginId: number): Promise<string | undefined>;
  /** Where to sign out of the provider after a session `token` made by single sign-on is ended. */
  endSessionUrl(token: string | undefined): Promise<string | undefined>;
}

const OFF: SsoService = {
  enabled: false,
  status: () => ({ enabled: false, label: '' }),
  start: () => Promise.resolve({ refusal: 'not-configured' }),
  finish: () => Promise.resolve({ ok: false, refusal: 'not-configured', why: 'single sign-on is off' }),
  passwordRefusal: () => Promise.resolve(undefined),
  endSessionUrl: () => Promise.resolve(undefined),
};

/** The payload of a token whose signature was already checked. */
function payloadOf(token: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function ssoService(deps: {
  db: Db;
  auth: AuthRepository;
  config: SsoConfig | undefined;
  now: () => number;
  log: FastifyBaseLogger;
}): SsoService {
  const { db, auth, now, log } = deps;
  const config = deps.config;
  if (!config) return OFF;

  // Discovered once and kept; a failed discovery is tried again by the next sign-in.
  let discovered: Promise<oidc.Configuration> | undefined;
  const provider = (): Promise<oidc.Configuration> => {
    if (!discovered) {
      const attempt = oidc.discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_S,
          // Plain HTTP only to a provider on this machine (config.ts refuses it elsewhere).
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out
          ...(config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      discovered = attempt;
      attempt.catch(() => {
        if (discovered === attempt) discovered = undefined;
      });
    }
    return discovered;
  };

  const refuse = (refusal: SsoRefusal, why: string, account?: { login_id: number; role: Role }) =>
    ({
      ok: false,
      refusal,
      why,
      ...(account ? { loginId: account.login_id, role: account.role } : {}),
    }) as const;

  /** The accounts whose email is `email`, whatever their role. */
  async function accountsByEmail(email: string): Promise<string[]> {
    const wanted = email.trim().toLowerCase();
    const found = await Promise.all(
      (['students', 'teachers', 'admins', 'guards'] as const).map((table) =>
        db
          .selectFrom(table)
          .select('account_id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', wanted))
          .execute(),
      ),
    );
    return [...new Set(found.flat().map((row) => row.account_id))];
  }

  async function findAccount(value: string): Promise<string[]> {
    if (config!.matchBy === 'email') return value.includes('@') ? accountsByEmail(value) : [];
    // A User ID, or one written as a principal name: 231045@university.example.
    const userId = value.split('@')[0]!.trim();
    if (!/^\d{1,15}$/.test(userId)) return [];
    const account = await auth.findAccountByLoginId(Number(userId));
    return account ? [account.id] : [];
  }

  return {
    enabled: true,

    status: () => ({ enabled: true, label: config.label }),

    async start() {
      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch (error) {
        log.warn({ err: error }, 'single sign-on: the provider’s discovery document could not be read');
        return { refusal: 'unavailable' };
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const cookie = randomBytes(32).toString('base64url');
      const t = now();
      await db.deleteFrom('sso_logins').where('expires_at', '<', new Date(t).toISOString()).execute();
      await db
        .insertInto('sso_logins')
        .values({
          id_hash: hashLoginId(cookie),
          state,
          nonce,
          code_verifier: codeVerifier,
          created_at: new Date(t).toISOString(),
          expires_at: new Date(t + SSO_LOGIN_TTL_MS).toISOString(),
        })
        .execute();
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: config.redirectUri,
        scope: config.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, cookie };
    },

    async finish(query, cookie) {
      if (!cookie) return refuse('bad-state', 'no sign-in cookie');
      const idHash = hashLoginId(cookie);
      // Taken and removed at once: a second callback with the same cookie finds nothing.
      const login = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sso_logins')
          .selectAll()
          .where('id_hash', '=', idHash)
          .executeTakeFirst();
        if (!row) return undefined;
        const taken = await trx.deleteFrom('sso_logins').where('id_hash', '=', idHash).executeTakeFirst();
        return Number(taken.numDeletedRows) === 1 ? row : undefined;
      });
      if (!login) return refuse('bad-state', 'no sign-in under way for this cookie (used already?)');
      if (login.expires_at <= new Date(now()).toISOString())
        return refuse('expired', 'the sign-in took too long');
      const params = new URLSearchParams(query);
      if (params.get('state') !== login.state) return refuse('bad-state', 'state does not match');
      const error = params.get('error');
      if (error)
        return refuse(
          error === 'access_denied' ? 'cancelled' : 'failed',
          `provider answered ${error.slice(0, 60)}`,
        );

      let configuration: oidc.Configuration;
      try {
        configuration = await provider();
      } catch {
        return refuse('unavailable', 'discovery failed');
      }
      const currentUrl = new URL(config.redirectUri);
      currentUrl.search = params.toString();
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) return refuse('failed', 'no ID token');
        claims = { ...idClaims };
        // Many providers put the profile's claims in the UserInfo answer only.
        if (claims[config.userClaim] === undefined && configuration.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
      } catch (err) {
        const code = err instanceof Error && 'code' in err ? String(err.code) : 'unknown';
        const message = err instanceof Error ? err.message : String(err);
        log.warn(
          { code, reason: message.slice(0, 200) },
          'single sign-on: the provider’s answer was refused',
        );
        return refuse('failed', `${code}: ${message.slice(0, 120)}`);
      }

      const value = claims[config.userClaim];
      if (typeof value !== 'string' && typeof value !== 'number')
        return refuse('unknown-user', `no ${config.userClaim} claim`);
      if (config.matchBy === 'email' && config.userClaim === 'email' && claims.email_verified === false)
        return refuse('unknown-user', 'the provider says the email is not verified');
      const ids = await findAccount(String(value));
      if (ids.length !== 1)
        return refuse(
          'unknown-user',
          ids.length === 0 ? 'no account matches' : 'more than one account matches',
        );
      const account = await db
        .selectFrom('accounts')
        .select(['id', 'login_id', 'role', 'deactivated_at', 'erased_at'])
        .where('id', '=', ids[0]!)
        .executeTakeFirst();
      if (!account) return refuse('unknown-user', 'no account matches');
      if (account.deactivated_at !== null || account.erased_at !== null)
        return refuse('deactivated', 'the account is deactivated', account);
      if (!config.roles.includes(account.role))
        return refuse('role-not-allowed', `${account.role} may not use single sign-on`, account);
      return { ok: true, account: { accountId: account.id, loginId: account.login_id, role: account.role } };
    },

    async passwordRefusal(loginId) {
      if (config.passwordOffRoles.length === 0 || !Number.isSafeInteger(loginId)) return undefined;
      // Break-glass accounts keep their password whatever their role, for when the provider is down.
      if (config.breakGlass.includes(loginId)) return undefined;
      const account = await auth.findAccountByLoginId(loginId);
      return account && config.passwordOffRoles.includes(account.role)
        ? USE_UNIVERSITY_SIGN_IN(config.label)
        : undefined;
    },

    async endSessionUrl(token) {
      if (!config.rpLogout || !token || payloadOf(token)[SSO_CLAIM] !== true) return undefined;
      try {
        const configuration = await provider();
        if (!configuration.serverMetadata().end_session_endpoint) return undefined;
        return oidc.buildEndSessionUrl(configuration, {
          client_id: config.clientId,
          post_logout_redirect_uri: config.postLogoutRedirectUri,
        }).href;
      } catch {
        return undefined;
      }
    },
  };
}
