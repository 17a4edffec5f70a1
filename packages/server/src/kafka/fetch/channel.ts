type Queued<T> = { item: T; handled?: () => void };

/**
 * A bounded queue between the fetch loops (producers) and the one consumer of the reader: a producer
 * waits while `limit` items are queued, so memory stays bounded when the consumer (a slow download) lags.
 */
export class Channel<T> {
  readonly #limit: number;
  readonly #items: Queued<T>[] = [];
  #closed = false;
  #wakeConsumer: (() => void) | undefined;
  #wakeProducers: (() => void)[] = [];
  /** Producers of items given out whose consumer has not come back for the next one yet. */
  #handled: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async push(item: T): Promise<void> {
    await this.#enqueue({ item });
  }

  /**
   * Pushes, then waits until the consumer has handled the item and asked for the next one, so that what
   * the producer decides next sees what the consumer made of it.
   */
  async pushAndWait(item: T): Promise<void> {
    let handled!: () => void;
    const done = new Promise<void>((resolve) => {
      handled = resolve;
    });
    await this.#enqueue({ item, handled });
    if (!this.#closed) await done;
  }

  close(): void {
    this.#closed = true;
    this.#wakeConsumer?.();
    for (const wake of this.#wakeProducers.splice(0)) wake();
    for (const wake of this.#handled.splice(0)) wake();
    for (const queued of this.#items) queued.handled?.();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const queued = this.#items.shift();
      if (queued !== undefined) {
        for (const wake of this.#wakeProducers.splice(0)) wake();
        if (queued.handled) this.#handled.push(queued.handled);
        yield queued.item;
        if (queued.handled) {
          this.#handled = this.#handled.filter((h) => h !== queued.handled);
          queued.handled();
        }
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wakeConsumer = resolve;
      });
      this.#wakeConsumer = undefined;
    }
  }

  async #enqueue(queued: Queued<T>): Promise<void> {
    if (this.#closed) {
      queued.handled?.();
      return;
    }
    this.#items.push(queued);
    this.#wakeConsumer?.();
    while (this.#items.length > this.#limit && !this.#closed) {
      await new Promise<void>((resolve) => this.#wakeProducers.push(resolve));
    }
  }
}
