/** The answers bare node:http gives: each request's own, as the real server gave it to its caller. */
export interface CapturedResponse {
  status: number;
  headers: [string, string][];
  body: string;
}

/** One answer per method, path and caller (the mix's people read different rows on one path). */
export const answerKey = (method: string, path: string, authorization: string | undefined): string =>
  `${method} ${path} ${authorization ?? ''}`;
