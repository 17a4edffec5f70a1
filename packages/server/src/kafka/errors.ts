import { findErrorBy } from '@platformatic/kafka';
import { AppError } from '../platform/errors.ts';
import type { Connection } from './connection/client-options.ts';
import { connectionFailure } from './connection/failures.ts';

/** Kafka protocol errors that mean "no such thing" rather than "refused". */
const NOT_FOUND = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'UNKNOWN_TOPIC_ID',
  'GROUP_ID_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
]);
/** Kafka's ACL refusals: the console's own principal lacks a right (KAFKA_AUTHORIZATION_FAILED, 403). */
const AUTHORIZATION_FAILED: Record<string, string> = {
  TOPIC_AUTHORIZATION_FAILED: 'a topic ACL',
  GROUP_AUTHORIZATION_FAILED: 'a consumer group ACL',
  CLUSTER_AUTHORIZATION_FAILED: 'a cluster ACL',
  TRANSACTIONAL_ID_AUTHORIZATION_FAILED: 'a transactional id ACL',
  DELEGATION_TOKEN_AUTHORIZATION_FAILED: 'a delegation token ACL',
};
/** Transport-level failures: the cluster, not the request, is the problem. */
const UNREACHABLE = new Set(['PLT_KFK_NETWORK', 'PLT_KFK_TIMEOUT', 'PLT_KFK_AUTHENTICATION']);

/**
 * The one translation table from Kafka client errors to our envelope
 * (docs/api-conventions.md#upstream-errors): a cluster that cannot be reached is 503 with the reason's own
 * code (connection/failures.ts), a Kafka ACL refusal 403 naming it, missing things 404, every other broker
 * refusal 409 with Kafka's own reason. `connection` (the pool's) lets an authentication failure name the
 * mechanism and principal.
 */
export function translateKafkaError(
  cluster: string,
  error: unknown,
  connection?: Connection,
): AppError | undefined {
  if (error instanceof AppError) return error;
  const protocol = findErrorBy(error as Error, 'code', 'PLT_KFK_PROTOCOL') as {
    apiId?: string;
    message: string;
    serverErrorMessage?: string | null;
  } | null;
  if (protocol?.apiId && AUTHORIZATION_FAILED[protocol.apiId]) {
    return new AppError(
      'KAFKA_AUTHORIZATION_FAILED',
      `Kafka refused the console's principal on cluster '${cluster}': ${protocol.apiId} (it lacks ${AUTHORIZATION_FAILED[protocol.apiId]})`,
      { cause: error },
    );
  }
  const failure = connectionFailure(cluster, error, connection);
  if (failure) return failure;
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

/**
 * Whether the error is one broker not answering (refused, reset, timed out), rather than a refusal: a
 * read over several brokers goes on without that one's partitions and names them (docs/behaviour.md#a-broker-down).
 */
export function isBrokerUnreachable(error: unknown): boolean {
  return ['PLT_KFK_NETWORK', 'PLT_KFK_TIMEOUT'].some(
    (code) => findErrorBy(error as Error, 'code', code) || (error as { code?: string } | null)?.code === code,
  );
}

/** Whether Kafka refused the console's principal (an ACL), for reads that may go without (a config). */
export function isKafkaAuthorizationFailure(error: unknown): boolean {
  const protocol = findErrorBy(error as Error, 'code', 'PLT_KFK_PROTOCOL') as { apiId?: string } | null;
  return protocol?.apiId !== undefined && AUTHORIZATION_FAILED[protocol.apiId] !== undefined;
}
