import { type Admin, ConfigResourceTypes, ConfigSources, type describeConfigsV4 } from '@platformatic/kafka';
import { chunked } from '../../kafka/cluster/request-limits.ts';
import type { ClusterView } from '../../kafka/metadata.ts';
import { send, type Target } from '../../kafka/protocol.ts';
import { mapLimit } from '../../platform/map-limit.ts';

/** The topic settings the checks read; `fromTopic`: set on the topic itself, not inherited from the broker. */
export type TopicSettings = { minIsr?: number; unclean?: { enabled: boolean; fromTopic: boolean } };

const KEYS = ['min.insync.replicas', 'unclean.leader.election.enable'];
/** Topics named in one DescribeConfigs: 10,000 topics are 20 requests, two in flight at a time. */
const TOPICS_PER_REQUEST = 500;
const REQUESTS_AT_ONCE = 2;

type Resource = describeConfigsV4.DescribeConfigsRequestResource;
type Answer = describeConfigsV4.DescribeConfigsResponse;

const describe = (admin: Admin, resources: Resource[], target: Target = 'any') =>
  send<[Resource[], boolean, boolean], Answer>(
    admin,
    target,
    'DescribeConfigs',
    () => [resources, false, false],
    {
      // A topic deleted since the Metadata answer carries its own error code; the others still count.
      partial: true,
    },
  );

/**
 * The effective `min.insync.replicas` and `unclean.leader.election.enable` of every topic of `view`, in
 * requests of 500 topics naming only those two keys. A topic whose answer carried an error is absent.
 */
export async function topicSettings(admin: Admin, view: ClusterView): Promise<Map<string, TopicSettings>> {
  const names = [...view.topics.keys()];
  const answers = await mapLimit(chunked(names, TOPICS_PER_REQUEST), REQUESTS_AT_ONCE, (chunk) =>
    describe(
      admin,
      chunk.map((name) => ({
        resourceType: ConfigResourceTypes.TOPIC,
        resourceName: name,
        configurationKeys: KEYS,
      })),
    ),
  );
  const settings = new Map<string, TopicSettings>();
  for (const answer of answers)
    for (const result of answer.results) {
      if (result.errorCode !== 0) continue;
      const found: TopicSettings = {};
      for (const c of result.configs) {
        if (c.name === 'min.insync.replicas' && c.value) found.minIsr = Number(c.value);
        if (c.name === 'unclean.leader.election.enable' && c.value)
          found.unclean = {
            enabled: c.value.toLowerCase() === 'true',
            fromTopic: c.configSource === ConfigSources.DYNAMIC_TOPIC_CONFIG,
          };
      }
      settings.set(result.resourceName, found);
    }
  return settings;
}

/** `offsets.retention.minutes` of the brokers (asked of the controller, or any broker); undefined when unreadable. */
export async function offsetsRetentionMinutes(admin: Admin, view: ClusterView): Promise<number | undefined> {
  // A broker describes its own static configs only: the request goes to the broker it names.
  const broker = view.brokers.get(view.controller) ?? [...view.brokers.values()][0];
  if (broker === undefined) return undefined;
  const answer = await describe(
    admin,
    [
      {
        resourceType: ConfigResourceTypes.BROKER,
        resourceName: String(broker.id),
        configurationKeys: ['offsets.retention.minutes'],
      },
    ],
    broker,
  );
  const value = Number(answer.results[0]?.configs.find((c) => c.name === 'offsets.retention.minutes')?.value);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
