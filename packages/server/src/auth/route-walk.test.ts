import { createHash } from 'node:crypto';
import { type Action, Action as Actions, Resource } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test-support/config.ts';
import { namedChecks } from './named-checks.ts';
import { ROUTE_ACCESS, type RouteAccess } from './route-permissions.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PASSWORD = 'walk-password';

/** What each caller may do, written out independently of the server's role code. */
type Caller = {
  name: string;
  username?: string;
  grants: (resource: Resource, action: Action) => boolean;
  pattern: RegExp;
};

const callers: Caller[] = [
  { name: 'admin', username: 'admin', grants: () => true, pattern: /^.*$/ },
  {
    name: 'reader',
    username: 'reader',
    grants: (r, a) => a === 'READ' || (a === 'READ_CONFIG' && (r === 'TOPIC' || r === 'NODE')),
    pattern: /^.*$/,
  },
  {
    name: 'topic reader on project-a.*',
    username: 'projecta',
    grants: (r, a) =>
      (a === 'READ' && (r === 'TOPIC' || r === 'TOPIC_DATA')) || (r === 'TOPIC' && a === 'READ_CONFIG'),
    pattern: /^project-a\..*$/,
  },
  { name: 'logged in without roles', username: 'nobody', grants: () => false, pattern: /^$/ },
  { name: 'anonymous', grants: () => false, pattern: /^$/ },
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
      reader: [{ role: 'reader' }],
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

type Probe = { method: string; url: string; payload?: unknown; name?: string };

/** One request per route, and per named object where the route checks one: allowed and refused names. */
function probes(key: string, access: RouteAccess): Probe[] {
  const [method = 'GET', path = '/'] = key.split(' ');
  const checks = namedChecks(path, access);
  const names = checks.length ? ['project-a.orders', 'other'] : [undefined];
  return names.map((name) => {
    let url = path.replace(':cluster', 'local').replace(/:(\w+)/g, (_all, param: string) => {
      const check = checks.find((c) => c.in === 'param' && c.key === param);
      return check && name ? encodeURIComponent(name) : param === 'id' ? '1' : 'x';
    });
    let payload: unknown;
    for (const check of checks) {
      if (check.in === 'query' && name) url += `?${check.key}=${encodeURIComponent(name)}`;
      if (check.in === 'body' && name) payload = { [check.key]: name };
    }
    return { method, url, payload, name };
  });
}

function expected(caller: Caller, access: RouteAccess, name: string | undefined): 'allowed' | 401 | 403 {
  const refused = caller.username ? 403 : 401;
  if (access === 'public') return 'allowed';
  if (access === 'anyRole')
    return caller.name.includes('without roles') || !caller.username ? refused : 'allowed';
  if (!caller.grants(access.resource, access.action)) return refused;
  return name === undefined || caller.pattern.test(name) ? 'allowed' : refused;
}

let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp(config, { logger: false });
  await app.ready();
});
afterAll(() => app.close());

describe('every route in ROUTE_ACCESS', () => {
  it('is a route the app serves', () => {
    const missing = Object.keys(ROUTE_ACCESS).filter((key) => {
      const [method = '', url = ''] = key.split(' ');
      return !app.hasRoute({ method: method as 'GET', url });
    });
    expect(missing).toEqual([]);
  });

  it.each(callers)('answers $name as its roles say', async (caller) => {
    const auth = caller.username
      ? { authorization: `Basic ${Buffer.from(`${caller.username}:${PASSWORD}`).toString('base64')}` }
      : {};
    const rows = await Promise.all(
      Object.entries(ROUTE_ACCESS).flatMap(([key, access]) =>
        probes(key, access).map(async (probe) => {
          const res = await app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers: auth,
            ...(probe.payload ? { payload: probe.payload as object } : {}),
          });
          const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
          return {
            route: `${key}${probe.name ? ` [${probe.name}]` : ''}`,
            got,
            want: expected(caller, access, probe.name),
          };
        }),
      ),
    );
    expect(rows.filter((r) => r.got !== r.want)).toEqual([]);
    expect(rows.length).toBeGreaterThan(Object.keys(ROUTE_ACCESS).length);
  });
});
