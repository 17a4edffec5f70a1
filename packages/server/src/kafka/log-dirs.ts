import type { LogDir } from '@console/contract';
import type { Admin, describeLogDirsV4 } from '@platformatic/kafka';
import type { BrokerInfo, ClusterView, TopicMeta } from './metadata.ts';
import { send } from './protocol.ts';

type Request = describeLogDirsV4.DescribeLogDirsRequestTopic[] | null;

/** The log-dir entries one broker holds for `topics` (every replica it has when `topics` is null). */
export async function brokerLogDirs(admin: Admin, broker: BrokerInfo, topics: Request): Promise<LogDir[]> {
  const answer = await send<[Request], describeLogDirsV4.DescribeLogDirsResponse>(
    admin,
    broker,
    'DescribeLogDirs',
    () => [topics],
    { partial: true },
  );
  return answer.results
    .filter((dir) => dir.errorCode === 0)
    .flatMap((dir) =>
      dir.topics.flatMap((topic) =>
        topic.partitions.map((p) => ({
          brokerId: broker.id,
          path: dir.logDir,
          topic: topic.name,
          partition: p.partitionIndex,
          size: Number(p.partitionSize),
          offsetLag: Number(p.offsetLag),
          future: p.isFutureKey,
        })),
      ),
    )
    .sort((a, b) => inOrder(a.topic, b.topic) || a.partition - b.partition || inOrder(a.path, b.path));
}

/**
 * Names in the order of their characters' codes, as Kafka's tools sort them. `localeCompare` made V8 load
 * ICU's collation data on the first topic list that held two topics: 2.6 MiB of the node binary's pages,
 * resident for the process's life (tests/bench/results/cold-start.md).
 */
const inOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const request = (topics: readonly TopicMeta[]) =>
  topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => p.id) }));

/** Every replica's log-dir entry for `topics`: one request per broker, in parallel. */
export async function topicLogDirs(
  admin: Admin,
  brokers: Iterable<BrokerInfo>,
  topics: readonly TopicMeta[],
): Promise<LogDir[]> {
  const perBroker = await Promise.all([...brokers].map((b) => brokerLogDirs(admin, b, request(topics))));
  return perBroker.flat();
}

/**
 * As `topicLogDirs` (every partition the brokers hold for `null`), for lists: a broker that refuses (no DESCRIBE on the cluster, too old, timed out) is
 * left out, and `undefined` means no broker answered, so sizes are shown as unknown rather than failing.
 */
export async function topicLogDirsIfAvailable(
  admin: Admin,
  brokers: Iterable<BrokerInfo>,
  topics: readonly TopicMeta[] | null,
): Promise<LogDir[] | undefined> {
  if (topics?.length === 0) return [];
  const asked = topics ? request(topics) : null;
  const settled = await Promise.allSettled([...brokers].map((b) => brokerLogDirs(admin, b, asked)));
  const answered = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  return answered.length ? answered.flat() : undefined;
}

/** Bytes per broker on its log dirs (every replica it holds); a broker that did not answer is absent. */
export async function brokerSizes(admin: Admin, view: ClusterView): Promise<Map<number, number>> {
  const brokers = [...view.brokers.values()];
  const settled = await Promise.allSettled(brokers.map((b) => brokerLogDirs(admin, b, null)));
  const sizes = new Map<number, number>();
  settled.forEach((s, i) => {
    const broker = brokers[i];
    if (s.status === 'fulfilled' && broker)
      sizes.set(
        broker.id,
        s.value.reduce((sum, d) => sum + d.size, 0),
      );
  });
  return sizes;
}
