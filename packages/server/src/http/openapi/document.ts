import { buildDeferredSchemas } from '@console/contract';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config/schema.ts';
import { VERSION } from '../../platform/version.ts';
import { SESSION_COOKIE } from '../auth/authenticator.ts';
import { isGuarded, type OperationDoc, routeKey } from '../route-declaration.ts';
import { ERROR_MEANINGS, errorStatuses } from './error-answers.ts';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type Json = Record<string, unknown>;

const SERVED = new WeakMap<FastifyInstance, string[]>();

/** Every route the app serves, as `METHOD /path` (HEAD, which follows GET, left out). */
export const servedRoutes = (app: FastifyInstance): string[] => SERVED.get(app) ?? [];

/**
 * What a streamed 200 answer holds, by media type; the route's description details it. A server-sent
 * events schema describes one event, as OpenAPI 3.2's `itemSchema` does and schemathesis reads it.
 */
const MEDIA: Record<string, Json> = {
  'text/event-stream': {
    type: 'object',
    description: 'One server-sent event: its name and JSON data, as the description lists',
    properties: {
      event: { type: 'string' },
      data: { type: 'string', contentMediaType: 'application/json' },
    },
    required: ['event', 'data'],
  },
  'application/json': {
    type: 'array',
    items: {
      type: 'object',
      description:
        "AKHQ's download form of a record: partition, offset, timestamp (epoch seconds), key, value, headers, key and value schema ids",
    },
  },
  'text/csv': { type: 'string', description: 'The records as CSV, one line each' },
};

const errorAnswer = (status: number) => ({
  description: ERROR_MEANINGS[status] ?? 'Refused',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** Adds what a route declares (its operation and access rule, route-declaration.ts) to what its zod schemas say. */
function describeRoute(prefix: string): Transform {
  return (input: TransformInput) => {
    buildDeferredSchemas();
    const key = routeKey([input.route.method].flat()[0] ?? 'GET', input.url, prefix);
    const [method = 'GET', path = '/'] = key.split(' ');
    // The console's pages (the UI's files) are not API.
    if (!isGuarded(path)) return { schema: { hide: true }, url: input.url };
    const given = (input.schema ?? {}) as Json;
    const out = jsonSchemaTransform(input);
    if (out.schema?.hide) return out;
    // Every documented route declares both (collectDeclarations refuses to start otherwise).
    const { operation, access } = input.route.config ?? {};
    const doc: Partial<OperationDoc> & { summary: string } = operation ?? { summary: key };
    const summary = doc.summary;
    const response: Record<string, unknown> = { ...((out.schema?.response as Json | undefined) ?? {}) };
    // `z.void()` answers (204, 202) have no body at all.
    for (const [status, schema] of Object.entries(response))
      if (/^2/.test(status) && JSON.stringify(schema) === '{}')
        response[status] = { description: summary, type: 'null' };
    if (doc.media) {
      const content = Object.fromEntries(
        doc.media.map((type) => [type, { schema: MEDIA[type] ?? { type: 'string' } }]),
      );
      response[200] = { description: (given.description as string | undefined) ?? summary, content };
    }
    for (const [status, description] of Object.entries(doc.answers ?? {}))
      response[status] = { description, type: 'null' };
    if (!Object.keys(response).some((status) => /^[23]/.test(status)))
      response[200] = { description: summary, type: 'null' };
    const hasBody = Boolean(given.body || doc.bodyMedia);
    const hasInput = hasBody || Boolean(given.querystring || given.params);
    const hasQuery = Boolean(given.querystring);
    for (const status of errorStatuses({ method, path, access, hasBody, hasInput, hasQuery }, doc.errors))
      response[status] ??= errorAnswer(status);
    return {
      ...out,
      schema: {
        ...out.schema,
        ...(doc.bodyMedia
          ? { consumes: doc.bodyMedia, body: { type: 'string', description: 'The file, streamed' } }
          : {}),
        ...(doc.operationId ? { operationId: doc.operationId, summary } : {}),
        ...(access === 'public' ? { security: [] } : {}),
        response,
      },
    };
  };
}

type Operation = {
  summary?: string;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { anyOf?: Json[] } }> };
  responses?: Record<string, { description?: string }>;
};

/**
 * Fastify's placeholder for a response without a description becomes the operation's summary; a body
 * whose schema admits null (DELETE …/data's, AKHQ's form) is optional, as the route treats it.
 */
function describeAnswers(document: Json): Json {
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, Operation>>))
    for (const operation of Object.values(item)) {
      for (const answer of Object.values(operation.responses ?? {}))
        if (answer.description === 'Default Response' && operation.summary)
          answer.description = operation.summary;
      const body = operation.requestBody;
      const schema = body?.content?.['application/json']?.schema;
      if (body && schema?.anyOf?.some((s) => s.type === 'null')) body.required = false;
    }
  return document;
}

/**
 * An `anyOf` whose forms render alike (a number or its decimal text, once both are rendered as the number)
 * keeps each form once, and one form left stands alone, as Redocly's recommended rules ask.
 */
function simplifyAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplifyAnyOf);
  if (!value || typeof value !== 'object') return value;
  const out: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplifyAnyOf(v)]));
  if (!Array.isArray(out.anyOf)) return out;
  const forms = [...new Map(out.anyOf.map((form) => [JSON.stringify(form), form])).values()];
  if (forms.length > 1) return { ...out, anyOf: forms };
  const { anyOf: _, ...rest } = out;
  return { ...(forms[0] as Json), ...rest };
}

/**
 * Drops the components nothing in the paths refers to, directly or through other components, and orders
 * the rest by name: zod's registry lists them in the order they were built, which follows the requests
 * served before the document (the contract builds most schemas on first use).
 */
function dropUnused(document: Json): Json {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(document.paths);
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return { ...document, components: { ...(document.components as Json), schemas: kept } };
}

/**
 * The OpenAPI 3.1 document of every route, generated from the same zod schemas that validate them, with
 * each operation's id, summary, error answers (the one `ErrorEnvelope`) and security.
 */
export async function documentApi(app: FastifyInstance, config: Config) {
  const prefix = config.basePath.slice(0, -1);
  const served: string[] = [];
  SERVED.set(app, served);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') served.push(routeKey(method, route.url, prefix));
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kafka Console API',
        version: VERSION,
        description:
          "A web console's API for Apache Kafka, keeping AKHQ's paths and shapes. Every error answer is an `ErrorEnvelope`.",
      },
      servers: [{ url: prefix || '/' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session `POST /login` or an OIDC/OAuth2 sign-in sets',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `access_token` of `POST /login`',
          },
          basic: { type: 'http', scheme: 'basic', description: 'A configured user, or LDAP' },
        },
      },
      security: [{ sessionCookie: [] }, { bearer: [] }, { basic: [] }],
    },
    transform: describeRoute(prefix),
    transformObject: (input) =>
      simplifyAnyOf(describeAnswers(dropUnused(jsonSchemaTransformObject(input) as Json))) as never,
  });
}
