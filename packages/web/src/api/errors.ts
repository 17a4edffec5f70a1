import type { ErrorCode, FieldError } from '@console/contract';

type ApiErrorDetails = { code?: ErrorCode; requestId?: string; fields?: FieldError[] };

/** A response with a non-2xx status, carrying the server's error envelope when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly details: ApiErrorDetails;

  constructor(status: number, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

/** No response at all: the server is down or the network failed. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A 2xx response whose body does not match the contract schema. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
