import { createHash } from 'node:crypto';
import { type Action, Action as Actions, Resource } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';
import { servedRoutes } from '../openapi/document.ts';
import { declaredRoutes, isGuarded, type RouteAccess } from '../route-declaration.ts';
import { NAME_KEYS, namedChecks, VALUE_PARAMS } from './named-checks.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PASSWORD = 'walk-password';

/** What each caller may do, written out independently of the server's role code. */
type Caller = {
  name: string;
  username?: string;
  grants: (resource: Resource, action: Action) => boolean;
  pattern: RegExp;
  /** The clusters its bindings name. */
  clusters: RegExp;
};

const callers: Caller[] = [
  { name: 'admin', username: 'admin', grants: () => true, pattern: /^.*$/, clusters: /^.*$/ },
  {
    name: 'reader',
    username: 'reader',
    grants: (r, a) => a === 'READ' || (a === 'READ_CONFIG' && (r === 'TOPIC' || r === 'NODE')),
    pattern: /^.*$/,
    clusters: /^local$/,
  },
  {
    name: 'topic reader on project-a.*',
    username: 'projecta',
    grants: (r, a) =>
      (a === 'READ' && (r === 'TOPIC' || r === 'TOPIC_DATA')) || (r === 'TOPIC' && a === 'READ_CONFIG'),
    pattern: /^project-a\..*$/,
    clusters: /^.*$/,
  },
  {
    name: 'logged in without roles',
    username: 'nobody',
    grants: () => false,
    pattern: /^$/,
    clusters: /^$/,
  },
  { name: 'anonymous', grants: () => false, pattern: /^$/, clusters: /^$/ },
];

const config = testConfig({
  kafkaClient: { connectTimeoutMs: 200, retries: 0 },
  security: {
    enabled: true,
    defaultGroup: null,
    roles: {
      all: [{ resources: [...Resource.options], actions: [...Actions.options] }],
      reader: [
        { resources: [...Resource.options], actions: ['READ'] },
        { resources: ['TOPIC', 'NODE'], actions: ['READ_CONFIG'] },
      ],
      'topic-read': [
        { resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ'] },
        { resources: ['TOPIC'], actions: ['READ_CONFIG'] },
      ],
    },
    groups: {
      admin: [{ role: 'all' }],
      reader: [{ role: 'reader', clusters: ['local'] }],
      'project-a': [{ role: 'topic-read', patterns: ['project-a\\..*'] }],
      empty: [],
    },
    users: [
      { username: 'admin', password: sha256(PASSWORD), groups: ['admin'] },
      { username: 'reader', password: sha256(PASSWORD), groups: ['reader'] },
      { username: 'projecta', password: sha256(PASSWORD), groups: ['project-a'] },
      { username: 'nobody', password: sha256(PASSWORD), groups: ['empty'] },
    ],
  },
});

type Probe = { method: string; url: string; payload?: unknown; name?: string; cluster?: string };

/**
 * One request per route, and per named object where the route checks one: allowed and refused names
 * (and clusters, for checks on a cluster named in the query).
 */
function probes(key: string, access: RouteAccess): Probe[] {
  const [method = 'GET', path = '/'] = key.split(' ');
  const checks = namedChecks(path, access);
  const names: [string | undefined, string | undefined][] = checks.length
    ? [
        ['project-a.orders', 'local'],
        ['other', 'local'],
        ['project-a.orders', 'elsewhere'],
      ]
    : [[undefined, undefined]];
  return names.map(([name, cluster]) => {
    let url = path.replace(/:(\w+)/g, (_all, param: string) => {
      const check = checks.find((c) => c.in === 'param' && c.key === param);
      if (check && name) return encodeURIComponent(name);
      return param === 'cluster' || param === 'toCluster' ? 'local' : param === 'id' ? '1' : 'x';
    });
    let payload: Record<string, unknown> | unknown[] | undefined;
    const query = new URLSearchParams();
    for (const check of checks) {
      const value = check.cluster ? cluster : name;
      if (!value) continue;
      if (check.in === 'query') query.append(check.key, value);
      if (check.in === 'body' && check.key.startsWith('[].')) payload = [{ [check.key.slice(3)]: value }];
      else if (check.in === 'body') payload = { ...payload, [check.key]: value };
    }
    if (query.size) url += `?${query}`;
    return { method, url, payload, name, cluster };
  });
}

function expected(caller: Caller, path: string, access: RouteAccess, probe: Probe): 'allowed' | 401 | 403 {
  const refused = caller.username ? 403 : 401;
  if (access === 'public') return 'allowed';
  if (access === 'anyRole')
    return caller.name.includes('without roles') || !caller.username ? refused : 'allowed';
  const onCluster = path.includes(':cluster') ? caller.clusters.test('local') : true;
  if (!caller.grants(access.resource, access.action) || !onCluster) return refused;
  if (probe.name === undefined) return 'allowed';
  const passes = namedChecks(path, access).every((check) => {
    if (!caller.grants(check.resource ?? access.resource, check.action ?? access.action)) return false;
    if (check.cluster) return caller.clusters.test(probe.cluster ?? '');
    return caller.pattern.test(probe.name ?? '') && caller.clusters.test('local');
  });
  return passes ? 'allowed' : refused;
}

let app: Awaited<ReturnType<typeof buildApp>>;
/** Every guarded route's `METHOD /path` and the access rule it declares. */
const rules = (): [string, RouteAccess][] => declaredRoutes(app).map((route) => [route.key, route.access]);
beforeAll(async () => {
  app = await buildApp(config, { logger: false });
  await app.ready();
});
afterAll(() => app.close());

describe('every route declaring an access rule', () => {
  it('covers every guarded route the app serves', () => {
    const declared = new Set(rules().map(([key]) => key));
    const served = servedRoutes(app).filter((key) => isGuarded(key.split(' ')[1] ?? ''));
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((key) => !declared.has(key))).toEqual([]);
  });

  it.each(callers)(
    'answers $name as its roles say',
    async (caller) => {
      const auth = caller.username
        ? { authorization: `Basic ${Buffer.from(`${caller.username}:${PASSWORD}`).toString('base64')}` }
        : {};
      const rows = await Promise.all(
        rules().flatMap(([key, access]) =>
          probes(key, access).map(async (probe) => {
            const res = await app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              headers: auth,
              ...(probe.payload ? { payload: probe.payload as object } : {}),
            });
            const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
            return {
              route: `${key}${probe.name ? ` [${probe.name} on ${probe.cluster}]` : ''}`,
              got,
              want: expected(caller, key.split(' ')[1] ?? '', access, probe),
            };
          }),
        ),
      );
      expect(rows.filter((r) => r.got !== r.want)).toEqual([]);
      expect(rows.length).toBeGreaterThan(rules().length);
      // Every route once per caller: at a load of 30 on 2 cores the admin's walk passed 5 s.
    },
    30_000,
  );
});

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};
type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, unknown>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/**
 * Every object a route names must say how it is checked: a route cannot land with a topic, group,
 * subject, principal, connector or cluster in its path, query or body that its access rule does not cover
 * with a guard check (`check` or the default path parameter), a `handled` entry saying what the handler
 * does, or, for path parameters, VALUE_PARAMS.
 */
