/** The guardians feature's cached reads (decision record 0080). */
import { cachedRead } from '../../db/read-cache';

export const guardianKeys = {
  /** Whether new passes wait for a guardian (record 0092): asked on every new pass, set by an admin. */
  consentSettings: () => cachedRead(['guardian-consent-settings'], ['campus_settings']),
};
