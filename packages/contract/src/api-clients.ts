/**
 * Integrations (decision record 0083): API clients an admin creates, each with a token (`cp_…`)
 * shown once, the scopes it holds, an expiry and its own budget of requests a minute. Which routes
 * each scope opens is written here once: the server enforces it and the admin screen shows it.
 */
import { z } from 'zod';
import { IdSchema, requiredText } from './common.js';

export const API_SCOPES = [
  'read:people',
  'read:attendance',
  'write:attendance',
  'read:movements',
  'read:gatepasses',
  'read:timetable',
  'write:lecture-marks',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets an integration do, in words an admin reads when choosing. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'read:people': 'Read students, teachers and groups',
  'read:attendance': "Read students' attendance and reports",
  'write:attendance': 'Mark day attendance',
  'read:movements': 'Read gate movements (exits and returns)',
  'read:gatepasses': 'Read gate passes',
  'read:timetable': 'Read the timetable, courses and holidays',
  'write:lecture-marks': 'Read and mark lecture attendance',
};

/**
 * The routes each scope opens, as `METHOD /path` the way the server registers them. A token may call
 * these and nothing else; every other route answers it 403.
 */
export const API_SCOPE_ROUTES: Record<ApiScope, readonly string[]> = {
  'read:people': [
    'GET /api/students',
    'GET /api/student',
    'GET /api/student-details/:rollNo',
    'GET /api/teachers',
    'GET /api/groups',
  ],
  'read:attendance': [
    'GET /api/attendance/:rollNo',
    'GET /api/attendance-marks',
    'GET /api/attendance-report',
    'GET /api/attendance-report.csv',
    'GET /api/attendance-courses/:rollNo',
  ],
  'write:attendance': ['POST /api/mark-attendance'],
  'read:movements': ['GET /api/gate/movements', 'GET /api/gate/movements.csv'],
  'read:gatepasses': [
    'GET /api/gatepasses/:status',
    'GET /api/gatepasses/:status/:rollNo',
    'GET /api/gatepass/:id',
  ],
  'read:timetable': [
    'GET /api/timetable/day',
    'GET /api/courses',
    'GET /api/periods',
    'GET /api/holidays',
    'GET /api/timetable-settings',
  ],
  'write:lecture-marks': ['GET /api/lectures/:periodId/:date', 'POST /api/lectures/:periodId/:date/marks'],
};

/** The scope a route asks of a token, by `METHOD /path`; undefined: no token may call it. */
export function scopeOfRoute(route: string): ApiScope | undefined {
  return API_SCOPES.find((scope) => API_SCOPE_ROUTES[scope].includes(route));
}

/** The prefix every integration token starts with, so that a leaked one is recognised (secret scanners). */
export const API_TOKEN_PREFIX = 'cp_';
/** The longest a token may live: a year, after which the admin makes a new one. */
export const API_CLIENT_MAX_DAYS = 365;
export const API_CLIENT_DEFAULT_PER_MINUTE = 600;
export const API_CLIENT_MAX_PER_MINUTE = 6000;
export const API_CLIENT_NAME_MAX = 80;

export const ApiClientCreateSchema = z.object({
  name: requiredText(API_CLIENT_NAME_MAX),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'must be known scopes' }), { error: 'must be a list of scopes' })
    .min(1, { error: 'must name at least one scope' })
    .max(API_SCOPES.length)
    .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a scope' }),
  /** Days until the token expires (1 to 365). */
  expiresInDays: z.coerce
    .number({ error: `must be a number of days, 1 to ${API_CLIENT_MAX_DAYS}` })
    .int({ error: `must be a number of days, 1 to ${API_CLIENT_MAX_DAYS}` })
    .min(1, { error: `must be a number of days, 1 to ${API_CLIENT_MAX_DAYS}` })
    .max(API_CLIENT_MAX_DAYS, { error: `must be a number of days, 1 to ${API_CLIENT_MAX_DAYS}` }),
  /** Requests a minute the token may make; 600 unless told. */
  perMinute: z
    .number({ error: `must be a number of requests, 1 to ${API_CLIENT_MAX_PER_MINUTE}` })
    .int({ error: `must be a number of requests, 1 to ${API_CLIENT_MAX_PER_MINUTE}` })
    .min(1, { error: `must be a number of requests, 1 to ${API_CLIENT_MAX_PER_MINUTE}` })
    .max(API_CLIENT_MAX_PER_MINUTE, {
      error: `must be a number of requests, 1 to ${API_CLIENT_MAX_PER_MINUTE}`,
    })
    .optional(),
});
export type ApiClientCreate = z.input<typeof ApiClientCreateSchema>;

/** A client as listed: never its token, only the first characters that tell tokens apart. */
export const ApiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** `cp_` and a few characters of the token: enough to recognise it, far too few to use it. */
  tokenHint: z.string(),
  perMinute: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;
export const ApiClientListSchema = z.array(ApiClientSchema);

/** The answer to a create: the only time the token is ever shown. */
export const ApiClientCreatedSchema = z.object({
  message: z.string(),
  client: ApiClientSchema,
  token: z.string(),
});
export type ApiClientCreated = z.infer<typeof ApiClientCreatedSchema>;

export const ApiClientParamsSchema = z.object({ id: IdSchema });

/** Whether a client can still be used at `now` (ms): neither revoked nor expired. */
export function apiClientActive(client: Pick<ApiClient, 'revokedAt' | 'expiresAt'>, now: number): boolean {
  return client.revokedAt === null && Date.parse(client.expiresAt) > now;
}
