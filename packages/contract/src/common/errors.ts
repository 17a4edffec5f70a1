import { z } from 'zod';
import { onFirstUse } from './on-first-use.ts';

/** Machine-readable error kinds; the HTTP status is derived from the kind, never the other way round. */
export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'CLUSTER_UNAVAILABLE',
  // Why a cluster cannot be used (docs/connecting.md, "When it cannot connect"): each its own code, all 503.
  'CLUSTER_AUTHENTICATION_FAILED',
  'CLUSTER_TLS_FAILED',
  'CLUSTER_PROTOCOL_MISMATCH',
  'CLUSTER_HOST_NOT_FOUND',
  'CLUSTER_CONNECTION_REFUSED',
  'CLUSTER_TIMEOUT',
  // The broker's release lacks the API a feature needs (409, naming the release it needs).
  'CLUSTER_TOO_OLD',
  // The console's own Kafka principal lacks an ACL (403, not the caller's login: it stays signed in).
  'KAFKA_AUTHORIZATION_FAILED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  // Kafka Connect refuses an offsets change while the connector runs (KIP-875): stop it first (409).
  'CONNECTOR_NOT_STOPPED',
  // The Connect worker's release lacks the REST endpoint a feature needs (409, naming its version).
  'CONNECT_TOO_OLD',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * The HTTP status of each code (docs/api-conventions.md#status-codes). The server answers with it; the
 * console reads it back for an error that arrives inside a stream, after its 200.
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  CLUSTER_UNAVAILABLE: 503,
  CLUSTER_AUTHENTICATION_FAILED: 503,
  CLUSTER_TLS_FAILED: 503,
  CLUSTER_PROTOCOL_MISMATCH: 503,
  CLUSTER_HOST_NOT_FOUND: 503,
  CLUSTER_CONNECTION_REFUSED: 503,
  CLUSTER_TIMEOUT: 503,
  CLUSTER_TOO_OLD: 409,
  KAFKA_AUTHORIZATION_FAILED: 403,
  UPSTREAM_TIMEOUT: 504,
  CONNECTOR_NOT_STOPPED: 409,
  CONNECT_TOO_OLD: 409,
};

export const FieldError = onFirstUse(() =>
  z.object({
    field: z
      .string()
      .meta({ description: 'Where the problem is, e.g. `query.page` or `body.configs.retention.ms`' }),
    message: z.string(),
  }),
);
export type FieldError = z.infer<typeof FieldError>;

/** The one error body every route answers with (docs/api-conventions.md#errors). */
export const ErrorEnvelope = onFirstUse(() =>
  z
    .object({
      message: z.string(),
      code: ErrorCode,
      requestId: z.string(),
      fields: z.array(FieldError).optional(),
    })
    .meta({ id: 'ErrorEnvelope' }),
);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
