/**
 * How many live update streams this instance holds open (decision record 0023). An open stream
 * holds a file descriptor and memory (`BYTES_PER_STREAM`) for as long as its tab is open, so without
 * bounds one account could hold them until the process had none left to answer anything else.
 *
 * - Per account: a few, one per open tab. A new stream past the limit closes the account's oldest
 *   (told `superseded`), so a person who opens another tab is never refused.
 * - Per client address (IPv6 by /64): more than one person's worth, less than the instance's.
 * - Per instance: below the open-files limit, with a reserve kept for everything else, and within a
 *   memory budget.
 *
 * Past the address or instance bound a new stream is refused with 503 and `Retry-After`; the web app
 * then refetches on window focus and tries again later. A slot is claimed before any work for the
 * stream is done, so a burst of openings cannot all pass the check before any is counted.
 */
import { HttpError } from '../../lib/errors';

export interface StreamLimits {
  perAccount: number;
  perAddress: number;
  perInstance: number;
}

/** How long a refused browser waits before it asks for a stream again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

export const INSTANCE_FULL_MESSAGE =
  'This server holds as many live update streams as it can. Lists refresh when you return to the page; live updates resume later.';
export const ADDRESS_FULL_MESSAGE =
  'Too many live update streams are open from your network address. Lists refresh when you return to the page; live updates resume later.';

export interface StreamSlot {
  readonly accountId: string;
  readonly address: string;
  /** True once a newer stream of the same account took this slot. */
  superseded: boolean;
  /** Called when a newer stream of the same account takes this slot: closes the stream. */
  onSuperseded: () => void;
  /** Gives the slot back (idempotent). */
  release(): void;
}

function refuse(message: string): HttpError {
  // The refused connection is closed too: an idle keep-alive socket would hold the descriptor.
  return new HttpError(503, message, {
    'retry-after': String(STREAM_RETRY_AFTER_SECONDS),
    connection: 'close',
  });
}

export class StreamSlots {
  /** Each account's slots, oldest first. */
  private readonly byAccount = new Map<string, StreamSlot[]>();
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: StreamLimits) {}

  /** Streams held open now. */
  get open(): number {
    return this.total;
  }

  /** A slot for a new stream, closing the account's oldest when it has its fill; throws a 503 past the other bounds. */
  claim(accountId: string, address: string): StreamSlot {
    const mine = this.byAccount.get(accountId) ?? [];
    const displaced = mine.slice(0, Math.max(0, mine.length - this.limits.perAccount + 1));
    const fromAddress =
      (this.byAddress.get(address) ?? 0) - displaced.filter((s) => s.address === address).length;
    // Refused before anything is closed: a refusal displaces nobody.
    if (this.total - displaced.length >= this.limits.perInstance) throw refuse(INSTANCE_FULL_MESSAGE);
    if (fromAddress >= this.limits.perAddress) throw refuse(ADDRESS_FULL_MESSAGE);
    for (const old of displaced) {
      old.release();
      old.superseded = true;
      old.onSuperseded();
    }

    let held = true;
    const slot: StreamSlot = {
      accountId,
      address,
      superseded: false,
      onSuperseded: () => {},
      release: () => {
        if (!held) return;
        held = false;
        this.total--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
        const list = (this.byAccount.get(accountId) ?? []).filter((s) => s !== slot);
        if (list.length > 0) this.byAccount.set(accountId, list);
        else this.byAccount.delete(accountId);
      },
    };
    this.total++;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.byAccount.set(accountId, [...(this.byAccount.get(accountId) ?? []), slot]);
    return slot;
  }
}
