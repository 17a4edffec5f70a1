/**
 * StreamsGroupDescribe (KIP-1071, API key 89), which @platformatic/kafka does not implement: our own
 * writer and reader from Kafka's message spec (common/message/StreamsGroupDescribe*.json), version 0,
 * which every Kafka 4.x broker with the streams protocol serves. Errors are thrown as the library's
 * ResponseError so the one error table translates them.
 */
import { createAPI, type Reader, ResponseError, Writer } from '@platformatic/kafka';

const STREAMS_GROUP_DESCRIBE = 89;

export type WireTopicInfo = { name: string; partitions: number; replicationFactor: number };
export type WireSubtopology = {
  subtopologyId: string;
  sourceTopics: string[];
  repartitionSinkTopics: string[];
  stateChangelogTopics: WireTopicInfo[];
  repartitionSourceTopics: WireTopicInfo[];
};
export type WireTasks = { subtopologyId: string; partitions: number[] }[];
export type WireAssignment = { active: WireTasks; standby: WireTasks; warmup: WireTasks };
export type WireStreamsMember = {
  memberId: string;
  memberEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  topologyEpoch: number;
  processId: string;
  userEndpoint: { host: string; port: number } | null;
  assignment: WireAssignment;
  targetAssignment: WireAssignment;
  isClassic: boolean;
};
export type DescribedStreamsGroup = {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  topology: { epoch: number; subtopologies: WireSubtopology[] | null } | null;
  members: WireStreamsMember[];
};

const strings = (r: Reader) => r.readArray((s) => s.readString(), true, false);

/** A struct field (not an array element) ends with its own tagged fields. */
function struct<T>(r: Reader, read: (r: Reader) => T): T {
  const value = read(r);
  r.readTaggedFields();
  return value;
}

/** Nullable structs are written behind a byte: -1 for null, 1 for a value. */
function nullableStruct<T>(r: Reader, read: (r: Reader) => T): T | null {
  return r.readInt8() < 0 ? null : struct(r, read);
}

const topicInfos = (r: Reader): WireTopicInfo[] =>
  r.readArray((t) => {
    const info = { name: t.readString(), partitions: t.readInt32(), replicationFactor: t.readInt16() };
    t.readArray((kv) => [kv.readString(), kv.readString()]);
    return info;
  });

const tasks = (r: Reader): WireTasks =>
  r.readArray((t) => ({
    subtopologyId: t.readString(),
    partitions: t.readArray((p) => p.readInt32(), true, false),
  }));

const assignment = (r: Reader): WireAssignment =>
  struct(r, (a) => ({ active: tasks(a), standby: tasks(a), warmup: tasks(a) }));

const taskOffsets = (r: Reader) =>
  r.readArray((o) => ({ subtopologyId: o.readString(), partition: o.readInt32(), offset: o.readInt64() }));

/** StreamsGroupDescribe v0: the groups' topology as the broker initialised it, and the members' tasks. */
export const streamsGroupDescribe = createAPI<[groupIds: string[]], DescribedStreamsGroup[]>(
  STREAMS_GROUP_DESCRIBE,
  0,
  (groupIds: string[]) =>
    Writer.create()
      .appendArray(groupIds, (w, id) => w.appendString(id), true, false)
      .appendBoolean(false)
      .appendTaggedFields(),
  (_id: number, apiKey: number, version: number, r: Reader) => {
    r.readInt32();
    const groups = r.readArray((g): DescribedStreamsGroup => {
      const group = {
        errorCode: g.readInt16(),
        errorMessage: g.readNullableString(),
        groupId: g.readString(),
        groupState: g.readString(),
        groupEpoch: g.readInt32(),
        assignmentEpoch: g.readInt32(),
        topology: nullableStruct(g, (t) => ({
          epoch: t.readInt32(),
          subtopologies: t.readNullableArray((s) => ({
            subtopologyId: s.readString(),
            sourceTopics: strings(s),
            repartitionSinkTopics: strings(s),
            stateChangelogTopics: topicInfos(s),
            repartitionSourceTopics: topicInfos(s),
          })),
        })),
        members: g.readArray((m) => {
          const member = {
            memberId: m.readString(),
            memberEpoch: m.readInt32(),
            instanceId: m.readNullableString(),
            rackId: m.readNullableString(),
            clientId: m.readString(),
            clientHost: m.readString(),
            topologyEpoch: m.readInt32(),
            processId: m.readString(),
            userEndpoint: nullableStruct(m, (e) => ({ host: e.readString(), port: e.readUnsignedInt16() })),
          };
          m.readArray((kv) => [kv.readString(), kv.readString()]);
          taskOffsets(m);
          taskOffsets(m);
          return {
            ...member,
            assignment: assignment(m),
            targetAssignment: assignment(m),
            isClassic: m.readBoolean(),
          };
        }),
      };
      g.readInt32(); // AuthorizedOperations: not asked for
      return group;
    });
    r.readTaggedFields();
    const failed = groups.find((g) => g.errorCode !== 0);
    if (failed) {
      throw new ResponseError(apiKey, version, { '/': [failed.errorCode, failed.errorMessage] }, groups);
    }
    return groups;
  },
);
