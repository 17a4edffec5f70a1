import { IndexSnapshot } from '../group-index.ts';
import type { IndexedGroup } from '../index-build.ts';
import { groupValue, type IndexRecord } from './index-records.ts';

/**
 * The index as the shared topic holds it, on every replica: each group's latest record, and the mark of
 * the newest build read. A snapshot of it is made when an answer asks and a new mark was read since.
 */
export class PublishedIndex {
  readonly #groups = new Map<string, IndexedGroup>();
  /** Topic names shared between the groups read since the last mark. */
  #names = new Map<string, string>();
  builtAt = 0;
  buildMs = 0;
  #version = 0;
  #view: { version: number; snapshot: IndexSnapshot } | undefined;

  add(record: IndexRecord): void {
    if (record.kind === 'group') {
      if (record.group) this.#groups.set(record.id, record.group);
      else this.#groups.delete(record.id);
      return;
    }
    this.builtAt = record.builtAt;
    this.buildMs = record.buildMs;
    this.#version++;
    this.#names = new Map();
  }

  intern = (topic: string): string => {
    const known = this.#names.get(topic);
    if (known !== undefined) return known;
    this.#names.set(topic, topic);
    return topic;
  };

  /** Whether a build was read and is no older than a publisher refreshing every `refreshMs` leaves it. */
  freshFor(refreshMs: number, now = Date.now()): boolean {
    return this.builtAt > 0 && now - this.builtAt <= 2 * refreshMs + this.buildMs;
  }

  /**
   * The newest build read, as a snapshot, with `changes` (groups this replica wrote to, at the time it
   * read them) put over it where they are newer than the build; older ones are dropped from `changes`.
   */
  snapshot(changes: Map<string, { group: IndexedGroup | null; at: number }>): IndexSnapshot {
    if (this.#view?.version !== this.#version) {
      const snapshot = new IndexSnapshot(new Map(this.#groups), this.builtAt);
      for (const [id, change] of changes) {
        if (change.at <= this.builtAt) changes.delete(id);
        else snapshot.set(id, change.group);
      }
      this.#view = { version: this.#version, snapshot };
    }
    return this.#view.snapshot;
  }

  /** The groups the topic holds, as read so far. */
  ids(): IterableIterator<string> {
    return this.#groups.keys();
  }

  /** Each group's value as the topic holds it: where a replica taking over starts its first publication. */
  values(): Map<string, string> {
    const values = new Map<string, string>();
    for (const [id, group] of this.#groups) values.set(id, groupValue(group));
    return values;
  }
}
