import { findErrorBy } from '@platformatic/kafka';
import { AppError } from '../errors.ts';

/** Kafka protocol errors that mean "no such thing" rather than "refused". */
const NOT_FOUND = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'UNKNOWN_TOPIC_ID',
  'GROUP_ID_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
]);
/** Transport-level failures: the cluster, not the request, is the problem. */
const UNREACHABLE = new Set(['PLT_KFK_NETWORK', 'PLT_KFK_TIMEOUT', 'PLT_KFK_AUTHENTICATION']);

/**
 * The one translation table from Kafka client errors to our envelope (STYLE §4): unreachable cluster is
 * 503 naming the cluster, missing things 404, every other broker refusal 409 with Kafka's own reason.
 */
export function translateKafkaError(cluster: string, error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const protocol = findErrorBy(error as Error, 'code', 'PLT_KFK_PROTOCOL') as {
    apiId?: string;
    message: string;
    serverErrorMessage?: string | null;
  } | null;
  if (protocol?.apiId) {
    const reason = protocol.serverErrorMessage || protocol.message;
    if (NOT_FOUND.has(protocol.apiId)) return new AppError('NOT_FOUND', reason, { cause: error });
    if (protocol.apiId !== 'REQUEST_TIMED_OUT') return new AppError('CONFLICT', reason, { cause: error });
  }
  for (const code of UNREACHABLE) {
    if (findErrorBy(error as Error, 'code', code) || (error as { code?: string } | null)?.code === code) {
      return new AppError('CLUSTER_UNAVAILABLE', `Cluster '${cluster}' is unreachable`, { cause: error });
    }
  }
  if (protocol)
    return new AppError('CLUSTER_UNAVAILABLE', `Cluster '${cluster}' is unreachable`, { cause: error });
  return undefined;
}
