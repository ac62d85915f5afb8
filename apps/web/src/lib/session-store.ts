/** The sign-in token, kept in localStorage under the key of SPEC §9. */
import { TOKEN_STORAGE_KEY } from '@campus/contract';

export const getToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_STORAGE_KEY);
