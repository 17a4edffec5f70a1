import type { GroupState } from '@console/contract';
import type { IndexSnapshot } from '../group-index.ts';
import type { GroupListing } from '../groups.ts';
import type { IndexedGroup } from '../index-build.ts';

/**
 * The records of the shared group index topic (compacted, one partition). A group: key `["g", id]`,
 * value `{k: kind, s?: state, p?: protocolType, t: [topics]}`, or no value (a tombstone) once the group
 * is gone. After the groups a build changed comes its mark, key `["b"]`, value `{at, ms, n}`: the
 * build's start time (the index's age in answers), how long it took, and how many groups it holds.
 * One record per group and one mark, so compaction keeps the topic at about the index's own size
 * (50,000 groups reading one topic each: a few MB).
 */
export type IndexRecord =
  | { kind: 'group'; id: string; group: IndexedGroup | null }
  | { kind: 'built'; builtAt: number; buildMs: number; groups: number };

export type IndexMessage = { key: Buffer; value: Buffer | null };

const BUILT_KEY = Buffer.from(JSON.stringify(['b']));

export const groupKey = (id: string): Buffer => Buffer.from(JSON.stringify(['g', id]));

/** A group's value as written; compared as text to leave out the groups a build did not change. */
export function groupValue(group: IndexedGroup): string {
  const { kind, state, protocolType } = group.listing;
  return JSON.stringify({ k: kind, s: state, p: protocolType, t: group.topics });
}

/**
 * The messages that take the topic from `published` (each group's value as last written) to `snapshot`:
 * the groups new or changed, a tombstone per group gone, then the build's mark. Updates `published`.
 * `onTopic`: the groups the topic is known to hold, also given a tombstone when the build lacks them (a
 * record of the previous publisher this one had not read when it took over).
 */
export function publication(
  published: Map<string, string>,
  snapshot: IndexSnapshot,
  buildMs: number,
  onTopic: Iterable<string> = [],
): IndexMessage[] {
  const messages: IndexMessage[] = [];
  const seen = new Set<string>();
  for (const group of snapshot.groups()) {
    const id = group.listing.id;
    seen.add(id);
    const value = groupValue(group);
    if (published.get(id) === value) continue;
    published.set(id, value);
    messages.push({ key: groupKey(id), value: Buffer.from(value) });
  }
  const gone = new Set<string>();
  for (const id of published.keys()) if (!seen.has(id)) gone.add(id);
  for (const id of onTopic) if (!seen.has(id)) gone.add(id);
  for (const id of gone) {
    published.delete(id);
    messages.push({ key: groupKey(id), value: null });
  }
  messages.push({
    key: BUILT_KEY,
    value: Buffer.from(JSON.stringify({ at: snapshot.builtAt, ms: buildMs, n: snapshot.size })),
  });
  return messages;
}

/**
 * A record read back, or undefined for anything this version does not write (skipped, never fatal).
 * `intern` shares each topic name between the groups that read it.
 */
export function readIndexRecord(
  key: Buffer | null,
  value: Buffer | null,
  intern: (topic: string) => string = (t) => t,
): IndexRecord | undefined {
  if (!key) return undefined;
  try {
    const k = JSON.parse(key.toString()) as unknown[];
    if (k[0] === 'g' && typeof k[1] === 'string') {
      if (!value) return { kind: 'group', id: k[1], group: null };
      const v = JSON.parse(value.toString()) as Record<string, unknown>;
      if ((v.k !== 'classic' && v.k !== 'consumer') || !Array.isArray(v.t)) return undefined;
      const topics = v.t.filter((t): t is string => typeof t === 'string').map(intern);
      const listing: GroupListing = {
        id: k[1],
        kind: v.k,
        ...(typeof v.s === 'string' ? { state: v.s as GroupState } : {}),
        ...(typeof v.p === 'string' ? { protocolType: v.p } : {}),
      };
      return { kind: 'group', id: k[1], group: { listing, topics } };
    }
    if (k[0] === 'b' && value) {
      const v = JSON.parse(value.toString()) as Record<string, unknown>;
      if (typeof v.at !== 'number') return undefined;
      return {
        kind: 'built',
        builtAt: v.at,
        buildMs: typeof v.ms === 'number' ? v.ms : 0,
        groups: typeof v.n === 'number' ? v.n : 0,
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}
