import { type ErrorEnvelope, type FieldError, STATUS_BY_CODE } from '@console/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translateKafkaError } from '../kafka/errors.ts';
import { AppError } from '../platform/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The configuration key that sets this route's `bodyLimit`, named in its 413 answer. */
    bodyLimitKey?: string;
  }
}

/** The 413 message: how many bytes the route accepts and, when configurable, which key sets it. */
function tooLarge(request: FastifyRequest): string {
  const key = request.routeOptions.config.bodyLimitKey;
  const limit = request.routeOptions.bodyLimit;
  return `The request body is larger than the ${limit} bytes this route accepts${key ? ` (${key})` : ''}`;
}

/** The part of the request a refusal by Fastify itself (before any schema ran) is about. */
function fastifyErrorField(code: string): string {
  if (code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE') return 'headers.content-type';
  if (code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH') return 'url';
  return 'body';
}

/**
 * The envelope for refusals the router makes before any route or error handler is involved (a path
 * parameter over `maxParamLength`: 414; a malformed percent-encoding: 400). Fastify's `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const message = tooLong
    ? 'A path segment is longer than the server accepts'
    : 'The path is not valid percent-encoding';
  request.log.info({ code: error.code }, 'request refused');
  return reply
    .code(status)
    .header('x-request-id', request.id)
    .type('application/json')
    .send({
      message,
      code: 'BAD_REQUEST',
      requestId: request.id,
      fields: [{ field: fastifyErrorField(error.code), message }],
    } satisfies ErrorEnvelope);
}

/**
 * Produces the one error envelope (docs/api-conventions.md#errors). 5xx messages stay generic; details go to
 * the log.
 */
/** The terminal event of a failed stream: the same envelope as any error, generic for unknown ones. */
export function streamError(cluster: string, error: unknown, requestId: string): ErrorEnvelope {
  const known = error instanceof AppError ? error : translateKafkaError(cluster, error);
  if (known) return { message: known.message, code: known.code, requestId };
  return { message: 'Internal Server Error', code: 'INTERNAL', requestId };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const cluster = (request.params as { cluster?: string } | undefined)?.cluster ?? '?';
    const known = error instanceof AppError ? error : translateKafkaError(cluster, error);
    let body: ErrorEnvelope;
    let status: number;
    if (known) {
      status = known.status;
      body = { message: known.message, code: known.code, requestId: request.id };
      if (known.fields) body.fields = known.fields;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'invalid',
      }));
      status = 400;
      body = {
        message: fields.map((f) => `${f.field}: ${f.message}`).join('; '),
        code: 'BAD_REQUEST',
        requestId: request.id,
        fields,
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (malformed JSON, body too large, unsupported media type) are safe to echo.
      status = error.statusCode;
      body = {
        message: status === 413 ? tooLarge(request) : error.message,
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        requestId: request.id,
      };
      if (status === 400) body.fields = [{ field: fastifyErrorField(error.code), message: error.message }];
    } else {
      status = 500;
      body = { message: 'Internal Server Error', code: 'INTERNAL', requestId: request.id };
    }
    if (status >= 500) request.log.error({ err: error }, body.message);
    else request.log.info({ code: body.code, reason: body.message }, 'request refused');
    return reply.code(status).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(STATUS_BY_CODE.NOT_FOUND).send({
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
      requestId: request.id,
    } satisfies ErrorEnvelope),
  );
}
