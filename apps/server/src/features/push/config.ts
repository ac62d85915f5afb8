/**
 * Web Push settings from the environment (decision record 0088): the VAPID key pair when the
 * operator gives one (else the database's, made on first use), the subject push services may
 * write to, and, for tests only, push services on plain http on any host.
 */
import { z } from 'zod';

export interface PushOptions {
  /** Both or neither: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as web-push makes them). */
  keys?: { publicKey: string; privateKey: string } | undefined;
  /** A mailto: or https: address the push services may contact about this sender. */
  subject?: string | undefined;
  /** Tests: endpoints on http and on any host (a stand-in push service on loopback). */
  allowTestEndpoints?: boolean;
  /** How often each instance looks for due messages; 0 or none: only when told (tests). */
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  /** How long one request to a push service may take. */
  timeoutMs?: number;
}

const Base64Url = (name: string, length: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: `${name} must be base64url text (web-push generate-vapid-keys)` })
    .refine((text) => Buffer.from(text, 'base64url').length === length, {
      error: `${name} must be ${length} bytes as base64url (web-push generate-vapid-keys)`,
    });

const PushEnvSchema = z.object({
  VAPID_PUBLIC_KEY: Base64Url('VAPID_PUBLIC_KEY', 65).optional(),
  VAPID_PRIVATE_KEY: Base64Url('VAPID_PRIVATE_KEY', 32).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, {
      error: 'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    })
    .optional(),
  PUSH_TEST_ENDPOINTS: z
    .enum(['on', 'off'], { error: 'PUSH_TEST_ENDPOINTS must be on or off' })
    .default('off'),
});

/** The push settings of the environment; throws naming each problem. */
export function pushConfig(env: NodeJS.ProcessEnv, publicUrl: string | undefined): PushOptions {
  const parsed = PushEnvSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const e = parsed.data;
  if (e && Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither (the database then keeps a pair)',
    );
  }
  if (e?.PUSH_TEST_ENDPOINTS === 'on' && env.NODE_ENV === 'production') {
    problems.push('PUSH_TEST_ENDPOINTS: only for tests; it must be off when NODE_ENV is production');
  }
  if (!e || problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const subject =
    e.VAPID_SUBJECT ?? (publicUrl?.startsWith('https://') ? publicUrl.replace(/\/+$/, '') : undefined);
  return {
    keys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject,
    allowTestEndpoints: e.PUSH_TEST_ENDPOINTS === 'on',
  };
}
