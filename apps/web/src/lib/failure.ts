/**
 * The second half of every failure message: what the person can do now. The first half says what
 * failed and for whom ("Could not approve Kavya Chopra's pass"); this says why, when the answer
 * tells, and what to do ("you are offline. Try again").
 */
import { ApiError, NetworkError } from './api-client';

export function whatToDo(error: unknown): string {
  if (error instanceof NetworkError || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    return 'You are offline or the server cannot be reached. Check your connection and try again.';
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Sign in again and retry.';
    if (error.status === 403) return 'Your account may not do this. Ask an administrator if you need to.';
    if (error.status === 429) return 'Wait a little, then try again.';
    if (error.status >= 500) return 'The server had a problem. Try again in a moment.';
    return 'Correct it and try again.';
  }
  return 'Try again.';
}

/** The server's words for a failure when it gave some (else `fallback`, if any), then what to do. */
export function failureDetail(error: unknown, fallback?: string): string {
  const words = error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
  return [words, whatToDo(error)].filter(Boolean).join('\n');
}
