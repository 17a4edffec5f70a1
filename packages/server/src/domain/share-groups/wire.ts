/**
 * The share group APIs of KIP-932, which @platformatic/kafka does not implement: our own writers and
 * readers, from the message specs in kafka-clients (common/message/*.json), at the versions Kafka 4.1+
 * brokers serve. Errors are thrown as the library's ResponseError so the one error table translates them.
 */
import { createAPI, type Reader, ResponseError, Writer } from '@platformatic/kafka';

const SHARE_GROUP_DESCRIBE = 77;
const DESCRIBE_SHARE_GROUP_OFFSETS = 90;
const ALTER_SHARE_GROUP_OFFSETS = 91;

export type DescribedShareGroup = {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  assignorName: string;
  members: {
    memberId: string;
    rackId: string | null;
    memberEpoch: number;
    clientId: string;
    clientHost: string;
    subscribedTopicNames: string[];
    assignment: { topicId: string; topicName: string; partitions: number[] }[];
  }[];
};

function fail(
  apiKey: number,
  version: number,
  code: number,
  message: string | null,
  response: unknown,
): never {
  throw new ResponseError(apiKey, version, { '/': [code, message] }, response);
}

/** ShareGroupDescribe v1 (v0 was the 4.0 early access, removed in 4.1). */
export const shareGroupDescribe = createAPI<[groupIds: string[]], DescribedShareGroup[]>(
  SHARE_GROUP_DESCRIBE,
  1,
  (groupIds: string[]) =>
    Writer.create()
      .appendArray(groupIds, (w, id) => w.appendString(id), true, false)
      .appendBoolean(false)
      .appendTaggedFields(),
  (_id: number, apiKey: number, version: number, r: Reader) => {
    r.readInt32();
    const groups = r.readArray((g) => ({
      errorCode: g.readInt16(),
      errorMessage: g.readNullableString(),
      groupId: g.readString(),
      groupState: g.readString(),
      groupEpoch: g.readInt32(),
      assignmentEpoch: g.readInt32(),
      assignorName: g.readString(),
      members: g.readArray((m) => {
        const member = {
          memberId: m.readString(),
          rackId: m.readNullableString(),
          memberEpoch: m.readInt32(),
          clientId: m.readString(),
          clientHost: m.readString(),
          subscribedTopicNames: m.readArray((t) => t.readString(), true, false),
          assignment: m.readArray((t) => ({
            topicId: t.readUUID(),
            topicName: t.readString(),
            partitions: t.readArray((p) => p.readInt32(), true, false),
          })),
        };
        // Assignment is a struct: its own tagged fields end it.
        m.readTaggedFields();
        return member;
      }),
      authorizedOperations: g.readInt32(),
    }));
    r.readTaggedFields();
    const failed = groups.find((g) => g.errorCode !== 0);
    if (failed) fail(apiKey, version, failed.errorCode, failed.errorMessage, groups);
    return groups;
  },
);

export type ShareOffsets = {
  groupId: string;
  topics: { topicName: string; partitions: { partitionIndex: number; startOffset: bigint; lag: bigint }[] }[];
};

/** DescribeShareGroupOffsets v1 (KIP-1226 adds the lag); null topics: every topic the group has state for. */
export const describeShareGroupOffsets = createAPI<[groupId: string], ShareOffsets>(
  DESCRIBE_SHARE_GROUP_OFFSETS,
  1,
  (groupId: string) =>
    Writer.create()
      .appendArray([groupId], (w, id) => w.appendString(id).appendArray(null, () => undefined))
      .appendTaggedFields(),
  (_id: number, apiKey: number, version: number, r: Reader) => {
    r.readInt32();
    const groups = r.readArray((g) => ({
      groupId: g.readString(),
      topics: g.readArray((t) => ({
        topicName: t.readString(),
        topicId: t.readUUID(),
        partitions: t.readArray((p) => ({
          partitionIndex: p.readInt32(),
          startOffset: p.readInt64(),
          leaderEpoch: p.readInt32(),
          lag: p.readInt64(),
          errorCode: p.readInt16(),
          errorMessage: p.readNullableString(),
        })),
      })),
      errorCode: g.readInt16(),
      errorMessage: g.readNullableString(),
    }));
    r.readTaggedFields();
    const group = groups[0];
    if (!group) fail(apiKey, version, -1, 'no answer for the group', groups);
    if (group.errorCode !== 0) fail(apiKey, version, group.errorCode, group.errorMessage, groups);
    const partitionError = group.topics.flatMap((t) => t.partitions).find((p) => p.errorCode !== 0);
    if (partitionError) fail(apiKey, version, partitionError.errorCode, partitionError.errorMessage, groups);
    return group;
  },
);

export type OffsetChange = { topic: string; partitions: { partition: number; startOffset: bigint }[] };

/** AlterShareGroupOffsets v0: new start offsets; Kafka accepts them only while the group is empty. */
export const alterShareGroupOffsets = createAPI<[groupId: string, topics: OffsetChange[]], void>(
  ALTER_SHARE_GROUP_OFFSETS,
  0,
  (groupId: string, topics: OffsetChange[]) =>
    Writer.create()
      .appendString(groupId)
      .appendArray(topics, (w, t) =>
        w
          .appendString(t.topic)
          .appendArray(t.partitions, (pw, p) => pw.appendInt32(p.partition).appendInt64(p.startOffset)),
      )
      .appendTaggedFields(),
  (_id: number, apiKey: number, version: number, r: Reader) => {
    r.readInt32();
    const errorCode = r.readInt16();
    const errorMessage = r.readNullableString();
    const responses = r.readArray((t) => ({
      topicName: t.readString(),
      topicId: t.readUUID(),
      partitions: t.readArray((p) => ({
        partitionIndex: p.readInt32(),
        errorCode: p.readInt16(),
        errorMessage: p.readNullableString(),
      })),
    }));
    r.readTaggedFields();
    if (errorCode !== 0) fail(apiKey, version, errorCode, errorMessage, responses);
    const failed = responses.flatMap((t) => t.partitions).find((p) => p.errorCode !== 0);
    if (failed) fail(apiKey, version, failed.errorCode, failed.errorMessage, responses);
  },
);
