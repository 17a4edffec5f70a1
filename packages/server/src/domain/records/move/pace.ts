import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Holds a writer to `ratePerSecond` records a second on average: before each send of `count` records it
 * waits until the records sent so far are due. Sends are cut to a tenth of a second's worth, so the rate
 * holds within a fraction of a second whatever the batch size.
 */
export class Pace {
  readonly #rate: number | undefined;
  readonly #started = Date.now();
  #sent = 0;

  constructor(ratePerSecond: number | undefined) {
    this.#rate = ratePerSecond;
  }

  /** The most records one send may hold: unbounded without a rate. */
  get slice(): number {
    return this.#rate === undefined ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(this.#rate / 10));
  }

  /** Waits until `count` more records may go (at once when there is no rate, or when aborted). */
  async wait(count: number, signal: AbortSignal): Promise<void> {
    if (this.#rate === undefined) return;
    const due = this.#started + (this.#sent / this.#rate) * 1000;
    this.#sent += count;
    const delay = due - Date.now();
    if (delay > 0 && !signal.aborted) await sleep(delay, undefined, { signal }).catch(() => undefined);
  }
}

/** `items` in slices of at most `size` (all in one when `size` is infinite). */
export function slices<T>(items: T[], size: number): T[][] {
  if (items.length <= size) return [items];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
