/**
 * The gate device while briefly offline: a scanned credential is checked here with the public key
 * fetched before (WebCrypto, ECDSA P-256), against the passes the server said to refuse; what the
 * guard records waits in this device's storage and is sent when the network is back.
 */
import type { GateAnswer, GateKey, GateMoveRequest, GateRefusal } from '@campus/contract';
import { GATE_REFUSAL_TEXT } from '@campus/contract';
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

interface Claims {
  sub: string;
  rno: number;
  d: string;
  t: string;
  r: string | null;
  exp: number;
}

/** Checks a credential on this device; undefined when no key was fetched yet. */
export async function checkOffline(token: string, now = new Date()): Promise<GateAnswer | undefined> {
  const key = storedKey();
  if (!key) return undefined;
  const refused = (reason: GateRefusal): GateAnswer => ({
    outcome: 'refused',
    reason,
    message: GATE_REFUSAL_TEXT[reason],
  });
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return refused('forged');
  const publicKey = await crypto.subtle.importKey(
    'jwk',
    { ...key.publicKey, ext: true },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    fromBase64Url(sig),
    new TextEncoder().encode(`${head}.${body}`),
  );
  if (!ok) return refused('forged');
  const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as Claims;
  const known = key.refused.find((r) => r._id === claims.sub);
  const queued = pendingMoves().filter((m) => m.gatepassId === claims.sub);
  const out = known?.reason === 'already-out' || queued.some((m) => m.direction === 'exit');
  const back = known?.reason === 'already-back' || queued.some((m) => m.direction === 'return');
  if (known?.reason === 'revoked') return refused('revoked');
  if (back) return refused('already-back');
  const gatepass = {
    _id: claims.sub,
    name: `Roll No ${claims.rno}`,
    initials: '#',
    rollNo: claims.rno,
    group: '',
    date: claims.d,
    time: claims.t,
    ...(claims.r ? { returnBy: claims.r } : {}),
    reason: '',
  };
  if (out) return { outcome: 'allow-return', message: 'Allow return', gatepass };
  const today = now.toISOString().slice(0, 10);
  if (claims.exp * 1000 <= now.getTime() || claims.d < today) return refused('expired');
  if (claims.d > today) return refused('wrong-day');
  return { outcome: 'allow-exit', message: 'Allow exit', gatepass };
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

/**
 * Sends every queued exit and return; those sent, and those the server refuses for good, leave the
 * queue. The first that cannot reach the server stops the round, to be tried again.
 */
export async function syncMoves(send: (move: QueuedMove) => Promise<unknown>): Promise<number> {
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
