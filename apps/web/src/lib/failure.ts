/**
 * The second half of every failure message: what the person can do now. The first half says what
 * failed and for whom ("Could not approve Kavya Chopra's pass"); this says why, when the answer
 * tells, and what to do ("you are offline. Try again").
 */
import { commonWord as t } from '../i18n/words';
import { ApiError, NetworkError } from './api-client';

export function whatToDo(error: unknown): string {
  if (error instanceof NetworkError || (typeof navigator !== 'undefined' && !navigator.onLine)) {
    return t('failure.offline');
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return t('failure.session');
    if (error.status === 403) return t('failure.forbidden');
    if (error.status === 429) return t('failure.wait');
    if (error.status >= 500) return t('failure.server');
    return t('failure.correct');
  }
  return t('failure.again');
}

/** The server's words for a failure when it gave some (else `fallback`, if any), then what to do. */
export function failureDetail(error: unknown, fallback?: string): string {
  const words = error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
  return [words, whatToDo(error)].filter(Boolean).join('\n');
}
