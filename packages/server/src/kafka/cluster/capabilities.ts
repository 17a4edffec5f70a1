/**
 * What an older broker cannot do, said by feature and release: the client library refuses a
 * request whose API the broker's ApiVersions answer lacks (PLT_KFK_UNSUPPORTED_API, before anything is
 * sent), and the console answers 409 CLUSTER_TOO_OLD naming the feature, the release it needs and the
 * release the cluster runs. `features()` gives the UI the same table, to hide what cannot work.
 * Releases: the first Apache Kafka release whose brokers answer the API (Kafka's request schemas).
 */
import { type Admin, findErrorBy, UnsupportedApiError } from '@platformatic/kafka';
import { AppError } from '../../platform/errors.ts';
import { releaseFromApiVersions } from './broker-version.ts';

type Feature = { key: string; label: string; since: string; apis: readonly string[] };

export const FEATURES: readonly Feature[] = [
  {
    key: 'transactions',
    label: 'Transactions',
    since: '3.0',
    apis: ['ListTransactions', 'DescribeTransactions'],
  },
  { key: 'producers', label: 'Producers of a partition', since: '2.8', apis: ['DescribeProducers'] },
  {
    key: 'consumerGroupsKip848',
    label: 'Consumer groups of the new protocol (KIP-848)',
    since: '3.7',
    apis: ['ConsumerGroupDescribe'],
  },
  { key: 'shareGroups', label: 'Share groups', since: '4.1', apis: ['ShareGroupDescribe'] },
  { key: 'quorum', label: 'KRaft quorum details', since: '3.3 in KRaft mode', apis: ['DescribeQuorum'] },
  { key: 'clientQuotas', label: 'Client quotas', since: '2.6', apis: ['DescribeClientQuotas'] },
  {
    key: 'reassignments',
    label: 'Partition reassignments',
    since: '2.4',
    apis: ['ListPartitionReassignments'],
  },
  {
    key: 'scramUsers',
    label: 'SCRAM users',
    // ZooKeeper clusters from 2.7 (KIP-554); KRaft brokers answer these APIs from 3.5.
    since: '2.7 (3.5 in KRaft mode)',
    apis: ['DescribeUserScramCredentials', 'AlterUserScramCredentials'],
  },
];

const BY_API = new Map(FEATURES.flatMap((f) => f.apis.map((api) => [api, f] as const)));

type ApiRange = { name?: string; apiKey: number; maxVersion: number };

/** Which features the cluster's APIs allow, and the release they read as. */
export async function clusterCapabilities(
  admin: Admin,
): Promise<{ release: string; features: Record<string, boolean> }> {
  const apis = (await admin.listApis()) as ApiRange[];
  const names = new Set(apis.map((a) => a.name));
  return {
    release: releaseFromApiVersions(apis),
    features: Object.fromEntries(FEATURES.map((f) => [f.key, f.apis.every((api) => names.has(api))])),
  };
}

const API_NAMES_TTL_MS = 60_000;
const apiNames = new WeakMap<Admin, { at: number; names: Promise<Set<string>> }>();

/**
 * Fails as the client library does for a missing API (so `tooOld` names the feature) when the broker
 * lacks `api`: for a request that an older broker would answer without complaint but wrongly, such as
 * ListGroups filtered on a group type it does not know (an empty list of share groups on Kafka 3.9).
 * The broker's APIs are asked once a minute per client.
 */
export async function requireApi(admin: Admin, api: string): Promise<void> {
  let held = apiNames.get(admin);
  if (!held || Date.now() - held.at > API_NAMES_TTL_MS) {
    held = { at: Date.now(), names: admin.listApis().then((apis) => new Set(apis.map((a) => a.name))) };
    apiNames.set(admin, held);
  }
  if (!(await held.names).has(api)) {
    throw new UnsupportedApiError(`Unsupported API ${api}.`);
  }
}

/** The API the library refused for want of it on the broker, if that is what `error` is. */
function unsupportedApi(error: unknown): string | undefined {
  const found = findErrorBy(error as Error, 'code', 'PLT_KFK_UNSUPPORTED_API');
  if (!found) return undefined;
  return /Unsupported API (\w+)\./.exec(found.message)?.[1] ?? 'an API';
}

/**
 * `error` as CLUSTER_TOO_OLD when the broker lacks the API the request needs, naming the feature:
 * "Share groups need Kafka 4.1 or newer; this cluster runs 3.6". Undefined for any other error.
 */
export async function tooOld(cluster: string, admin: Admin, error: unknown): Promise<AppError | undefined> {
  const api = unsupportedApi(error);
  if (!api) return undefined;
  const feature = BY_API.get(api);
  const release = await admin
    .listApis()
    .then((apis) => releaseFromApiVersions(apis as ApiRange[]))
    .catch(() => 'an older release');
  const what = feature
    ? `${feature.label} need Kafka ${feature.since} or newer`
    : `This needs the ${api} API`;
  return new AppError('CLUSTER_TOO_OLD', `${what}; cluster '${cluster}' runs Kafka ${release}`, {
    cause: error,
  });
}
