/**
 * The messages of a guardian's consent answer (decision record 0092), as the guardian reads them
 * (the web app translates them), apart from the schemas: a module without zod keeps the form code
 * out of the chunk the guardian's screens share.
 */
export const CONSENT_MESSAGES = {
  given: 'Thank you. The gate pass now goes to the mentor to decide.',
  declined: 'The gate pass was declined. The student is told.',
  usedLink: 'This link was already used. Open the portal to see where the gate pass stands.',
  badLink: 'This consent link is not valid. Open the portal to answer there.',
  otherPass: 'This consent link is for another gate pass.',
  expired: 'This consent link expired when the gate pass was to start.',
  notWaiting: 'This gate pass no longer waits for a guardian’s consent.',
} as const;
