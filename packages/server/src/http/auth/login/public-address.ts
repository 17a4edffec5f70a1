import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config/schema.ts';

/**
 * Where the browser reached the console. `request.protocol` and `request.host` follow
 * `X-Forwarded-Proto/-Host` only from `server.trustedProxies` (Fastify's trustProxy); a configured
 * `server.publicUrl` wins over both for what the console hands out (redirects, Secure cookies).
 */
export function isHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || config.server.publicUrl?.startsWith('https:') === true;
}

/** The origins a same-origin request of the console's own pages carries in `Origin`. */
export function ownOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [`${request.protocol}://${request.host}`];
  if (config.server.publicUrl) origins.push(new URL(config.server.publicUrl).origin);
  return origins;
}

/** An absolute URL of a console path (`oauth/callback/x`, relative to basePath). */
export function publicUrlOf(request: FastifyRequest, config: Config, path: string): string {
  const base = config.server.publicUrl;
  if (base) return new URL(path, base.endsWith('/') ? base : `${base}/`).href;
  return `${request.protocol}://${request.host}${config.basePath}${path}`;
}
