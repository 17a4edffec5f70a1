import type { ErrorCode, FieldError } from '@console/contract';

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
};

/** An error whose message is safe to show the caller; anything else becomes a generic 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldError[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.fields = options.fields;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, cause?: unknown) => new AppError('CONFLICT', message, { cause });
export const badRequest = (field: string, message: string) =>
  new AppError('BAD_REQUEST', `${field}: ${message}`, { fields: [{ field, message }] });
/**
 * Well-formed input naming something the cluster lacks (a partition, a connector plugin): 404 naming the
 * field. A 400 is for input the schema refuses; what only the cluster's state refuses is not bad input.
 */
export const missing = (field: string, message: string) =>
  new AppError('NOT_FOUND', `${field}: ${message}`, { fields: [{ field, message }] });
