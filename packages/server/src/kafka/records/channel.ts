/**
 * A bounded queue between the fetch loops (producers) and the one consumer of the reader: a producer
 * waits while `limit` items are queued, so memory stays bounded when the consumer (a slow download) lags.
 */
export class Channel<T> {
  readonly #limit: number;
  readonly #items: T[] = [];
  #closed = false;
  #wakeConsumer: (() => void) | undefined;
  #wakeProducers: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async push(item: T): Promise<void> {
    if (this.#closed) return;
    this.#items.push(item);
    this.#wakeConsumer?.();
    while (this.#items.length > this.#limit && !this.#closed) {
      await new Promise<void>((resolve) => this.#wakeProducers.push(resolve));
    }
  }

  close(): void {
    this.#closed = true;
    this.#wakeConsumer?.();
    for (const wake of this.#wakeProducers.splice(0)) wake();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const item = this.#items.shift();
      if (item !== undefined) {
        for (const wake of this.#wakeProducers.splice(0)) wake();
        yield item;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wakeConsumer = resolve;
      });
      this.#wakeConsumer = undefined;
    }
  }
}
