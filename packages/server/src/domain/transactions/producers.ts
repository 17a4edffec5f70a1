import type { Admin, describeProducersV0 } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../../kafka/cluster/request-limits.ts';
import { byLeader, type ClusterView, type TopicMeta } from '../../kafka/metadata.ts';
import { send } from '../../kafka/protocol.ts';

export type ActiveProducer = describeProducersV0.DescribeProducersResponsePartitionProducer & {
  topic: string;
  partition: number;
  leader: number;
};

/**
 * The producers each partition's leader knows (DescribeProducers), at most `partitionsPerRequest`
 * partitions a request. A partition that answers with an error is left out.
 */
export async function activeProducers(
  admin: Admin,
  view: ClusterView,
  topic: TopicMeta,
  partitions?: readonly number[],
): Promise<ActiveProducer[]> {
  const wanted = partitions ? new Set(partitions) : undefined;
  const scoped = { ...topic, partitions: topic.partitions.filter((p) => !wanted || wanted.has(p.id)) };
  const size = requestLimits(admin).partitionsPerRequest;
  const runs = byLeader(view, [scoped]).flatMap(({ broker, topics }) =>
    [...topics.values()].flatMap((parts) => chunked(parts, size).map((run) => ({ broker, run }))),
  );
  const answers = await inBatches(admin, runs, async ({ broker, run }) => {
    const answer = await send<
      [describeProducersV0.DescribeProducersRequestTopic[]],
      describeProducersV0.DescribeProducersResponse
    >(
      admin,
      broker,
      'DescribeProducers',
      () => [[{ name: topic.name, partitionIndexes: run.map((p) => p.id) }]],
      { partial: true },
    );
    return answer.topics.flatMap((t) =>
      t.partitions
        .filter((p) => p.errorCode === 0)
        .flatMap((p) =>
          p.activeProducers.map((producer) => ({
            ...producer,
            topic: t.name,
            partition: p.partitionIndex,
            leader: broker.id,
          })),
        ),
    );
  });
  return answers.flat();
}
