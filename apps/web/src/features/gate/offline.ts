/**
 * The gate device while briefly offline: a scanned credential is checked here with the public key
 * fetched before (WebCrypto, ECDSA P-256), against the passes the server said to refuse; what the
 * guard records waits in this device's storage and is sent when the network is back.
 */
import type {
  GateAnswer,
  GateCredentialClaims,
  GateKey,
  GateMoveRequest,
  GatePassAtGate,
  GatePassStanding,
} from '@campus/contract';
import {
  GATE_REFUSAL_TEXT,
  GateCredentialClaimsSchema,
  credentialExpired,
  credentialZone,
  decideGateScan,
} from '@campus/contract';
import { ApiError } from '../../lib/api-client';

const KEY_STORE = 'gate.key';
const QUEUE_STORE = 'gate.queue';

/**
 * A move recorded while the server could not be reached, with what proves the pass was scanned: the
 * credential or code (checked again by the server when sent), else the scan that allowed it.
 */
export interface QueuedMove {
  direction: 'exit' | 'return';
  gatepassId: string;
  at: string;
  credential?: string;
  code?: string;
  scanId?: string;
}

/** The proof a move is sent with: the server takes one of them (never a pass id alone). */
export function proofOf(move: QueuedMove): GateMoveRequest {
  if (move.credential) return { gatepassId: move.gatepassId, credential: move.credential };
  if (move.code) return { gatepassId: move.gatepassId, code: move.code };
  return move.scanId ? { gatepassId: move.gatepassId, scanId: move.scanId } : {};
}

export function rememberKey(key: GateKey) {
  localStorage.setItem(KEY_STORE, JSON.stringify(key));
}

function storedKey(): GateKey | undefined {
  const text = localStorage.getItem(KEY_STORE);
  return text ? (JSON.parse(text) as GateKey) : undefined;
}

const fromBase64Url = (text: string) => {
  const b64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/** The claims of a credential signed by the gate's key (ES256: ECDSA P-256, SHA-256); undefined if not. */
async function signedClaims(token: string, key: GateKey): Promise<GateCredentialClaims | undefined> {
  const parts = token.split('.');
  const [head, body, sig] = parts;
  if (parts.length !== 3 || !head || !body || !sig) return undefined;
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    { ...key.publicKey, ext: true },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  try {
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      fromBase64Url(sig),
      new TextEncoder().encode(`${head}.${body}`),
    );
    if (!ok) return undefined;
    const claims = GateCredentialClaimsSchema.safeParse(
      JSON.parse(new TextDecoder().decode(fromBase64Url(body))),
    );
    return claims.success ? claims.data : undefined;
  } catch {
    // Not base64url, or not JSON: no credential of ours.
    return undefined;
  }
}

/** What this device knows of a pass: the passes the server said to refuse, and the moves queued here. */
function standingOnDevice(key: GateKey, passId: string): GatePassStanding {
  const known = key.refused.find((r) => r._id === passId)?.reason;
  const queued = pendingMoves().filter((m) => m.gatepassId === passId);
  if (known === 'already-back' || queued.some((m) => m.direction === 'return')) return 'back';
  if (known === 'already-out' || queued.some((m) => m.direction === 'exit')) return 'out';
  return known === 'revoked' ? 'revoked' : 'unused';
}

/** The pass as a credential describes it: no name (the desk shows the roll number in its place). */
const passOf = (claims: GateCredentialClaims): GatePassAtGate => ({
  _id: claims.sub,
  name: '',
  initials: '#',
  rollNo: claims.rno,
  group: '',
  date: claims.d,
  time: claims.t,
  ...(claims.r ? { returnBy: claims.r } : {}),
  reason: '',
});

/**
 * Checks a credential on this device by the gate's own rule (`decideGateScan`, as the server does);
 * undefined when no key was fetched yet.
 */
export async function checkOffline(token: string, now = new Date()): Promise<GateAnswer | undefined> {
  const key = storedKey();
  if (!key) return undefined;
  const claims = await signedClaims(token, key);
  const at = now.getTime();
  const decision = decideGateScan(
    claims
      ? {
          check: credentialExpired(claims, at) ? 'expired' : 'valid',
          claims,
          standing: standingOnDevice(key, claims.sub),
          now: at,
          // The pass's day is the campus's, in the zone the server signed in (not this device's).
          zone: credentialZone(claims),
        }
      : { check: 'forged' },
  );
  // A refusal names its reason only (decision record 0065).
  if (decision.outcome === 'refused')
    return { outcome: 'refused', reason: decision.reason, message: GATE_REFUSAL_TEXT[decision.reason] };
  const message = decision.outcome === 'allow-exit' ? 'Allow exit' : 'Allow return';
  // Allowed: the credential was ours, so its claims are there.
  return { outcome: decision.outcome, message, gatepass: passOf(claims!) };
}

export function pendingMoves(): QueuedMove[] {
  const text = localStorage.getItem(QUEUE_STORE);
  return text ? (JSON.parse(text) as QueuedMove[]) : [];
}

export function queueMove(move: QueuedMove) {
  localStorage.setItem(QUEUE_STORE, JSON.stringify([...pendingMoves(), move]));
}

/** A refusal that sending again cannot change (a move without a scan, or one the scan does not allow). */
const refusedForGood = (err: unknown) => err instanceof ApiError && [400, 404, 409].includes(err.status);

let syncing: Promise<number> | null = null;

/**
 * Sends every queued exit and return; those sent, and those the server refuses for good, leave the
 * queue. The first that cannot reach the server stops the round, to be tried again. One round at a
 * time: a second call while one runs (the network back and the minute's timer at once) joins it, so
 * that no move is sent twice.
 */
export function syncMoves(send: (move: QueuedMove) => Promise<unknown>): Promise<number> {
  syncing ??= sendQueued(send).finally(() => {
    syncing = null;
  });
  return syncing;
}

async function sendQueued(send: (move: QueuedMove) => Promise<unknown>): Promise<number> {
  let sent = 0;
  for (const move of pendingMoves()) {
    try {
      await send(move);
    } catch (err) {
      if (!refusedForGood(err)) throw err;
    }
    localStorage.setItem(
      QUEUE_STORE,
      JSON.stringify(
        pendingMoves().filter((m) => !(m.gatepassId === move.gatepassId && m.direction === move.direction)),
      ),
    );
    sent++;
  }
  return sent;
}
