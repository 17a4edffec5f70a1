import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../../../domain/access/identity.ts';
import type { Config } from '../../../platform/config/schema.ts';
import { type Authenticator, SESSION_COOKIE } from '../authenticator.ts';
import { isHttps } from '../login/public-address.ts';

/**
 * The console's session: an HS256 token in an HttpOnly, SameSite=Strict cookie scoped to the
 * deployment prefix (docs/api-conventions.md#authentication), Secure when the browser came over TLS
 * (directly, through a trusted proxy, or per `server.publicUrl`). Returns the token.
 */
export function setSession(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  auth: Authenticator,
  identity: Identity,
): string {
  const token = auth.sessionToken(identity);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request, config),
    path: config.basePath,
    maxAge: config.security.jwt.lifetimeSeconds,
  });
  return token;
}

export function clearSession(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: config.basePath });
}
