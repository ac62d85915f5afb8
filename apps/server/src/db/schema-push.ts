/** Table types of Web Push (migration 0050, decision record 0088). */

/** The campus's VAPID key pair: one row, made on first use, the same for every instance. */
export interface PushKeysTable {
  /** Always 1: a second key pair can never be written beside the first. */
  id: number;
  /** base64url, as browsers take it for `applicationServerKey`. */
  public_key: string;
  private_key: string;
  created_at: string;
}

/** One browser on one device, pushed to for one account. */
export interface PushSubscriptionsTable {
  id: string;
  account_id: string;
  /** The push service's URL for this browser: unique, so that a shared phone has one owner. */
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  /** Space-separated kinds (contract PUSH_KINDS) this device is not pushed. */
  kinds_off: string;
  created_at: string;
  last_pushed_at: string | null;
}

/** A push message waiting to be sent, or sent, or given up (the same design as mail_queue). */
export interface PushQueueTable {
  id: string;
  subscription_id: string;
  /** Whom it is for: it is sent only while the subscription is still theirs. */
  account_id: string;
  title: string;
  url: string;
  tag: string;
  urgency: string;
  /** pending | sending | sent | failed | gone */
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface PushTables {
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_queue: PushQueueTable;
}
