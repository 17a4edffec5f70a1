import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { Authenticator, type TokenSigner } from './authenticator.ts';
import { installGuard } from './guard.ts';
import { RevocationTopic } from './sessions/revocation-topic.ts';

/**
 * Cookies, HS256 tokens (@fastify/jwt), the authenticator and the guard. Without a configured secret a
 * random one is made, so sessions end when the process does and replicas do not share them. With
 * security off there are no sessions, and the tokens' library is not loaded (login/libraries.ts says why).
 */
export async function installAuth(
  app: FastifyInstance,
  config: Config,
  auditSink?: Parameters<typeof installGuard>[3],
  pool?: KafkaPool,
): Promise<Authenticator> {
  const { jwt, enabled } = config.security;
  if (enabled && !jwt.secret) {
    app.log.warn('security.jwt.secret is not set: sessions end when the server restarts');
  }
  await app.register(fastifyCookie);
  const authenticator = new Authenticator(
    config,
    enabled ? await sessionTokens(app, jwt.secret) : NO_SESSIONS,
  );
  const { revocationTopic } = config.security.jwt;
  if (revocationTopic && pool) {
    const shared = new RevocationTopic(config, pool, revocationTopic, app.log);
    authenticator.sharedRevocations = shared;
    app.addHook('onReady', async () => shared.start((token) => authenticator.peerEndedSession(token)));
    app.addHook('preClose', async () => shared.close());
  }
  installGuard(app, config, authenticator, auditSink);
  return authenticator;
}

/** Signs and checks session tokens (HS256) with the configured secret, else a random one. */
async function sessionTokens(app: FastifyInstance, secret: string | undefined): Promise<TokenSigner> {
  const { default: fastifyJwt } = await import('@fastify/jwt');
  await app.register(fastifyJwt, {
    secret: secret ?? randomBytes(32).toString('base64url'),
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  return {
    sign: (claims, lifetimeSeconds) => app.jwt.sign(claims, { expiresIn: lifetimeSeconds }),
    verify: (token) => {
      try {
        return app.jwt.verify<Record<string, unknown>>(token);
      } catch {
        return undefined;
      }
    },
  };
}

/** Security off: no caller is identified (Authenticator.identify), so no token is ever made or read. */
const NO_SESSIONS: TokenSigner = {
  sign: () => {
    throw new Error('no session tokens while security is off');
  },
  verify: () => undefined,
};
