/**
 * The claims of the stored token, read without checking its signature: the server checks every
 * request, so nothing here grants anything. They are enough to start a screen's first requests
 * (which need the student's roll number) while the session check is still on its way.
 */
export interface TokenClaims {
  role?: string;
  RollNo?: number;
  teacherId?: number;
  adminId?: number;
}

export function readClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims !== null && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}
