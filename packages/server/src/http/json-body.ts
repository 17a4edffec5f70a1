import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype keys removed, see app.ts), except that an empty body
 * with `Content-Type: application/json` is no body at all, as AKHQ takes it: scripts send that header on
 * every call, DELETEs included. A route that needs a body still refuses a missing one by name.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
