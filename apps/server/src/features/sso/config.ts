/**
 * Single sign-on's settings from the environment (decision record 0086). Off unless OIDC_ISSUER is
 * set; everything else has a default or is refused at boot with what to change.
 */
import { ROLES, type Role } from '@campus/contract';
import { z } from 'zod';

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export const SSO_ENV = {
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an http(s):// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_REDIRECT_URI: z
    .url({ protocol: /^https?$/, error: 'OIDC_REDIRECT_URI must be an http(s):// URL' })
    .optional(),
  OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  OIDC_USER_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'OIDC_USER_CLAIM must be a claim name, such as email')
    .default('email'),
  OIDC_MATCH: z.enum(['email', 'user-id'], { error: 'OIDC_MATCH must be email or user-id' }).optional(),
  OIDC_ROLES: z.string().optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(80).default('Sign in with your university account'),
  OIDC_LOGOUT: z.enum(['on', 'off'], { error: 'OIDC_LOGOUT must be on or off' }).default('on'),
  SSO_ONLY_ROLES: z.string().optional(),
  SSO_BREAK_GLASS: z.string().optional(),
};

export interface SsoConfig {
  issuer: string;
  clientId: string;
  /** Absent: a public client, proved by PKCE alone. */
  clientSecret: string | undefined;
  /** Where the provider sends the browser back: registered with the provider as is. */
  redirectUri: string;
  /** Where the provider sends the browser after signing out of it. */
  postLogoutRedirectUri: string;
  scopes: string;
  /** The ID token claim that names the person. */
  userClaim: string;
  /** Whether that claim holds the account's email or its User ID. */
  matchBy: 'email' | 'user-id';
  /** Roles that may sign in this way. */
  roles: Role[];
  label: string;
  /** Sign out of the provider too (RP-initiated logout) when it offers it. */
  rpLogout: boolean;
  /** Roles whose password sign-in and reset are off. */
  passwordOffRoles: Role[];
  /** User IDs that keep password sign-in whatever their role (admins' break-glass accounts). */
  breakGlass: number[];
  /** Plain HTTP to the provider, allowed only on this machine (a provider run by tests). */
  allowHttp: boolean;
}

type SsoEnv = z.infer<z.ZodObject<typeof SSO_ENV>> & { PUBLIC_URL?: string | undefined };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function roles(name: string, text: string | undefined, problems: string[]): Role[] {
  const found: Role[] = [];
  for (const entry of list(text)) {
    if ((ROLES as readonly string[]).includes(entry)) found.push(entry as Role);
    else problems.push(`${name}: "${entry}" is not a role (${ROLES.join(', ')})`);
  }
  return found;
}

/** The settings, or undefined when single sign-on is off; throws naming each problem. */
export function resolveSsoConfig(e: SsoEnv): SsoConfig | undefined {
  const problems: string[] = [];
  const fail = () => {
    if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  };
  if (!e.OIDC_ISSUER) {
    const stray = (
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SSO_ONLY_ROLES', 'SSO_BREAK_GLASS'] as const
    ).filter((name) => e[name] !== undefined && e[name] !== '');
    for (const name of stray)
      problems.push(`${name}: set, but single sign-on is off (OIDC_ISSUER is not set)`);
    fail();
    return undefined;
  }
  const issuer = new URL(e.OIDC_ISSUER);
  const allowHttp = issuer.protocol === 'http:';
  if (allowHttp && !LOOPBACK.has(issuer.hostname))
    problems.push(
      'OIDC_ISSUER: must be https:// (plain http is allowed only for a provider on this machine)',
    );
  if (!e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: needed when OIDC_ISSUER is set');
  const base = e.PUBLIC_URL?.replace(/\/+$/, '');
  const redirectUri = e.OIDC_REDIRECT_URI ?? (base ? `${base}/api/auth/sso/callback` : undefined);
  if (!redirectUri)
    problems.push(
      'OIDC_REDIRECT_URI: needed when OIDC_ISSUER is set and PUBLIC_URL is not (e.g. https://portal.example.edu/api/auth/sso/callback)',
    );
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('OIDC_SCOPES: must include openid');
  const allowed = e.OIDC_ROLES === undefined ? [...ROLES] : roles('OIDC_ROLES', e.OIDC_ROLES, problems);
  if (allowed.length === 0) problems.push('OIDC_ROLES: names no role, so nobody could use single sign-on');
  const passwordOff = roles('SSO_ONLY_ROLES', e.SSO_ONLY_ROLES, problems);
  for (const role of passwordOff.filter((r) => !allowed.includes(r)))
    problems.push(
      `SSO_ONLY_ROLES: ${role} may not use single sign-on (OIDC_ROLES), so it could not sign in at all`,
    );
  const breakGlass: number[] = [];
  for (const entry of list(e.SSO_BREAK_GLASS)) {
    if (/^\d{1,15}$/.test(entry)) breakGlass.push(Number(entry));
    else problems.push(`SSO_BREAK_GLASS: "${entry}" is not a User ID`);
  }
  if (passwordOff.includes('admin') && breakGlass.length === 0)
    problems.push(
      'SSO_BREAK_GLASS: needed when SSO_ONLY_ROLES includes admin: at least one admin User ID that keeps its password, for when the university sign-in is down',
    );
  fail();
  const callback = new URL(redirectUri!);
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET,
    redirectUri: redirectUri!,
    postLogoutRedirectUri: `${callback.origin}/`,
    scopes: e.OIDC_SCOPES,
    userClaim: e.OIDC_USER_CLAIM,
    matchBy: e.OIDC_MATCH ?? (e.OIDC_USER_CLAIM === 'email' ? 'email' : 'user-id'),
    roles: allowed,
    label: e.OIDC_BUTTON_LABEL,
    rpLogout: e.OIDC_LOGOUT === 'on',
    passwordOffRoles: passwordOff,
    breakGlass,
    allowHttp,
  };
}
