import type { Admin, apiVersionsV4 } from '@platformatic/kafka';
import type { BrokerInfo, ClusterView } from '../metadata.ts';
import { send } from '../protocol.ts';

type ApiRange = { apiKey: number; maxVersion: number };

/**
 * Kafka does not say its version on the wire (Metadata has none, `kafka.version` is only in JMX), so the
 * release is read from the newest version of each request the broker answers: each release below is the
 * first to raise the named API to that version (Kafka's request schemas; 4.2 to 4.4 read from the
 * kafka-clients jars, `ApiKeys.latestVersion`; the same on ZooKeeper and KRaft brokers). 3.4 raised none
 * that a client sees, so 3.3 and 3.4 look alike. Redpanda Console guesses the same way (franz-go's
 * kversion); Kafbat UI reads `inter.broker.protocol.version`, which Kafka 4 no longer has.
 */
const RELEASES: readonly { release: string; apiKey: number; maxVersion: number }[] = [
  { release: '3.0', apiKey: 2, maxVersion: 7 }, // ListOffsets
  { release: '3.1', apiKey: 3, maxVersion: 12 }, // Metadata
  { release: '3.2', apiKey: 11, maxVersion: 9 }, // JoinGroup
  { release: '3.3 or 3.4', apiKey: 29, maxVersion: 3 }, // DescribeAcls
  { release: '3.5', apiKey: 2, maxVersion: 8 }, // ListOffsets
  { release: '3.6', apiKey: 24, maxVersion: 4 }, // AddPartitionsToTxn
  { release: '3.7', apiKey: 0, maxVersion: 10 }, // Produce
  { release: '3.8', apiKey: 0, maxVersion: 11 }, // Produce
  { release: '3.9', apiKey: 18, maxVersion: 4 }, // ApiVersions
  { release: '4.0', apiKey: 0, maxVersion: 12 }, // Produce
  { release: '4.1', apiKey: 0, maxVersion: 13 }, // Produce
  { release: '4.2', apiKey: 2, maxVersion: 11 }, // ListOffsets
  { release: '4.3', apiKey: 35, maxVersion: 5 }, // DescribeLogDirs
  { release: '4.4', apiKey: 18, maxVersion: 5 }, // ApiVersions
];

/**
 * The release a broker runs, guessed from its ApiVersions answer: the newest release whose raised API the
 * broker answers (and every older one's too). The newest known release reads "4.4 or newer", since a later
 * one may raise nothing a client sees.
 */
export function releaseFromApiVersions(apis: readonly ApiRange[]): string {
  const max = new Map(apis.map((a) => [a.apiKey, a.maxVersion]));
  let found = -1;
  for (const [i, r] of RELEASES.entries()) {
    if ((max.get(r.apiKey) ?? -1) < r.maxVersion) break;
    found = i;
  }
  const first = RELEASES[0];
  const release = RELEASES[found];
  if (!first || !release) return `older than ${first?.release}`;
  return found === RELEASES.length - 1 ? `${release.release} or newer` : release.release;
}

async function brokerRelease(admin: Admin, broker: BrokerInfo): Promise<string> {
  const answer = await send<[string, string], apiVersionsV4.ApiVersionsResponse>(
    admin,
    broker,
    'ApiVersions',
    () => ['kafka-console', '1'],
  );
  return releaseFromApiVersions(answer.apiKeys);
}

/** Each broker's release, one ApiVersions request a broker; a broker that did not answer is left out. */
export async function brokerReleases(admin: Admin, view: ClusterView): Promise<Map<number, string>> {
  const brokers = [...view.brokers.values()];
  const settled = await Promise.allSettled(brokers.map((b) => brokerRelease(admin, b)));
  const releases = new Map<number, string>();
  settled.forEach((s, i) => {
    const broker = brokers[i];
    if (s.status === 'fulfilled' && broker) releases.set(broker.id, s.value);
  });
  return releases;
}
