import type { Admin } from '@platformatic/kafka';
import type { GroupListing } from './groups.ts';
import { buildIndex, type IndexedGroup, indexGroups } from './index-build.ts';

/** One build of the index: the groups, and for each topic the groups that read it. */
export class IndexSnapshot {
  readonly builtAt: number;
  readonly #groups: Map<string, IndexedGroup>;
  readonly #readers = new Map<string, Set<string>>();

  constructor(groups: Map<string, IndexedGroup>, builtAt: number) {
    this.builtAt = builtAt;
    this.#groups = groups;
    for (const [id, g] of groups) this.#add(id, g);
  }

  get size(): number {
    return this.#groups.size;
  }

  /** The groups with offsets on, or members assigned to, any of `topics`. */
  readersOf(topics: Iterable<string>): IndexedGroup[] {
    const ids = new Set<string>();
    for (const t of topics) for (const id of this.#readers.get(t) ?? []) ids.add(id);
    return [...ids].flatMap((id) => this.#groups.get(id) ?? []);
  }

  /** Every group of the index (the lag sampler reads them all, in bounded requests). */
  groups(): IterableIterator<IndexedGroup> {
    return this.#groups.values();
  }

  /** Every topic some group reads (the data-flow map's search). */
  topics(): IterableIterator<string> {
    return this.#readers.keys();
  }

  get(id: string): IndexedGroup | undefined {
    return this.#groups.get(id);
  }

  /** Puts what a console write changed: a group read again, or null for a deleted one. */
  set(id: string, group: IndexedGroup | null): void {
    const old = this.#groups.get(id);
    for (const t of old?.topics ?? []) this.#readers.get(t)?.delete(id);
    if (group) {
      this.#groups.set(id, group);
      this.#add(id, group);
    } else this.#groups.delete(id);
  }

  #add(id: string, group: IndexedGroup): void {
    for (const t of group.topics) {
      let readers = this.#readers.get(t);
      if (!readers) {
        readers = new Set();
        this.#readers.set(t, readers);
      }
      readers.add(id);
    }
  }
}

/**
 * What the services use of a cluster's index: GroupIndex builds it on this replica; a shared one
 * (shared-index/) reads it from the topic the elected replica publishes it in.
 */
export interface ClusterGroupIndex {
  current(): Promise<IndexSnapshot>;
  /** How the index last saw a group, without waiting for a build (undefined when it has none). */
  known(id: string): GroupListing | undefined;
  refreshGroup(id: string): Promise<void>;
  removeGroup(id: string): void;
  close(): void | Promise<void>;
}

/** One group read again for the index, or null when it has no topic left (deleted, offsets gone). */
export async function readIndexedGroup(admin: Admin, listing: GroupListing): Promise<IndexedGroup | null> {
  const found = await indexGroups(admin, [{ ...listing, state: 'EMPTY' }]);
  const group = found.get(listing.id) ?? null;
  return group && group.topics.length > 0 ? group : null;
}

/**
 * A cluster's group-to-topics index, kept in the background: built when first needed, refreshed
 * `refreshMs` after the previous build ended while somebody asked within the last `idleMs` (reading
 * again new and live groups and a tenth of the EMPTY ones, see buildIndex), and updated at once for the
 * groups the console writes to. It only says which groups to ask: the answers read those groups' offsets
 * and members live.
 */
export class GroupIndex implements ClusterGroupIndex {
  readonly #admin: Admin;
  readonly #refreshMs: number;
  readonly #idleMs: number;
  #snapshot: IndexSnapshot | undefined;
  #building: Promise<IndexSnapshot> | undefined;
  /** Groups the console changed while a build ran, applied again over its result. */
  #changes = new Map<string, IndexedGroup | null>();
  #timer: NodeJS.Timeout | undefined;
  #lastAsked = 0;
  #lastBuildMs = 0;
  #rounds = 0;
  #closed = false;
  readonly #scheduled: boolean;

  /** `scheduled` false: no refresh of its own (the shared index's publisher says when to build). */
  constructor(admin: Admin, refreshMs: number, scheduled = true) {
    this.#admin = admin;
    this.#refreshMs = refreshMs;
    this.#scheduled = scheduled;
    this.#idleMs = Math.max(5 * 60_000, 10 * refreshMs);
  }

  /**
   * The index, waiting for a build when there is none yet, or when it was left to age while nobody
   * asked (older than two refresh intervals and a build).
   */
  async current(): Promise<IndexSnapshot> {
    this.#lastAsked = Date.now();
    const known = this.#snapshot;
    if (known && Date.now() - known.builtAt <= 2 * this.#refreshMs + this.#lastBuildMs) return known;
    return this.#build();
  }

  /** The index built within the last `maxAgeMs`, or a new build. */
  async fresh(maxAgeMs: number): Promise<{ snapshot: IndexSnapshot; buildMs: number }> {
    const known = this.#snapshot;
    const snapshot = known && Date.now() - known.builtAt < maxAgeMs ? known : await this.#build();
    return { snapshot, buildMs: this.#lastBuildMs };
  }

  /** Whether a build has been made or is under way (a replica following a shared index has none). */
  get built(): boolean {
    return this.#snapshot !== undefined || this.#building !== undefined;
  }

  known(id: string): GroupListing | undefined {
    return this.#snapshot?.get(id)?.listing;
  }

  /** Reads one group again after the console wrote to it (offset reset, offsets deleted). */
  async refreshGroup(id: string): Promise<void> {
    if (!this.built) return;
    const known = this.#snapshot?.get(id)?.listing ?? { id, kind: 'classic' as const };
    this.put(id, await readIndexedGroup(this.#admin, known));
  }

  /** Forgets a group the console deleted. */
  removeGroup(id: string): void {
    this.put(id, null);
  }

  /** Puts a group read again (or null for one gone) into the index, and into a build under way. */
  put(id: string, group: IndexedGroup | null): void {
    if (!this.built) return;
    this.#snapshot?.set(id, group);
    if (this.#building) this.#changes.set(id, group);
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #build(): Promise<IndexSnapshot> {
    if (this.#building) return this.#building;
    clearTimeout(this.#timer);
    const started = Date.now();
    this.#changes.clear();
    const previous = this.#snapshot;
    const building = buildIndex(this.#admin, previous && ((id) => previous.get(id)), this.#rounds++)
      .then((groups) => {
        this.#lastBuildMs = Date.now() - started;
        const snapshot = new IndexSnapshot(groups, started);
        for (const [id, group] of this.#changes) snapshot.set(id, group);
        this.#snapshot = snapshot;
        return snapshot;
      })
      .finally(() => {
        this.#building = undefined;
        this.#changes.clear();
        this.#schedule();
      });
    this.#building = building;
    return building;
  }

  #schedule(): void {
    if (!this.#scheduled || this.#closed || Date.now() - this.#lastAsked > this.#idleMs) return;
    this.#timer = setTimeout(() => {
      // A failed refresh keeps the last index; the next one tries again.
      this.#build().catch(() => undefined);
    }, this.#refreshMs);
    this.#timer.unref();
  }
}
