import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../platform/config/schema.ts';
import { sentMethod } from './head-as-get.ts';

/** Credentials never reach the log, whichever field carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.basicAuthPassword',
  '*.bindPassword',
  '*.clientSecret',
  '*.secret',
  '*.maskingSecret',
  '*.access_token',
  '*.id_token',
  '*.refresh_token',
  '*["sasl.jaas.config"]',
  '*["sasl.password"]',
];

export function loggerOptions(config: Config) {
  return { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

/** One line per request, written when it completes (docs/style.md#logs), instead of Fastify's two. */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    request.log.info(
      {
        method: sentMethod(request.raw),
        // An OIDC callback's query carries the authorization code.
        url: request.url.includes('/oauth/callback/') ? request.url.split('?')[0] : request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}
