import {
  type StreamsGroup,
  type StreamsGroupMember,
  type StreamsGroupOffset,
  StreamsGroupState,
  type StreamsGroupSummary,
  type StreamsSubtopology,
} from '@console/contract';
import { type Admin, findErrorBy, UnsupportedApiError } from '@platformatic/kafka';
import { requireApi } from '../../kafka/cluster/capabilities.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { sendOwn } from '../../kafka/protocol.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { committedKey, committedOffsets } from '../groups/committed-offsets.ts';
import { withCoordinators } from '../groups/coordinators.ts';
import { describeGroup } from '../groups/group-read.ts';
import { byName } from '../topics/topic-naming.ts';
import { internalTopicsByApp } from './internal-topics.ts';
import { type DescribedStreamsGroup, streamsGroupDescribe, type WireStreamsMember } from './wire.ts';

const STATES = new Set<string>(StreamsGroupState.options);
/** `NotReady` → `NOT_READY`, as Java's GroupState enum names it. */
export function streamsState(raw: string): StreamsGroupState {
  const name = raw.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  return (STATES.has(name) ? name : 'UNKNOWN') as StreamsGroupState;
}

/** Whether the broker has the Streams rebalance protocol's describe (Kafka 4.1+ with streams enabled). */
export async function hasStreamsProtocol(admin: Admin): Promise<boolean> {
  try {
    await requireApi(admin, 'StreamsGroupDescribe');
    return true;
  } catch (error) {
    if (error instanceof UnsupportedApiError) return false;
    throw error;
  }
}

/**
 * Every Streams app of the cluster: the groups of the streams protocol, and the classic consumer groups
 * whose id prefixes internal topics (`<id>-…-changelog|-repartition`). One ListGroups and one Metadata
 * request, whatever the number of groups; nothing is described.
 */
export async function listStreamsApps(
  admin: Admin,
): Promise<{ apps: StreamsGroupSummary[]; streamsProtocol: boolean }> {
  const streamsProtocol = await hasStreamsProtocol(admin);
  const [groups, view] = await Promise.all([
    // The client lists classic groups only unless told the types.
    admin.listGroups({ types: streamsProtocol ? ['classic', 'streams'] : ['classic'] }),
    readMetadata(admin),
  ]);
  const listed = [...groups.values()];
  const internal = internalTopicsByApp(
    listed.map((g) => g.id),
    view.topics.keys(),
  );
  const apps = listed.flatMap((g): StreamsGroupSummary[] => {
    const internalTopics = internal.get(g.id) ?? [];
    if (g.groupType === 'streams') {
      return [{ id: g.id, protocol: 'streams', state: streamsState(g.state), internalTopics }];
    }
    const classic = (g.groupType ?? 'classic') === 'classic' && g.protocolType === 'consumer';
    return classic && internalTopics.length > 0
      ? [{ id: g.id, protocol: 'classic', state: streamsState(g.state), internalTopics }]
      : [];
  });
  return { apps: apps.sort((a, b) => byName(a.id, b.id)), streamsProtocol };
}

/** StreamsGroupDescribe at the group's coordinator; undefined when Kafka knows no streams group of that id. */
export function describeAtCoordinator(
  admin: Admin,
  group: string,
): Promise<DescribedStreamsGroup | undefined> {
  return withCoordinators(admin, [group], async (coordinators) => {
    const node = coordinators.get(group);
    if (!node) throw new AppError('CLUSTER_UNAVAILABLE', `No coordinator found for streams group '${group}'`);
    try {
      const target = { host: node.host, port: node.port };
      const [described] = await sendOwn(admin, target, streamsGroupDescribe, [[group]]);
      return described;
    } catch (error) {
      // An id that is not a streams group (unknown, or a consumer group) is this error, not a failure.
      if (findErrorBy(error as Error, 'apiId', 'GROUP_ID_NOT_FOUND')) return undefined;
      throw error;
    }
  });
}

const inputTopicsOf = (s: StreamsSubtopology) => [
  ...s.sourceTopics,
  ...s.repartitionSourceTopics.map((t) => t.name),
];

/**
 * Per input partition of the subtopologies: committed offset, log end and lag, as
 * `kafka-streams-groups.sh --describe --verbose` computes them (lag = end − committed, or end − start
 * when nothing is committed).
 */
async function inputOffsets(admin: Admin, group: string, topics: string[]): Promise<StreamsGroupOffset[]> {
  if (topics.length === 0) return [];
  const view = await readMetadata(admin, topics);
  const metas = [...view.topics.values()];
  const [ends, committed] = await Promise.all([
    partitionOffsets(admin, view, metas),
    committedOffsets(admin, [{ id: group, topics: metas }]),
  ]);
  const mine = committed.get(group) ?? new Map();
  return metas
    .flatMap((t) =>
      t.partitions.map((p): StreamsGroupOffset => {
        const range = ends.get(t.name)?.get(p.id) ?? { first: 0, last: 0 };
        const current = mine.get(committedKey(t.name, p.id))?.offset;
        const known = current !== undefined && current >= 0;
        return {
          topic: t.name,
          partition: p.id,
          ...(known ? { currentOffset: current } : {}),
          logEndOffset: range.last,
          lag: known ? range.last - current : range.last - range.first,
        };
      }),
    )
    .sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);
}

