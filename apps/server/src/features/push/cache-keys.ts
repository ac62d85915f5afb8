/** The push feature's cached reads (decision record 0080). */
import { cachedRead } from '../../db/read-cache';

export const pushKeys = {
  /** The accounts with at least one device: most people a notification tells have none. */
  holders: () => cachedRead(['push-holders'], ['push_subscriptions']),
};
