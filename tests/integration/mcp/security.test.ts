/**
 * The MCP endpoint with security on: the same credentials, rights, masking and audit as the API, because
 * every tool call runs through its route as the caller.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { auditUntil, call, mcpClient } from './mcp-client.ts';

const kafka = testKafka();
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const CARD = '4111111111111111';
const ISSUER = 'http://127.0.0.1:1/realms/kafka';

let app: RunningApp;
let topic: string;
let reader: Client;
let admin: Client;

beforeAll(async () => {
  topic = await kafka.createTopic(1, { name: `pay-${uniqueName('topic')}` });
  await kafka.produce(topic, [
    { partition: 0, key: 'c-1', value: JSON.stringify({ card: CARD, note: 'first' }) },
  ]);
  const auditTopic = uniqueName('topic');
  kafka.track(auditTopic);
  const secured = withSecurity({
    defaultGroup: null,
    masking: [
      { topics: ['pay-.*'], paths: ['value.card'], mask: 'KEEP_LAST', keep: 4, unmaskedFor: ['operators'] },
    ],
    oidc: {
      providers: {
        idp: {
          issuer: ISSUER,
          clientId: 'console',
          allowInsecureHttp: true,
          accessTokens: { audience: 'http://127.0.0.1/mcp' },
        },
        // Sign-in only: its tokens are not taken, so it is not an authorization server of /mcp.
        web: { issuer: 'http://127.0.0.1:1/realms/web', clientId: 'console', allowInsecureHttp: true },
      },
    },
    groups: {
      readers: [{ role: 'reader' }],
      operators: [{ role: 'reader' }, { role: 'topic-admin' }, { role: 'audit-reader' }],
    },
    users: [
      { username: 'ann', password: sha256('pw'), groups: ['readers'] },
      { username: 'ops', password: sha256('pw'), groups: ['operators'] },
    ],
  });
  app = await startApp((c) => ({
    ...secured(c),
    mcp: { enabled: true, allowWrites: true },
    audit: { ...c.audit, enabled: true, topic: auditTopic },
  }));
  reader = await mcpClient(app, basic('ann'));
  admin = await mcpClient(app, basic('ops'));
}, 60_000);

afterAll(async () => {
  await Promise.all([reader?.close(), admin?.close()]);
  await app?.close();
  await kafka.cleanup();
});

describe('MCP with security on', () => {
  it('answers an unauthenticated call 401 with the protected resource metadata link', async () => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    const link = `${app.url}/.well-known/oauth-protected-resource/mcp`;
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${link}"`);
    expect((await res.json()).code).toBe('UNAUTHORIZED');

    const metadata = await (await fetch(link)).json();
    expect(metadata).toMatchObject({
      resource: `${app.url}/mcp`,
      authorization_servers: [ISSUER],
      bearer_methods_supported: ['header'],
    });
    expect(metadata.scopes_supported).toContain('openid');
    expect(await (await fetch(`${app.url}/.well-known/oauth-protected-resource`)).json()).toEqual(metadata);
  });

  it('refuses wrong Basic credentials as the API does', async () => {
    const wrong = { authorization: `Basic ${Buffer.from('ann:wrong').toString('base64')}` };
    await expect(mcpClient(app, wrong)).rejects.toThrow(/Invalid username or password/);
  });

  it('takes a session token from POST /login as Bearer', async () => {
    const login = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ann', password: 'pw' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const bearer = await mcpClient(app, { authorization: `Bearer ${token}` });
    const { json } = await call(bearer, 'getMe');
    await bearer.close();
    expect(json).toMatchObject({ logged: true, username: 'ann' });
  });

  it("gives a reader the masked value, exactly as the API's answer, and an operator the clear one", async () => {
    const seen = await call(reader, 'browseTopicData', { cluster: 'local', topic });
    expect(JSON.parse(seen.json.results[0].value).card).toBe('****1111');
    const rest = await (
      await fetch(`${app.url}/api/local/topic/${topic}/data`, { headers: basic('ann') })
    ).json();
    expect(seen.json.results).toEqual(rest.results);

    const found = await call(reader, 'searchTopicData', { cluster: 'local', topic, searchByValue: 'first' });
    expect(JSON.parse(found.json.records[0].value).card).toBe('****1111');
    // Masking comes before the search: the clear number finds nothing for a masked caller.
    const byCard = await call(reader, 'searchTopicData', { cluster: 'local', topic, searchByValue: CARD });
    expect(byCard.json.records).toEqual([]);

    const clear = await call(admin, 'browseTopicData', { cluster: 'local', topic });
    expect(JSON.parse(clear.json.results[0].value).card).toBe(CARD);
  });

  it("refuses a reader's write with the API's 403, though the tool is listed", async () => {
    expect((await reader.listTools()).tools.map((t) => t.name)).toContain('createTopic');
    const name = uniqueName('topic');
    const refused = await call(reader, 'createTopic', { cluster: 'local', body: { name } });
    expect(refused.isError).toBe(true);
    expect(refused.json).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Unauthorized: missing permission on resource TOPIC and action CREATE',
    });
    expect(await kafka.admin.listTopics()).not.toContain(name);
  });

  it('audits each call as its user, with via mcp, refusals included; a forged marker header counts for nothing', async () => {
    await call(reader, 'getTopic', { cluster: 'local', topic });
    // The same read over REST with a made-up marker: audited as a plain API read? No: reads are not
    // audited without audit.reads, and the forged header does not make it an MCP call.
    const forged = await fetch(`${app.url}/api/local/topic/${topic}`, {
      headers: { ...basic('ann'), 'x-console-via': 'mcp:AAAA' },
    });
    expect(forged.status).toBe(200);
    const events = await auditUntil(
      app,
      'user=ann',
      (e) =>
        e.some((x) => x.action === 'TOPIC:CREATE') &&
        e.some((x) => x.route === 'GET /api/:cluster/topic/:topic'),
      basic('ops'),
    );
    const reads = events.filter((e) => e.route === 'GET /api/:cluster/topic/:topic');
    expect(reads).toEqual([expect.objectContaining({ via: 'mcp', outcome: 'success', object: topic })]);
    expect(events.find((e) => e.action === 'TOPIC:CREATE')).toMatchObject({ via: 'mcp', outcome: 'refused' });
    // Only the login of an earlier test came another way.
    expect(events.filter((e) => e.via !== 'mcp').map((e) => e.route)).toEqual(['POST /login']);
  });
});
