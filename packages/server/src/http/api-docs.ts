import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';

/**
 * AKHQ's places for its API document (docs/api-conventions.md#api-documents): `/swagger/akhq.yml` is our
 * OpenAPI document as YAML, and `GET /api` a page that points at it. The page is plain HTML (no script, so
 * the CSP holds).
 */
export function installApiDocs(app: FastifyInstance, prefix: string) {
  app.get(
    `${prefix}/swagger/akhq.yml`,
    { config: { access: 'public' }, schema: { hide: true } },
    (_req, reply) =>
      reply
        .type('application/yaml; charset=utf-8')
        .send(stringify(app.swagger(), { aliasDuplicateObjects: false })),
  );
  app.get(`${prefix}/api`, { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(page(prefix)),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const page = (base: string) => {
  const prefix = escapeHtml(base);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Kafka Console API</title></head>
<body>
<h1>Kafka Console API</h1>
<p>The OpenAPI document of this server, generated from the schemas that validate every request:</p>
<ul>
<li><a href="${prefix}/swagger/akhq.yml">${prefix}/swagger/akhq.yml</a> (YAML, where AKHQ publishes its document)</li>
<li><a href="${prefix}/api/openapi.json">${prefix}/api/openapi.json</a> (JSON)</li>
</ul>
</body>
</html>
`;
};
