import type { Topology, TopologyNode, TopologyQuery, TopologySource } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccessRights } from '../access/roles.ts';
import type { ConnectService } from '../connect/service.ts';
import type { GroupIndexes } from '../groups/group-indexes.ts';
import type { KsqlDbService } from '../ksqldb/service.ts';
import { type Adjacency, type EdgeSet, neighbourhood, nodeId, parseNodeId, topicNode } from './graph.ts';
import { groupAdjacency } from './group-source.ts';
import { shareGroupEdges, type TransactionFacts, transactionFacts } from './kafka-sources.ts';
import { Kept, KeptMap, type Reading } from './kept.ts';
import { MAX_PRODUCER_TOPICS, topicProducers } from './producer-source.ts';
import { type StreamsTopics, streamsEdges } from './streams-source.ts';
import { connectEdges, ksqlEdges } from './upstream-sources.ts';
import { visibleTo } from './visibility.ts';

/** Most nodes one answer holds; past it the answer says `truncated`. */
export const MAX_NODES = 300;
/** Most start nodes a search (`q`) gives. */
const MAX_SEEDS = 20;
/** How long a kept source is used before it is read again in the background (kept.ts). */
const TTL_MS = 30_000;
const PRODUCERS_TTL_MS = 15_000;
/** The producers kept per topic are forgotten all at once past this many topics. */
const MAX_PRODUCER_ENTRIES = 5_000;

type Producers = Awaited<ReturnType<typeof topicProducers>>;

/**
 * The data-flow map (docs/topology.md): who reads and writes which topic, built from what the console
 * keeps (the group index, and kept readings of share groups, Streams groups, Connect, ksqlDB and open
 * transactions) plus DescribeProducers on at most MAX_PRODUCER_TOPICS of the answer's topics. Nothing is
 * read per group or per partition of the cluster; a source that fails is reported, never fatal.
 */
