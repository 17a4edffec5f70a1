/**
 * One value per key, kept `ttlMs` from when it was asked; concurrent callers share one computation and a
 * failed one is not kept. An expired value is dropped (not held until the next ask): the group list's
 * sort figures for 50,000 groups are tens of MB the heap can give back.
 */
export class TtlMemo<T> {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.#ttlMs) return entry.value;
    const value = compute();
    const fresh = { at: now, value };
    this.#entries.set(key, fresh);
    const drop = () => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    };
    value.catch(drop);
    setTimeout(drop, this.#ttlMs).unref();
    return value;
  }

  forget(key: string): void {
    this.#entries.delete(key);
  }
}
