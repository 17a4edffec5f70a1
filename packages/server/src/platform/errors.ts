import { type ErrorCode, type FieldError, STATUS_BY_CODE } from '@console/contract';

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
