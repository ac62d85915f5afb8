import { describe, expect, it } from 'vitest';
import {
  AccountIdParamsSchema,
  EraseRequestSchema,
  erasedPseudonym,
  PrivacySettingsSchema,
} from './privacy.js';

describe('privacy rules', () => {
  it('names an erased person by role and six characters of the account id only', () => {
    expect(erasedPseudonym('student', '0190f3a2-7c41-7d2e-9a3b-1f2e3d4c5b6a')).toBe('Erased student 4c5b6a');
  });

  it.each([
    [{ accountId: '0190f3a2-7c41-7d2e-9a3b-1f2e3d4c5b6a' }, true],
    [{ accountId: '../../etc/passwd' }, false],
    [{ accountId: "1' or '1'='1" }, false],
  ])('accepts only account ids as a path parameter: %o', (params, ok) => {
    expect(AccountIdParamsSchema.safeParse(params).success).toBe(ok);
  });

  it.each([
    [{ confirmUserId: '240101' }, true],
    [{ confirmUserId: 0 }, false],
    [{ confirmUserId: 1.5 }, false],
    [{}, false],
  ])('asks for a User ID to confirm an erasure: %o', (body, ok) => {
    expect(EraseRequestSchema.safeParse(body).success).toBe(ok);
  });

  it('keeps the wait after leaving between 0 and ten years', () => {
    expect(PrivacySettingsSchema.safeParse({ erasureWaitDays: 0 }).success).toBe(true);
    expect(PrivacySettingsSchema.safeParse({ erasureWaitDays: 3651 }).success).toBe(false);
    expect(PrivacySettingsSchema.safeParse({ erasureWaitDays: -1 }).success).toBe(false);
  });
});