describe('the objects each route names', () => {
  const openapi = async () => {
    const res = await app.inject({ url: '/api/openapi.json' });
    return res.json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema> };
    };
  };

  /** `in.key` of every path parameter, query parameter and top-level body field of each documented route. */
  async function namedParts(): Promise<Map<string, string[]>> {
    const doc = await openapi();
    const resolve = (schema?: Schema): Schema | undefined =>
      schema?.$ref ? doc.components.schemas[schema.$ref.split('/').at(-1) ?? ''] : schema;
    const parts = new Map<string, string[]>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const fields = (operation.parameters ?? []).map(
          (p) => `${p.in === 'path' ? 'param' : p.in}.${p.name}`,
        );
        const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
        const shape = body?.type === 'array' ? resolve(body.items) : body;
        const prefix = body?.type === 'array' ? 'body.[].' : 'body.';
        // A body of several forms (anyOf/oneOf) names every field any form has.
        const forms = [shape, ...(shape?.anyOf ?? []), ...(shape?.oneOf ?? [])].map(resolve);
        const names = new Set(forms.flatMap((form) => Object.keys(form?.properties ?? {})));
        fields.push(...[...names].map((k) => `${prefix}${k}`));
        parts.set(key, fields);
      }
    }
    return parts;
  }

  it('are all checked by the guard or accounted for in the route rule', async () => {
    const parts = await namedParts();
    const unaccounted: string[] = [];
    for (const [key, access] of rules()) {
      if (typeof access === 'string') continue;
      const fields = parts.get(key);
      if (!fields) {
        unaccounted.push(`${key}: not in the OpenAPI document, so its parameters cannot be read`);
        continue;
      }
      const path = key.split(' ')[1] ?? '';
      const checked = new Set(namedChecks(path, access).map((c) => `${c.in}.${c.key}`));
      for (const field of fields) {
        const [where = '', ...rest] = field.split('.');
        const name = rest.join('.');
        const bare = name.replace(/^\[\]\./, '');
        const needsAccount =
          where === 'param' ? name !== 'cluster' && !VALUE_PARAMS.has(name) : NAME_KEYS.has(bare);
        if (needsAccount && !checked.has(field) && !access.handled?.[field]) {
          unaccounted.push(`${key}: ${field}`);
        }
      }
    }
    expect(unaccounted).toEqual([]);
  });

  it('has no handled entry for a part the route does not take', async () => {
    const parts = await namedParts();
    const stale = rules().flatMap(([key, access]) =>
      typeof access === 'string'
        ? []
        : Object.keys(access.handled ?? {})
            .filter((field) => field !== 'answer' && !parts.get(key)?.includes(field))
            .map((field) => `${key}: ${field}`),
    );
    expect(stale).toEqual([]);
  });
});
