import { AppError } from '../../platform/errors.ts';

/** What a kept source gives a map: its data and when it was read, or why it could not be read. */
export type Reading<T> = { data?: T; at?: number; error?: { message: string; code: string } };

/** A failed read is remembered this long, so a worker that is down does not slow every map. */
const FAILURE_MS = 5_000;

/**
 * One source's answer kept between maps (stale-while-revalidate): the first map waits for the first
 * read; later ones get what is kept at once, with its age, while a read older than `ttlMs` is redone in
 * the background. A read that fails keeps the previous data and says why.
 */
export class Kept<T> {
  readonly #load: () => Promise<T>;
  readonly #ttlMs: number;
  #data: T | undefined;
  #at: number | undefined;
  #error: Reading<T>['error'];
  #errorAt = 0;
  #loading: Promise<void> | undefined;

  constructor(load: () => Promise<T>, ttlMs: number) {
    this.#load = load;
    this.#ttlMs = ttlMs;
  }

  async read(): Promise<Reading<T>> {
    const now = Date.now();
    const fresh = this.#at !== undefined && now - this.#at < this.#ttlMs;
    const failedLately = this.#error !== undefined && now - this.#errorAt < FAILURE_MS;
    if (!fresh && !failedLately) {
      const loading = this.#refresh();
      if (this.#data === undefined) await loading;
    }
    return { data: this.#data, at: this.#at, error: this.#error };
  }

  #refresh(): Promise<void> {
    this.#loading ??= this.#load()
      .then(
        (data) => {
          this.#data = data;
          this.#at = Date.now();
          this.#error = undefined;
        },
        (error: unknown) => {
          this.#error = describe(error);
          this.#errorAt = Date.now();
        },
      )
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }
}

const describe = (error: unknown) =>
  error instanceof AppError
    ? { message: error.message, code: error.code }
    : { message: 'The source did not answer', code: 'INTERNAL' };

/** One Kept per key (a cluster, a Connect or ksqlDB server), made on first use. */
export class KeptMap<T> {
  readonly #kept = new Map<string, Kept<T>>();
  readonly make: (key: string) => Kept<T>;

  constructor(make: (key: string) => Kept<T>) {
    this.make = make;
  }

  of(key: string): Kept<T> {
    let kept = this.#kept.get(key);
    if (!kept) {
      kept = this.make(key);
      this.#kept.set(key, kept);
    }
    return kept;
  }
}