function toMember(m: WireStreamsMember, subtopologies: Map<string, StreamsSubtopology>): StreamsGroupMember {
  const tasks = (list: WireStreamsMember['assignment']['active']) =>
    list.map((t) => ({
      subtopologyId: t.subtopologyId,
      partitions: [...t.partitions].sort((a, b) => a - b),
    }));
  const assignment = (a: WireStreamsMember['assignment']) => ({
    active: tasks(a.active),
    standby: tasks(a.standby),
    warmup: tasks(a.warmup),
  });
  const partitions = m.assignment.active
    .flatMap((t) => {
      const s = subtopologies.get(t.subtopologyId);
      return s
        ? inputTopicsOf(s).flatMap((topic) => t.partitions.map((partition) => ({ topic, partition })))
        : [];
    })
    .sort((a, b) => byName(a.topic, b.topic) || a.partition - b.partition);
  return {
    memberId: m.memberId,
    memberEpoch: m.memberEpoch,
    ...(m.instanceId ? { instanceId: m.instanceId } : {}),
    ...(m.rackId ? { rackId: m.rackId } : {}),
    clientId: m.clientId,
    clientHost: m.clientHost,
    processId: m.processId,
    topologyEpoch: m.topologyEpoch,
    protocol: m.isClassic ? 'classic' : 'streams',
    ...(m.userEndpoint ? { userEndpoint: m.userEndpoint } : {}),
    assignment: assignment(m.assignment),
    targetAssignment: assignment(m.targetAssignment),
    partitions,
  };
}

/** A group of the streams protocol: its topology as the broker initialised it, members, tasks and lag. */
async function describeStreamsProtocol(
  admin: Admin,
  g: DescribedStreamsGroup,
  internalTopics: string[],
): Promise<StreamsGroup> {
  const subtopologies = (g.topology?.subtopologies ?? [])
    .map(
      (s): StreamsSubtopology => ({
        id: s.subtopologyId,
        sourceTopics: [...s.sourceTopics].sort(),
        repartitionSourceTopics: s.repartitionSourceTopics.map((t) => ({
          name: t.name,
          partitions: t.partitions,
        })),
        repartitionSinkTopics: [...s.repartitionSinkTopics].sort(),
        changelogTopics: s.stateChangelogTopics.map((t) => ({ name: t.name, partitions: t.partitions })),
      }),
    )
    .sort((a, b) => byName(a.id, b.id));
  const byId = new Map(subtopologies.map((s) => [s.id, s]));
  const inputs = [...new Set(subtopologies.flatMap(inputTopicsOf))];
  return {
    id: g.groupId,
    protocol: 'streams',
    state: streamsState(g.groupState),
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.assignmentEpoch,
    ...(g.topology ? { topologyEpoch: g.topology.epoch } : {}),
    members: g.members.map((m) => toMember(m, byId)).sort((a, b) => byName(a.memberId, b.memberId)),
    subtopologies,
    internalTopics,
    offsets: await inputOffsets(admin, g.groupId, inputs),
  };
}

/** `<app>-<process uuid>-StreamThread-<n>-consumer`, the client id Kafka Streams gives its consumers. */
function processIdOf(clientId: string, app: string): string | undefined {
  if (!clientId.startsWith(`${app}-`)) return undefined;
  const rest = clientId.slice(app.length + 1);
  return rest.slice(36).startsWith('-StreamThread-') ? rest.slice(0, 36) : undefined;
}

/** A classic Streams app: a consumer group; its topology stays inside the app, its topics are inferred. */
async function describeClassic(admin: Admin, group: string, internalTopics: string[]): Promise<StreamsGroup> {
  const g = await describeGroup(admin, group);
  // A Streams app commits offsets only on what it reads: its source and repartition topics.
  const inputs = [...new Set((g.offsets ?? []).map((o) => o.topic))];
  return {
    id: group,
    protocol: 'classic',
    state: streamsState(g.state),
    members: (g.members ?? [])
      .map((m): StreamsGroupMember => {
        const processId = processIdOf(m.clientId, group);
        return {
          memberId: m.id,
          clientId: m.clientId,
          clientHost: m.host,
          ...(processId ? { processId } : {}),
          protocol: 'classic',
          partitions: [...(m.assignments ?? [])].sort(
            (a, b) => byName(a.topic, b.topic) || a.partition - b.partition,
          ),
        };
      })
      .sort((a, b) => byName(a.memberId, b.memberId)),
    subtopologies: [],
    internalTopics,
    offsets: await inputOffsets(admin, group, inputs),
  };
}

/**
 * One Streams app by its group id: StreamsGroupDescribe when the broker has it and knows the id as a
 * streams group, else a classic consumer group with internal topics. Anything else is 404.
 */
export async function describeStreamsApp(admin: Admin, group: string): Promise<StreamsGroup> {
  const described = (await hasStreamsProtocol(admin)) ? await describeAtCoordinator(admin, group) : undefined;
  const known = described && !(described.groupState === 'Dead' && described.members.length === 0);
  // Its topology names its internal topics: no need to read every topic name (the page refreshes often).
  const declared = described?.topology?.subtopologies;
  if (known && declared) {
    const names = declared.flatMap((s) => [
      ...s.repartitionSinkTopics,
      ...s.repartitionSourceTopics.map((t) => t.name),
      ...s.stateChangelogTopics.map((t) => t.name),
    ]);
    return describeStreamsProtocol(admin, described, [...new Set(names)].sort());
  }
  const view = await readMetadata(admin);
  const internalTopics = internalTopicsByApp([group], view.topics.keys()).get(group) ?? [];
  if (known) return describeStreamsProtocol(admin, described, internalTopics);
  if (internalTopics.length > 0) {
    const listed = (await admin.listGroups({ types: ['classic'] })).get(group);
    if (listed && (listed.groupType ?? 'classic') === 'classic' && listed.protocolType === 'consumer') {
      return describeClassic(admin, group, internalTopics);
    }
  }
  throw notFound(`Streams group '${group}' not found`);
}
