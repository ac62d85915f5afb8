/**
 * Where this instance stands: serving, or draining after SIGTERM (record 0030). Draining, it tells
 * the proxy it is not ready, asks its live update streams to reconnect elsewhere, and refuses new
 * ones, while the requests it has still finish.
 */
export class Lifecycle {
  private isDraining = false;
  private readonly listeners = new Set<() => void>();

  get draining(): boolean {
    return this.isDraining;
  }

  /** Calls `listener` when draining starts; answers a function that stops listening. */
  onDrain(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts draining (once). */
  drain(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    for (const listener of this.listeners) listener();
  }
}
