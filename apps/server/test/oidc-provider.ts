// The package ships no types; the e2e spec compiles this file too, so it names its declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-types.d.ts" />
/**
 * A real OpenID Connect provider (the certified `oidc-provider` package) on a loopback port, for
 * single sign-on tests: one confidential client, PKCE required, and a login page that signs in
 * whichever of its accounts is typed in. Consent is given at once. Its authorization codes can be
 * made to have expired, to test an expired code without waiting.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds an account the provider knows (the portal may not). */
  addAccount(account: ProviderAccount): void;
  /** Makes every authorization code issued so far expired. */
  expireCodes(): void;
  close(): Promise<void>;
}

type Payload = Record<string, unknown> & { exp?: number; grantId?: string; uid?: string; userCode?: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  accounts?: ProviderAccount[];
  port?: number;
}): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);
  const clientId = 'campus-portal';
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';

  // This provider's own storage, so that its codes can be aged.
  const store = new Map<string, Payload>();
  class Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    upsert(id: string, payload: Payload) {
      store.set(this.key(id), { ...payload });
      if (payload.uid) store.set(`uid:${payload.uid}`, { id });
      if (payload.grantId) {
        const ids = (store.get(`grant:${payload.grantId}`)?.keys as string[] | undefined) ?? [];
        store.set(`grant:${payload.grantId}`, { keys: [...ids, this.key(id)] });
      }
      return Promise.resolve();
    }
    find(id: string) {
      return Promise.resolve(store.get(this.key(id)));
    }
    findByUid(uid: string) {
      const found = store.get(`uid:${uid}`);
      return Promise.resolve(found ? store.get(this.key(String(found.id))) : undefined);
    }
    findByUserCode() {
      return Promise.resolve(undefined);
    }
    consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string) {
      store.delete(this.key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string) {
      for (const key of (store.get(`grant:${grantId}`)?.keys as string[] | undefined) ?? [])
        store.delete(key);
      store.delete(`grant:${grantId}`);
      return Promise.resolve();
    }
  }

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    adapter: Adapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true, methods: ['S256'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    // Not the provider's development keys: a key of its own, made at start.
    jwks: { keys: [signingKey()] },
  });

  /** The login page: type the account's subject; the consent that follows is given at once. */
  const interaction = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST' && path.endsWith('/login')) {
      const login = (await formBody(req)).get('login') ?? '';
      if (!accounts.has(login)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page(details.uid, `No account “${escapeHtml(login)}” here.`));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({
        accountId: details.session!.accountId!,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(details.uid));
  };

  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => void accounts.set(account.sub, account),
    expireCodes() {
      for (const [key, payload] of store) {
        if (key.startsWith('AuthorizationCode:')) payload.exp = Math.floor(Date.now() / 1000) - 1;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(uid: string, problem = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>University sign-in</title></head><body>
<h1>Example University</h1>${problem ? `<p role="alert">${problem}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Username <input name="login" autocomplete="username" autofocus></label>
<button type="submit">Sign in</button></form></body></html>`;
}

function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' };
}

/** Cookies of one site, as a browser keeps them (name → value; paths and expiry are not needed here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers | Record<string, unknown>): void {
    const lines =
      headers instanceof Headers
        ? headers.getSetCookie()
        : ([headers['set-cookie'] ?? []].flat() as string[]);
    for (const line of lines) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: from the authorization URL, through its login page (signing in
 * as `login`) and consent, to the redirect back to the portal, whose URL is returned. `rewrite` may
 * change the authorization URL first (to tamper with it, as an attacker would).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar = new CookieJar(),
  rewrite: (url: URL) => URL = (url) => url,
): Promise<URL> {
  let url = rewrite(new URL(authorizationUrl));
  const origin = url.origin;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: body.toString() } : {}),
    });
    jar.take(res.headers);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      await res.arrayBuffer();
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`The provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action, url);
    body = new URLSearchParams({ login });
  }
  throw new Error('Too many redirects at the provider');
}
