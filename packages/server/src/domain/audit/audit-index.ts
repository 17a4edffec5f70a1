import type { AuditEvent, AuditOutcome } from '@console/contract';

const OUTCOMES: readonly AuditOutcome[] = ['success', 'refused', 'failure'];
const NONE = 0;

/** Strings kept once each; 0 stands for absent. */
class Strings {
  readonly #ids = new Map<string, number>();
  readonly #values: string[] = [''];

  id(value: string | undefined): number {
    if (value === undefined || value === '') return NONE;
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.#values.length;
      this.#values.push(value);
      this.#ids.set(value, id);
    }
    return id;
  }

  /** The id of a known string, or -1: a filter on a value never seen matches nothing. */
  find(value: string): number {
    return this.#ids.get(value) ?? -1;
  }

  value(id: number): string | undefined {
    return id === NONE ? undefined : this.#values[id];
  }

  get size(): number {
    return this.#values.length;
  }

  /** A table of only the strings `live` names, and each old id's new one (0 for a string dropped). */
  keep(live: Iterable<Uint32Array>): { strings: Strings; ids: Uint32Array } {
    const kept = new Strings();
    const ids = new Uint32Array(this.#values.length);
    for (const column of live)
      for (const id of column) if (id !== NONE && ids[id] === 0) ids[id] = kept.id(this.#values[id]);
    return { strings: kept, ids };
  }
}

export type AuditFilter = {
  user?: string;
  action?: string;
  cluster?: string;
  object?: string;
  outcome?: AuditOutcome;
  from?: number;
  to?: number;
  /** Clusters the caller may see events of; events naming no cluster are seen by every auditor. */
  clusters: (cluster: string) => boolean;
};

/**
 * The newest `capacity` audit events in columns (a ring of typed arrays and one table of strings, about
 * 40 bytes an event), so a filtered page over a million events is one pass over numbers, newest first,
 * with no Kafka read. Columns grow by doubling up to `capacity`.
 */
export class AuditIndex {
  readonly #capacity: number;
  #strings = new Strings();
  /** The table's size at which strings of events that left the ring are dropped (see #compact). */
  #compactAt = 4096;
  #size = 0;
  /** Where the next event goes. */
  #next = 0;
  #allocated = 0;
  #time = new Float64Array(0);
  #user = new Uint32Array(0);
  #action = new Uint32Array(0);
  #cluster = new Uint32Array(0);
  #object = new Uint32Array(0);
  #address = new Uint32Array(0);
  #route = new Uint32Array(0);
  #status = new Uint16Array(0);
  #outcome = new Uint8Array(0);
  /** 1 for an MCP tool call, 0 for the API. */
  #via = new Uint8Array(0);

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#size;
  }

  add(event: AuditEvent): void {
    if (this.#size === this.#allocated && this.#allocated < this.#capacity) this.#grow();
    const i = this.#next;
    this.#time[i] = Date.parse(event.timestamp);
    this.#user[i] = this.#strings.id(event.user);
    this.#action[i] = this.#strings.id(event.action);
    this.#cluster[i] = this.#strings.id(event.cluster);
    this.#object[i] = this.#strings.id(event.object);
    this.#address[i] = this.#strings.id(event.address);
    this.#route[i] = this.#strings.id(event.route);
    this.#status[i] = event.status;
    this.#outcome[i] = Math.max(0, OUTCOMES.indexOf(event.outcome));
    this.#via[i] = event.via === 'mcp' ? 1 : 0;
    this.#next = (i + 1) % this.#allocated;
    this.#size = Math.min(this.#size + 1, this.#allocated);
    if (this.#strings.size > this.#compactAt) this.#compact();
  }

  /** How many distinct strings the index holds (bounded: at most twice those its events name). */
  get strings(): number {
    return this.#strings.size;
  }

  /**
   * Drops the strings no event in the ring names any more (objects and addresses of events the ring
   * overwrote), so the table stays bounded however many distinct values pass through. It runs when the
   * table has doubled since the last time, so its cost spreads over the adds in between.
   */
  #compact(): void {
    const columns = [this.#user, this.#action, this.#cluster, this.#object, this.#address, this.#route];
    const { strings, ids } = this.#strings.keep(columns.map((column) => column.subarray(0, this.#size)));
    for (const column of columns)
      for (let i = 0; i < this.#size; i++) column[i] = ids[column[i] as number] as number;
    this.#strings = strings;
    this.#compactAt = Math.max(4096, strings.size * 2);
  }

  /** Matching events newest first: `total` of them, the `size` from `skip` on. */
  query(asked: AuditFilter, skip: number, size: number): { total: number; events: AuditEvent[] } {
    // An empty text is no filter, as the other lists' `search=` (a form's untouched field sends one).
    const filter = { ...asked, object: asked.object || undefined };
    const exact = (value: string | undefined) => (value ? this.#strings.find(value) : 0);
    const user = exact(filter.user);
    const action = exact(filter.action);
    const cluster = exact(filter.cluster);
    const outcome = filter.outcome === undefined ? -1 : OUTCOMES.indexOf(filter.outcome);
    if (user < 0 || action < 0 || cluster < 0) return { total: 0, events: [] };
    // Per string id: may the caller see this cluster, does this object contain the text (0 unknown, 1 yes, 2 no).
    const clusterSeen = new Uint8Array(this.#strings.size);
    const objectSeen = new Uint8Array(filter.object === undefined ? 0 : this.#strings.size);
    const from = filter.from ?? Number.NEGATIVE_INFINITY;
    const to = filter.to ?? Number.POSITIVE_INFINITY;
    const found: number[] = [];
    let total = 0;
    for (let n = 0; n < this.#size; n++) {
      const i = (this.#next - 1 - n + this.#allocated) % this.#allocated;
      const time = this.#time[i] as number;
      if (time < from || time > to) continue;
      if (user && this.#user[i] !== user) continue;
      if (action && this.#action[i] !== action) continue;
      const c = this.#cluster[i] as number;
      if (cluster && c !== cluster) continue;
      if (outcome >= 0 && this.#outcome[i] !== outcome) continue;
      if (c !== NONE) {
        if (clusterSeen[c] === 0) clusterSeen[c] = filter.clusters(this.#strings.value(c) ?? '') ? 1 : 2;
        if (clusterSeen[c] === 2) continue;
      }
      if (filter.object !== undefined) {
        const o = this.#object[i] as number;
        if (objectSeen[o] === 0) objectSeen[o] = this.#strings.value(o)?.includes(filter.object) ? 1 : 2;
        if (objectSeen[o] === 2) continue;
      }
      if (total >= skip && found.length < size) found.push(i);
      total++;
    }
    return { total, events: found.map((i) => this.#event(i)) };
  }

  #event(i: number): AuditEvent {
    const s = this.#strings;
    const cluster = s.value(this.#cluster[i] as number);
    const object = s.value(this.#object[i] as number);
    const address = s.value(this.#address[i] as number);
    return {
      timestamp: new Date(this.#time[i] as number).toISOString(),
      user: s.value(this.#user[i] as number) ?? '',
      action: s.value(this.#action[i] as number) ?? '',
      ...(cluster !== undefined ? { cluster } : {}),
      ...(object !== undefined ? { object } : {}),
      outcome: OUTCOMES[this.#outcome[i] as number] ?? 'success',
      status: this.#status[i] as number,
      ...(address !== undefined ? { address } : {}),
      route: s.value(this.#route[i] as number) ?? '',
      ...(this.#via[i] === 1 ? { via: 'mcp' as const } : {}),
    };
  }

  /**
   * Doubles the columns up to capacity. It runs only while the ring has never wrapped (it is full at its
   * allocated size, below capacity), so the events sit in order from index 0.
   */
  #grow(): void {
    const allocated = Math.min(this.#capacity, Math.max(1024, this.#allocated * 2));
    const grow = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(old: T, grown: T): T => {
      grown.set(old);
      return grown;
    };
    this.#time = grow(this.#time, new Float64Array(allocated));
    this.#user = grow(this.#user, new Uint32Array(allocated));
    this.#action = grow(this.#action, new Uint32Array(allocated));
    this.#cluster = grow(this.#cluster, new Uint32Array(allocated));
    this.#object = grow(this.#object, new Uint32Array(allocated));
    this.#address = grow(this.#address, new Uint32Array(allocated));
    this.#route = grow(this.#route, new Uint32Array(allocated));
    this.#status = grow(this.#status, new Uint16Array(allocated));
    this.#outcome = grow(this.#outcome, new Uint8Array(allocated));
    this.#via = grow(this.#via, new Uint8Array(allocated));
    this.#next = this.#size;
    this.#allocated = allocated;
  }
}
