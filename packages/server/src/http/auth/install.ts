import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { Authenticator } from './authenticator.ts';
import { installGuard } from './guard.ts';
import { RevocationTopic } from './sessions/revocation-topic.ts';

/**
 * Cookies, HS256 tokens (@fastify/jwt), the authenticator and the guard. Without a configured secret a
 * random one is made, so sessions end when the process does and replicas do not share them.
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
  await app.register(fastifyJwt, {
    secret: jwt.secret ?? randomBytes(32).toString('base64url'),
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  const authenticator = new Authenticator(config, {
    sign: (claims, lifetimeSeconds) => app.jwt.sign(claims, { expiresIn: lifetimeSeconds }),
    verify: (token) => {
      try {
        return app.jwt.verify<Record<string, unknown>>(token);
      } catch {
        return undefined;
      }
    },
  });
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
