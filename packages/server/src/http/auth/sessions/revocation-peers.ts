import type { FastifyBaseLogger } from 'fastify';
import type { Session } from './sessions.ts';

/** Where a replica receives the logouts of the others, below its basePath. */
export const REVOCATION_PATH = 'api/sessions/revoked';

const TIMEOUT_MS = 3_000;

export type RevocationClaims = { kind: 'revocation'; jti: string; sessionExp: number };

/** The signed message that ends `session` on a replica that checks it with the shared secret. */
export function revocationToken(
  session: Session,
  sign: (claims: RevocationClaims, lifetimeSeconds: number) => string,
): string {
  const left = Math.max(1, Math.ceil((session.expiresAt - Date.now()) / 1000));
  return sign({ kind: 'revocation', jti: session.id, sessionExp: session.expiresAt }, left);
}

/**
 * Tells every configured replica that a session ended, so each refuses its token too (no shared store:
 * the replicas share only the configuration and the JWT secret). The message is a token signed with
 * that secret, so nobody else can end sessions this way. A replica that is down misses it and accepts
 * the token until it expires (docs/security.md).
 */
export async function tellPeers(
  peers: readonly string[],
  session: Session,
  sign: (claims: RevocationClaims, lifetimeSeconds: number) => string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (peers.length === 0) return;
  const token = revocationToken(session, sign);
  await Promise.all(
    peers.map(async (peer) => {
      const url = new URL(REVOCATION_PATH, peer.endsWith('/') ? peer : `${peer}/`);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (!res.ok) log.warn({ peer: url.origin, status: res.status }, 'a replica refused a logout');
      } catch (error) {
        log.warn({ peer: url.origin, err: error }, 'a replica could not be told of a logout');
      }
    }),
  );
}
