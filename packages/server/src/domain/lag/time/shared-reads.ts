type Entry<T> = {
  value: Promise<T>;
  controller: AbortController;
  waiting: number;
  /** When the read settled; undefined while it runs. */
  at: number | undefined;
};

/**
 * One read per key at a time, its answer kept `ttlMs` after it settled (a failure is not kept). Callers
 * asking while it runs share it; each may leave with its own signal, and when the last one has left the
 * read is aborted, so a read nobody waits for stops (docs/style.md#cancellation-and-bounds).
 */
export class SharedReads<T> {
  readonly #ttlMs: number;
  readonly #entries = new Map<string, Entry<T>>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get(key: string, signal: AbortSignal | undefined, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    const now = Date.now();
    for (const [k, e] of this.#entries)
      if (e.at !== undefined && now - e.at >= this.#ttlMs) this.#entries.delete(k);
    let entry = this.#entries.get(key);
    if (!entry || entry.controller.signal.aborted) entry = this.#start(key, read);
    const shared = entry;
    shared.waiting++;
    return new Promise<T>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal?.removeEventListener('abort', abort);
        shared.waiting--;
      };
      const abort = () => {
        leave();
        if (shared.waiting === 0 && shared.at === undefined) shared.controller.abort(signal?.reason);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
      shared.value.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error) => {
          leave();
          reject(error);
        },
      );
    });
  }

  #start(key: string, read: (signal: AbortSignal) => Promise<T>): Entry<T> {
    const controller = new AbortController();
    const entry: Entry<T> = { value: read(controller.signal), controller, waiting: 0, at: undefined };
    this.#entries.set(key, entry);
    entry.value.then(
      () => {
        entry.at = Date.now();
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry;
  }
}
