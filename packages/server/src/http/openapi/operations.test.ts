import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';
import { servedRoutes } from './document.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas: Record<string, unknown> };
};

let app: Awaited<ReturnType<typeof buildApp>>;
let document: Document;
beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: false });
  await app.ready();
  // A request first, as in a running server: the contract builds its schemas on first use, and this one
  // builds the cluster list's before the document builds the rest.
  expect((await app.inject({ method: 'GET', url: '/api/cluster' })).statusCode).toBe(200);
  document = app.swagger() as unknown as Document;
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    })),
  );

describe('the OpenAPI document', () => {
  it('lists its components by name, whatever requests came before it', () => {
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Cluster', 'TopicList', 'Record', 'ErrorEnvelope']));
  });

  it('carries the operation each route declares', () => {
    const topics = document.paths['/api/{cluster}/topic']?.get;
    expect(topics?.operationId).toBe('listTopics');
    expect(topics?.summary).toBe('Topics, one page, filtered by name');
  });

  it('leaves out only the console pages and routes that hide themselves', () => {
    const routes = servedRoutes(app);
    expect(routes.length).toBeGreaterThan(80);
    const documented = new Set(operations().map(({ key }) => key));
    const left = routes.filter((key) => !documented.has(key)).sort();
    const hidden = [
      'GET /api/openapi.json',
      'GET /metrics',
      'GET /api', // AKHQ's page pointing at the document
      'GET /swagger/akhq.yml', // the document itself, as YAML where AKHQ publishes it
      'POST /api/sessions/revoked', // replica to replica, signed: no client calls it
    ];
    expect(left).toEqual(['GET /', 'GET /ui', 'GET /ui/*', ...hidden].sort());
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]+$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.summary)).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(['listTopics', 'searchTopicData', 'tailTopics']));
  });

  it('lists the error answers each route can give, all in the one error shape', () => {
    for (const { key, op } of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length, key).toBeGreaterThan(0);
      // `/ready` answers 503 with its readiness report: load balancers and people read which cluster is down.
      for (const [status, answer] of errors)
        if (key !== 'GET /ready')
          expect(answer.content?.['application/json'], `${key} ${status}`).toEqual({
            schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          });
    }
    const topic = document.paths['/api/{cluster}/topic/{topic}']?.delete?.responses ?? {};
    expect(Object.keys(topic)).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '404', '409', '414', '500', '503']),
    );
    const login = document.paths['/login']?.post?.responses ?? {};
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['400', '401', '413', '415', '429']));
    // Public, yet wrong credentials sent with it are refused; every operation documents a 4xx.
    expect(Object.keys(document.paths['/api/auths']?.get?.responses ?? {})).toEqual([
      '200',
      '401',
      '429',
      '500',
    ]);
    expect(Object.keys(document.paths['/logout']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['401', '403', '429']),
    );
  });

  it('declares the session cookie, bearer and basic schemes, public routes needing none', () => {
    expect(Object.keys(document.components.securitySchemes ?? {})).toEqual([
      'sessionCookie',
      'bearer',
      'basic',
    ]);
    expect(document.security).toEqual([{ sessionCookie: [] }, { bearer: [] }, { basic: [] }]);
    expect(document.paths['/api/auths']?.get?.security).toEqual([]);
    expect(document.paths['/api/{cluster}/topic']?.get?.security).toBeUndefined();
  });

  it('documents the server-sent event routes as text/event-stream', () => {
    for (const path of ['/api/{cluster}/tail/sse', '/api/{cluster}/topic/{topic}/data/search'])
      expect(Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {}), path).toEqual([
        'text/event-stream',
      ]);
  });
});
