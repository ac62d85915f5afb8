/** The mail feature's cached reads (decision record 0080). */
import { cachedRead } from '../../db/read-cache';

export const mailKeys = {
  /** The campus's guardian switches (`campus_settings`), consulted by every mark that may tell guardians. */
  guardianSwitches: () => cachedRead(['guardian-switches'], ['campus_settings']),
};
