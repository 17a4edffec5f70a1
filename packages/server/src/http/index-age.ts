import type { FastifyReply } from 'fastify';

/** The answer header saying, in seconds, how old the group index that found the groups is. */
const INDEX_AGE_HEADER = 'x-groups-index-age';

/** Says on the answer how old (`indexAge`, ms) the group index behind it is. */
export function sendIndexAge(reply: FastifyReply, found: { indexAge: number }): void {
  reply.header(INDEX_AGE_HEADER, String(Math.floor(found.indexAge / 1000)));
}
