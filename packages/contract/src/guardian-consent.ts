/**
 * Guardian consent for gate passes (decision record 0092): a campus setting makes a new pass wait
 * for a linked guardian's consent before its mentors see it; the guardian consents or declines in
 * the portal or from a signed, single-use link in the mail, whose page asks before it acts.
 */
import { z } from 'zod';
import { IdSchema, RollNoSchema } from './common.js';
import { strictBody } from './people-admin.js';

/** Where a pass stands with the guardian: waiting, consented to, or declined. */
export const GUARDIAN_CONSENT_STATES = ['waiting', 'given', 'declined'] as const;
export type GuardianConsentState = (typeof GUARDIAN_CONSENT_STATES)[number];

/** What a guardian answers. */
export const CONSENT_ANSWERS = ['consent', 'decline'] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];

/** The longest group list the setting takes. */
export const CONSENT_GROUPS_MAX = 200;

/** `GET`/`PUT /api/guardian-consent-settings` (admins): off by default. */
export const GuardianConsentSettingsSchema = z.strictObject(
  {
    /** Every student's new passes wait for consent. */
    all: z.boolean({ error: 'must be true or false' }),
    /** Or only the students of these groups. */
    groups: z
      .array(z.string({ error: 'must be a list of group names' }).trim().min(1).max(60), {
        error: 'must be a list of group names',
      })
      .max(CONSENT_GROUPS_MAX, { error: `must name at most ${CONSENT_GROUPS_MAX} groups` }),
  },
  strictBody,
);
export type GuardianConsentSettings = z.infer<typeof GuardianConsentSettingsSchema>;

export const ConsentAnswerSchema = z.enum(CONSENT_ANSWERS, { error: 'must be consent or decline' });

/** `POST /api/guardian/children/:rollNo/gatepasses/:id/consent` (the child's guardian). */
export const ConsentRequestSchema = z.strictObject({ answer: ConsentAnswerSchema }, strictBody);
export const ConsentParamsSchema = z.object({
  rollNo: RollNoSchema,
  id: IdSchema,
});

/** The link from the mail: the pass it is for, and its signed token. */
const LinkToken = z.string({ error: 'must be text' }).min(10, { error: 'is not a consent link' }).max(300);
export const ConsentLinkQuerySchema = z.object({ pass: IdSchema, token: LinkToken });
/** `POST /api/guardian/consent-link`: what the confirmation page's button sends. */
export const ConsentLinkRequestSchema = z.strictObject(
  { pass: IdSchema, token: LinkToken, answer: ConsentAnswerSchema },
  strictBody,
);
export type ConsentLinkRequest = z.infer<typeof ConsentLinkRequestSchema>;

/** What the confirmation page shows before the guardian answers. */
export const ConsentLinkViewSchema = z.object({
  childName: z.string(),
  date: z.string(),
  time: z.string(),
  returnBy: z.string().nullable(),
  reason: z.string(),
  /** Where the pass stands with the guardian now. */
  consent: z.enum(GUARDIAN_CONSENT_STATES),
});
export type ConsentLinkView = z.infer<typeof ConsentLinkViewSchema>;

export const ConsentAnswerResponseSchema = z.object({
  message: z.string(),
  consent: z.enum(['given', 'declined']),
});
export type ConsentAnswerResponse = z.infer<typeof ConsentAnswerResponseSchema>;
