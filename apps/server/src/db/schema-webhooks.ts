/** Table types of signed webhooks (migration 0047, decision record 0085). */

/** An endpoint an admin registered: where deliveries go, for which kinds, signed with its secret. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** Space-separated event kinds (contract WEBHOOK_KINDS). */
  kinds: string;
  enabled: number;
  /** The signing secret (`whsec_…`), encrypted with a key derived from the server's secret. */
  secret: string;
  /** The secret before the last rotation, encrypted; it signs beside the new one until `previous_until`. */
  previous_secret: string | null;
  previous_until: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One event for one endpoint: a row of the outgoing queue and, once sent or given up, of its log. */
export interface WebhookDeliveriesTable {
  /** The message's id: the `webhook-id` header is `msg_` and this, the same on every attempt. */
  id: string;
  endpoint_id: string;
  kind: string;
  /** The JSON body sent, fixed when the event happened. */
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
