import type { Admin } from '@platformatic/kafka';
import { sendOwn } from '../../kafka/protocol.ts';
import { committedOffsets, committedTopic } from '../groups/committed-offsets.ts';
import { byCoordinator, withCoordinators } from '../groups/coordinators.ts';
import { listStreamsApps } from './streams-groups.ts';
import { type DescribedStreamsGroup, streamsGroupDescribe } from './wire.ts';

/**
 * The topics of one Streams app, in the shape the data-flow map takes (domain/topology/streams-source.ts):
 * what it reads (`sources`), the repartition topics it writes and reads back, its stores' changelogs, and
 * its sink topics. The broker keeps no sink topic other than repartition ones (KIP-1071's topology holds
 * sources, repartition and changelog topics only), so `sinks` is empty until KIP-1331's topology
 * description is read.
 */
export type StreamsAppTopics = {
  groupId: string;
  protocol: 'streams' | 'classic';
  sources: string[];
  sinks: string[];
  repartition: string[];
  changelog: string[];
};

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/**
 * Every Streams app's topics: one ListGroups and one Metadata request, one StreamsGroupDescribe per
 * coordinator for all streams-protocol groups, and one OffsetFetch round for the classic ones (whose
 * committed topics are what they read). Topic names are not filtered here: the caller filters by rights.
 */
export async function streamsAppTopics(admin: Admin): Promise<StreamsAppTopics[]> {
  const { apps } = await listStreamsApps(admin);
  const streams = apps.filter((a) => a.protocol === 'streams').map((a) => a.id);
  const classic = apps.filter((a) => a.protocol === 'classic').map((a) => a.id);
  const [described, committed] = await Promise.all([
    describeMany(admin, streams),
    committedOffsets(
      admin,
      classic.map((id) => ({ id, topics: null })),
    ),
  ]);
  return apps.map((app): StreamsAppTopics => {
    const internal = app.internalTopics;
    const g = described.get(app.id);
    if (g?.topology?.subtopologies) {
      const subs = g.topology.subtopologies;
      const repartition = subs.flatMap((s) => [
        ...s.repartitionSinkTopics,
        ...s.repartitionSourceTopics.map((t) => t.name),
      ]);
      return {
        groupId: app.id,
        protocol: app.protocol,
        sources: sorted(subs.flatMap((s) => s.sourceTopics)),
        sinks: [],
        repartition: sorted(repartition),
        changelog: sorted(subs.flatMap((s) => s.stateChangelogTopics.map((t) => t.name))),
      };
    }
    const read = [...(committed.get(app.id)?.keys() ?? [])].map(committedTopic);
    const repartition = internal.filter((t) => t.endsWith('-repartition'));
    return {
      groupId: app.id,
      protocol: app.protocol,
      sources: sorted(read.filter((t) => !repartition.includes(t))),
      sinks: [],
      repartition: sorted(repartition),
      changelog: sorted(internal.filter((t) => t.endsWith('-changelog'))),
    };
  });
}

/** StreamsGroupDescribe for many groups: one request per coordinator. */
async function describeMany(admin: Admin, ids: string[]): Promise<Map<string, DescribedStreamsGroup>> {
  const found = new Map<string, DescribedStreamsGroup>();
  if (ids.length === 0) return found;
  await withCoordinators(admin, ids, async (coordinators) => {
    for (const { coordinator, ids: owned } of byCoordinator(admin, coordinators, ids)) {
      const target = { host: coordinator.host, port: coordinator.port };
      try {
        for (const g of await sendOwn(admin, target, streamsGroupDescribe, [owned])) found.set(g.groupId, g);
      } catch {
        // A group deleted meanwhile fails the whole request: the map then shows those apps without topology.
      }
    }
  });
  return found;
}
