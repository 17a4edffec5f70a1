import type { FastifyReply } from 'fastify';

/** Fires when the client goes away before the answer is complete (a left page, a closed connection). */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
