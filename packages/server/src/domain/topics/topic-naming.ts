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
