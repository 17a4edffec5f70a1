import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';
import { declaredRoutes, type RouteDeclaration } from '../route-declaration.ts';
import { type ConsoleTool, consoleTools, TAIL_MAX_SECONDS, toolOf } from './tools.ts';

let app: FastifyInstance;
let routes: readonly RouteDeclaration[];
let all: ConsoleTool[];
beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: false });
  await app.ready();
  routes = declaredRoutes(app);
  all = consoleTools(routes, { enabled: true, allowWrites: true });
});
afterAll(() => app.close());

const tool = (name: string) => {
  const found = all.find((t) => t.definition.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};
const schemaOf = (name: string) =>
  tool(name).definition.inputSchema as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
    additionalProperties?: boolean;
  };

describe('the MCP tool list', () => {
  it('has one tool per operation whose decision is not none, named by its operationId', () => {
    const chosen = routes
      .filter((r) => r.operation && typeof r.operation.tool === 'string')
      .map((r) => r.operation?.operationId);
    expect(all.map((t) => t.definition.name)).toEqual(chosen);
    expect(new Set(chosen).size).toBe(chosen.length);
    expect(chosen).not.toContain('downloadTopicData');
    expect(chosen).not.toContain('login');
  });

  it('lists only the read tools unless mcp.allowWrites', () => {
    const readOnly = consoleTools(routes, { enabled: true, allowWrites: false });
    expect(readOnly.map((t) => t.decision)).toEqual(readOnly.map(() => 'read'));
    expect(readOnly.map((t) => t.definition.name)).toEqual(
      all.filter((t) => t.decision === 'read').map((t) => t.definition.name),
    );
    expect(readOnly.map((t) => t.definition.name)).not.toContain('createTopic');
  });

  it('describes each tool by its summary', () => {
    for (const t of all) {
      const summary = t.route.operation?.summary ?? '';
      expect(t.definition.description?.startsWith(summary), t.definition.name).toBe(true);
    }
  });

  it('annotates truthfully: read-only for read, destructive for destructive, idempotent for GET, PUT, DELETE', () => {
    for (const t of all) {
      const { annotations } = t.definition;
      expect(annotations?.readOnlyHint, t.definition.name).toBe(t.decision === 'read');
      expect(annotations?.destructiveHint, t.definition.name).toBe(t.decision === 'destructive');
      expect(annotations?.idempotentHint, t.definition.name).toBe(
        ['GET', 'PUT', 'DELETE'].includes(t.route.method),
      );
    }
    expect(tool('deleteTopic').definition.annotations).toMatchObject({
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(tool('createTopic').definition.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
  });

  it("takes the route's path and query parameters as arguments, and its JSON body as `body`", () => {
    const getTopic = schemaOf('getTopic');
    expect(Object.keys(getTopic.properties)).toEqual(['cluster', 'topic']);
    expect(getTopic.required).toEqual(['cluster', 'topic']);
    expect(getTopic.additionalProperties).toBe(false);
    expect(tool('getTopic').places).toEqual({
      params: ['cluster', 'topic'],
      query: [],
      body: false,
      bodyRequired: false,
    });

    const listTopics = schemaOf('listTopics');
    expect(Object.keys(listTopics.properties)).toEqual(expect.arrayContaining(['cluster', 'search', 'page']));
    expect(listTopics.required).toEqual(['cluster']);

    const createTopic = tool('createTopic').definition.inputSchema as Record<string, unknown>;
    expect(createTopic.required).toEqual(['cluster', 'body']);
    // The shared TopicCreate schema stays a definition of its own, referenced from `body`.
    expect(JSON.stringify(createTopic.properties)).toContain('#/$defs/TopicCreate');
    expect((createTopic.$defs as Record<string, { required?: string[] }>).TopicCreate?.required).toEqual([
      'name',
    ]);

    const offsets = schemaOf('updateGroupOffsets');
    expect(offsets.properties.body?.type).toBe('array');
    expect(offsets.properties.dryRun?.enum).toEqual(['true', 'false']);
    // AKHQ's DELETE …/data body may be null: optional, as the route treats it.
    expect(schemaOf('deleteRecord').required).toEqual(['cluster', 'topic', 'partition', 'key']);
  });

  it('gives the event-stream tools their bound: a match limit for the search, seconds for the tail', () => {
    expect(tool('searchTopicData').stream).toBe('until-end');
    expect(schemaOf('searchTopicData').properties.limit).toMatchObject({ type: 'integer', minimum: 1 });
    expect(tool('tailTopics').stream).toBe('timed');
    expect(schemaOf('tailTopics').properties.seconds).toMatchObject({
      maximum: TAIL_MAX_SECONDS,
      default: 5,
    });
    expect(tool('tailTopics').places.query).not.toContain('seconds');
  });

  it('gives every tool an input schema that compiles as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    for (const t of all) expect(() => ajv.compile(t.definition.inputSchema), t.definition.name).not.toThrow();
    const validate = ajv.compile(schemaOf('createTopic'));
    expect(validate({ cluster: 'local', body: { name: 't', partition: 3 } })).toBe(true);
    expect(validate({ cluster: 'local', body: {} })).toBe(false);
    expect(validate({ cluster: 'local', body: { name: 't' }, extra: 1 })).toBe(false);
  });

  it('refuses an event-stream operation whose tool answer is not decided', () => {
    const stream = routes.find((r) => r.operation?.operationId === 'searchTopicData') as RouteDeclaration;
    const undecided = {
      ...stream,
      operation: { ...stream.operation, operationId: 'followSomething' },
    } as RouteDeclaration;
    expect(() => toolOf(undecided)).toThrow(/streams events: say how its MCP tool answers/);
  });
});