export function topologyService(
  config: Config,
  kafka: KafkaPool,
  indexes: GroupIndexes,
  connect: ConnectService,
  ksqldb: KsqlDbService,
  streams: StreamsTopics,
) {
  const shares = new KeptMap((cluster) => new Kept(() => kafka.run(cluster, shareGroupEdges), TTL_MS));
  const streamsKept = new KeptMap((cluster) => new Kept(() => streamsEdges(streams, cluster), TTL_MS));
  const transactions = new KeptMap((cluster) => new Kept(() => kafka.run(cluster, transactionFacts), TTL_MS));
  const workers = new KeptMap((key) => {
    const [cluster = '', connectId = ''] = key.split('\u0000');
    return new Kept(async () => connectEdges(connectId, await connect.flows(cluster, connectId)), TTL_MS);
  });
  const ksqlServers = new KeptMap((key) => {
    const [cluster = '', ksqlId = ''] = key.split('\u0000');
    return new Kept(async () => ksqlEdges(ksqlId, await ksqldb.flows(cluster, ksqlId)), TTL_MS);
  });
  let producers = new KeptMap<Producers>((key) => {
    const [cluster = '', topic = ''] = key.split('\u0000');
    return new Kept(async () => {
      const { data } = await transactions.of(cluster).read();
      const idOf = data?.idOf ?? new Map<bigint, string>();
      return kafka.run(cluster, (admin) => topicProducers(admin, topic, idOf));
    }, PRODUCERS_TTL_MS);
  });
  let producerKeys = new Set<string>();

  const seedsOf = (query: TopologyQuery, adjacencies: readonly Adjacency[]): TopologyNode[] => {
    if (query.topic !== undefined) return [topicNode(query.topic)];
    if (query.node !== undefined) {
      const node = adjacencies.map((a) => a.node(query.node ?? '')).find(Boolean) ?? parseNodeId(query.node);
      if (!node) {
        throw badRequest(
          'query.node',
          'must be `<kind>:<name>` (`connector:<connect>/<name>`, `ksqldb-query:<ksqldb>/<id>`) as the map answers it',
        );
      }
      return [node];
    }
    if (query.q !== undefined) {
      const text = query.q.toLowerCase();
      const found = new Map<string, TopologyNode>();
      for (const a of adjacencies) {
        for (const n of a.search(text, MAX_SEEDS)) if (found.size < MAX_SEEDS) found.set(n.id, n);
      }
      return [...found.values()];
    }
    throw badRequest(
      'query.topic',
      'give `topic`, `node` or `q`: the map starts from a topic, a node or a search',
    );
  };

  return {
    async map(cluster: string, query: TopologyQuery, rights: AccessRights): Promise<Topology> {
      const settings = config.clusters[cluster];
      if (!settings) throw new AppError('NOT_FOUND', `Cluster '${cluster}' not found`);
      const now = Date.now();
      const sources: TopologySource[] = [];
      const adjacencies: Adjacency[] = [];
      const take = (reading: Reading<EdgeSet>, source: Omit<TopologySource, 'ageMs'>) => {
        if (reading.data) adjacencies.push(reading.data);
        sources.push(described(reading, source, now));
      };

      const [groups, share, streamsReading, txns, connects, ksqls] = await Promise.all([
        indexes
          .of(cluster)
          .current()
          .then(
            (index) => ({ data: groupAdjacency(index), at: index.builtAt }),
            (error: unknown) => ({ data: undefined, at: undefined, error: asError(error) }),
          ),
        shares.of(cluster).read(),
        streamsKept.of(cluster).read(),
        transactions.of(cluster).read(),
        Promise.all(settings.connect.map((c) => workers.of(`${cluster}\u0000${c.name}`).read())),
        Promise.all(settings.ksqldb.map((k) => ksqlServers.of(`${cluster}\u0000${k.name}`).read())),
      ]);
      if (groups.data) adjacencies.push(groups.data);
      sources.push(described(groups, { name: 'consumer-groups' }, now));
      take(share, { name: 'share-groups' });
      take(streamsReading, { name: 'streams-groups' });
      take(
        { ...txns, data: (txns.data as TransactionFacts | undefined)?.edges },
        {
          name: 'transactions',
          note: 'Transactional ids with an open transaction only: Kafka tells no more',
        },
      );
      connects.forEach((r, i) => {
        take(r, { name: 'connect', owner: settings.connect[i]?.name });
      });
      ksqls.forEach((r, i) => {
        take(r, { name: 'ksqldb', owner: settings.ksqldb[i]?.name });
      });

      const visible = visibleTo(rights, cluster);
      const found = neighbourhood(adjacencies, seedsOf(query, adjacencies), query.depth, MAX_NODES, visible);

      // Producers hang off the answer's topics; DescribeProducers goes to the leaders of those topics only.
      const topics = found.nodes.filter((n) => n.kind === 'topic').slice(0, MAX_PRODUCER_TOPICS);
      const writers = await Promise.all(topics.map((t) => producersOf(cluster, t.name)));
      let oldest: number | undefined;
      let producerError: Reading<unknown>['error'];
      let more = topics.length < found.nodes.filter((n) => n.kind === 'topic').length;
      const nodes = new Map(found.nodes.map((n) => [n.id, n]));
      const edges = new Map(found.edges.map((e) => [`${e.from}\u0000${e.to}\u0000${e.kind}`, e]));
      let truncated = found.truncated;
      writers.forEach((reading, i) => {
        const topic = topics[i];
        if (!reading.data || !topic) {
          producerError ??= reading.error;
          return;
        }
        if (reading.at !== undefined) oldest = Math.min(oldest ?? reading.at, reading.at);
        more ||= reading.data.more;
        for (const edge of reading.data.edges.around(topic.id)) {
          const producer = reading.data.edges.node(edge.from);
          if (!producer || !visible(producer)) continue;
          if (!nodes.has(producer.id)) {
            if (nodes.size >= MAX_NODES) {
              truncated = true;
              continue;
            }
            nodes.set(producer.id, producer);
          }
          edges.set(`${edge.from}\u0000${edge.to}\u0000${edge.kind}`, edge);
        }
      });
      sources.push({
        name: 'producers',
        ...(oldest !== undefined ? { ageMs: Math.max(0, now - oldest) } : {}),
        ...(producerError ? { error: producerError.message, code: producerError.code } : {}),
        note: `Producers the partition leaders know (DescribeProducers), on at most ${MAX_PRODUCER_TOPICS} topics${more ? '; some left out' : ''}`,
      });

      // A classic Streams app is a consumer group too: it is shown once, as the Streams app.
      for (const node of [...nodes.values()]) {
        if (node.kind !== 'consumer-group' || !nodes.has(nodeId('streams-group', node.name))) continue;
        nodes.delete(node.id);
        for (const [key, e] of edges) if (e.from === node.id || e.to === node.id) edges.delete(key);
      }
      return {
        nodes: [...nodes.values()],
        edges: [...edges.values()],
        sources,
        truncated,
        maxNodes: MAX_NODES,
        depth: query.depth,
      };
    },
  };

  function producersOf(cluster: string, topic: string) {
    const key = `${cluster}\u0000${topic}`;
    if (!producerKeys.has(key) && producerKeys.size >= MAX_PRODUCER_ENTRIES) {
      producers = new KeptMap(producers.make);
      producerKeys = new Set();
    }
    producerKeys.add(key);
    return producers.of(key).read();
  }
}

function asError(error: unknown) {
  return error instanceof AppError
    ? { message: error.message, code: error.code }
    : { message: 'The source did not answer', code: 'INTERNAL' };
}

function described<T>(
  reading: Reading<T>,
  source: Omit<TopologySource, 'ageMs'>,
  now: number,
): TopologySource {
  return {
    ...source,
    ...(reading.at !== undefined ? { ageMs: Math.max(0, now - reading.at) } : {}),
    ...(reading.error ? { error: reading.error.message, code: reading.error.code } : {}),
  };
}

export type TopologyService = ReturnType<typeof topologyService>;
