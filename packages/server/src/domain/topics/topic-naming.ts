import type { TopicListView } from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';

/** The configured name patterns that make a topic "internal" or "stream" (docs/api-conventions.md#topics). */
export type TopicNaming = { internal: RegExp[]; stream: RegExp[] };

export function topicNaming(config: Config): TopicNaming {
  return {
    internal: config.topic.internalRegexps.map((r) => new RegExp(r)),
    stream: config.topic.streamRegexps.map((r) => new RegExp(r)),
  };
}

export const isInternalName = (naming: TopicNaming, name: string) =>
  naming.internal.some((r) => r.test(name));
export const isStreamName = (naming: TopicNaming, name: string) => naming.stream.some((r) => r.test(name));

/** Whether `show` keeps a name. Only the patterns count here, not Kafka's flag; `^_.*$` covers `__consumer_offsets`. */
export function shownBy(view: TopicListView, naming: TopicNaming, name: string): boolean {
  const hideInternal = view === 'HIDE_INTERNAL' || view === 'HIDE_INTERNAL_STREAM';
  const hideStream = view === 'HIDE_STREAM' || view === 'HIDE_INTERNAL_STREAM';
  return !(hideInternal && isInternalName(naming, name)) && !(hideStream && isStreamName(naming, name));
}

/** Space-separated terms, each a case-insensitive substring of the name; an empty search matches all. */
export function nameMatcher(search: string | undefined): (name: string) => boolean {
  const terms = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return () => true;
  return (name) => {
    const lower = name.toLowerCase();
    return terms.every((t) => lower.includes(t));
  };
}

/** Case-insensitive name order (ties broken by the exact name, so the order is total and stable). */
export function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An item with its name, lowered once: what the name orders below compare. */
export type Named<T> = { item: T; exact: string; lower: string };
/** byName on named items. */
export const namedOrder = <T>(a: Named<T>, b: Named<T>): number =>
  a.lower !== b.lower ? (a.lower < b.lower ? -1 : 1) : a.exact < b.exact ? -1 : a.exact > b.exact ? 1 : 0;
export const named = <T>(item: T, name: (item: T) => string): Named<T> => {
  const exact = name(item);
  return { item, exact, lower: exact.toLowerCase() };
};

/** `items` in byName order of `name`, each name lowered once (not twice per comparison). */
export function sortedByName<T>(items: readonly T[], name: (item: T) => string): T[] {
  return items
    .map((item) => named(item, name))
    .sort(namedOrder)
    .map((k) => k.item);
}

/** The first `count` of `items` in byName order of `name` (see firstInOrder). */
export function firstByName<T>(items: readonly T[], name: (item: T) => string, count: number): T[] {
  return firstInOrder(
    items.map((item) => named(item, name)),
    namedOrder,
    count,
  ).map((k) => k.item);
}

/**
 * The first `count` of `items` in `compare`'s order, without sorting them all: once `count` are kept, most
 * items cost one comparison with the last kept (page 1 of 50,000 groups: ~5 ms where a sort takes ~80 ms).
 * Ties keep the items' own order, as a stable sort does.
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, count: number): T[] {
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === count && compare(item, kept[count - 1] as T) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(kept[mid] as T, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
