type Entry<T> = { at: number; value?: T; pending?: Promise<T> | undefined };

const MAX_KEYS = 8;

/**
 * One value per key, computed again once older than `freshMs`: while the new one is computed, callers get
 * the previous one at once (its age is part of the value), so only the first call waits. A value older
 * than `maxStaleMs` is not served: callers wait for the computation, and a failed one is their error.
 * Concurrent callers share one computation.
 */
export class KeptAnswer<T> {
  readonly #freshMs: number;
  readonly #maxStaleMs: number;
  readonly #entries = new Map<string, Entry<T>>();

  constructor(freshMs: number, maxStaleMs: number) {
    this.#freshMs = freshMs;
    this.#maxStaleMs = maxStaleMs;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    let entry = this.#entries.get(key);
    if (!entry) {
      this.#forgetOldest();
      entry = { at: 0 };
      this.#entries.set(key, entry);
    }
    const age = Date.now() - entry.at;
    if (entry.value !== undefined && age < this.#freshMs) return Promise.resolve(entry.value);
    entry.pending ??= compute()
      .then((value) => {
        entry.value = value;
        entry.at = Date.now();
        return value;
      })
      .finally(() => {
        entry.pending = undefined;
      });
    if (entry.value !== undefined && age < this.#maxStaleMs) {
      // The caller has the kept value; a failed computation is tried again by the next call.
      entry.pending.catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    return entry.pending;
  }

  /** Keys are few (a cluster and a parameter): past MAX_KEYS the oldest settled value goes. */
  #forgetOldest(): void {
    if (this.#entries.size < MAX_KEYS) return;
    let oldest: string | undefined;
    let at = Number.POSITIVE_INFINITY;
    for (const [key, e] of this.#entries)
      if (!e.pending && e.at < at) {
        oldest = key;
        at = e.at;
      }
    if (oldest !== undefined) this.#entries.delete(oldest);
  }
}
