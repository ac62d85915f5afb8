/** The one fetch wrapper: one base URL, the Bearer token, and errors turned into messages. */
import { commonWord } from '../i18n/words';
import { getToken } from './session-store';

const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** The server answered with a non-OK status; `message` is the server's own when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
    /** The whole answer, when it carried more than a message (an import's report, say). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, server down, CORS, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/**
 * Called when a signed-in call answers 401 for the token this tab still holds: its session has ended.
 * A 401 for a token since removed or replaced belongs to a session already over (Logout, another
 * tab, a new sign-in), and whatever removed it leads the page.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** A file sent as the body as it is (an upload), under this content type; instead of `body`. */
  file?: { content: Blob; type: string };
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** Sends a call and answers the server's OK response; anything else is thrown as an error. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = options.auth === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = options.file.type;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.file
        ? options.file.content
        : options.body === undefined
          ? null
          : JSON.stringify(options.body),
      signal: options.signal ?? null,
      // The web app is signed in by its Bearer token alone. The server's session cookie is for
      // clients that cannot send one; leaving it out keeps a signed-out tab signed out.
      credentials: 'omit',
    });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (res.ok) return res;
  const data = parseJson(await res.text());
  const serverMessage =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : undefined;
  if (res.status === 401 && token !== null && token === getToken()) unauthorizedListeners.forEach((l) => l());
  // Without the server's words, the page's own, in its language: "Request failed (500)" in English.
  const message = serverMessage ?? commonWord('failure.requestFailed', { status: res.status });
  throw new ApiError(res.status, message, serverMessage, data);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's answer with its headers, for the calls that read one (a list's total). */
// The caller names the answer's type, as with `api`: the contract's schemas describe it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await send(path, options, 'application/json');
  return { data: parseJson(await res.text()) as T, headers: res.headers };
}

/** A file the server sends for download (an export): its content and the name the server gives it. */
export async function download(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, options, '*/*');
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

/** The server's OK answer as it arrives, for calls whose answer is read bit by bit (progress lines). */
export function stream(path: string, options: RequestOptions & { accept: string }): Promise<Response> {
  return send(path, options, options.accept);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).data;
}

/** The server's message when there is one, else the given fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
