/**
 * The MCP endpoint driven by the SDK's own client against a running console and the stack's broker,
 * security off: the tool list is the declared operations', and calls answer what the routes answer.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { auditUntil, call, declaredTools, mcpClient } from './mcp-client.ts';

const kafka = testKafka();
const resourceText = (content: object | undefined) =>
  content && 'text' in content ? String(content.text) : '';
let writable: RunningApp;
let readOnly: RunningApp;
let client: Client;
let topic: string;
let group: string;

beforeAll(async () => {
  topic = await kafka.createTopic(2);
  await kafka.produce(topic, [
    { partition: 0, key: 'o-1', value: '{"id":1,"status":"OK"}' },
    { partition: 0, key: 'o-2', value: '{"id":2,"status":"FAILED"}' },
    { partition: 1, key: 'o-3', value: '{"id":3,"status":"FAILED"}' },
    { partition: 1, key: 'o-4', value: '{"id":4,"status":"OK"}' },
  ]);
  group = await kafka.joinGroup(topic);
  const auditTopic = uniqueName('topic');
  kafka.track(auditTopic);
  [writable, readOnly] = await Promise.all([
    startApp((c) => ({
      ...c,
      mcp: { enabled: true, allowWrites: true },
      audit: { ...c.audit, enabled: true, topic: auditTopic },
    })),
    startApp((c) => ({ ...c, mcp: { enabled: true, allowWrites: false } })),
  ]);
  client = await mcpClient(writable);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await Promise.all([writable?.close(), readOnly?.close()]);
  await kafka.cleanup();
});

describe('MCP tools, security off', () => {
  it('initialises with the SDK client: the server names itself and offers tools, resources and prompts', () => {
    expect(client.getServerVersion()?.name).toBe('kafka-console');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
  });

  it('lists exactly the operations declared as tools: all of them with allowWrites, the read ones without', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(await declaredTools(writable.config, true));
    expect(names).toContain('createTopic');
    const reader = await mcpClient(readOnly);
    const readNames = (await reader.listTools()).tools.map((t) => t.name);
    await reader.close();
    expect(readNames).toEqual(await declaredTools(readOnly.config, false));
    expect(readNames).not.toContain('createTopic');
    expect(readNames).toContain('listTopics');
  });

  it('listTopics answers the same JSON as GET /api/{cluster}/topic', async () => {
    const { isError, json } = await call(client, 'listTopics', { cluster: 'local', search: topic });
    expect(isError).toBe(false);
    const rest = await (await fetch(`${writable.url}/api/local/topic?search=${topic}`)).json();
    expect(json).toEqual(rest);
    expect(json.results.map((t: { name: string }) => t.name)).toEqual([topic]);
  });

  it('getGroup describes a group a real consumer joined: its state and its member on the topic', async () => {
    const { isError, json } = await call(client, 'getGroup', { cluster: 'local', group });
    expect(isError).toBe(false);
    expect(json.id).toBe(group);
    expect(json.state).toBe('STABLE');
    expect(json.members).toHaveLength(1);
    expect(json.activeTopics).toEqual([topic]);
  });

  it('searchTopicData with a CEL filter collects the matches until the search ends', async () => {
    const { isError, json } = await call(client, 'searchTopicData', {
      cluster: 'local',
      topic,
      filter: 'value.status == "FAILED"',
    });
    expect(isError).toBe(false);
    expect(json.records.map((r: { key: string }) => r.key).sort()).toEqual(['o-2', 'o-3']);
    expect(json.reason).toBeDefined();
    expect(json.scanned).toBeDefined();
  });

  it('searchTopicData stops at `limit`, at the end of a batch, with a cursor that goes on, skipping nothing', async () => {
    const first = await call(client, 'searchTopicData', { cluster: 'local', topic, limit: 1, partition: 0 });
    expect(first.json.stopped).toBe('limit');
    expect(first.json.records.length).toBeGreaterThanOrEqual(1);
    const rest = await call(client, 'searchTopicData', {
      cluster: 'local',
      topic,
      partition: 0,
      after: first.json.after,
    });
    expect([...first.json.records, ...rest.json.records].map((r: { key: string }) => r.key)).toEqual([
      'o-1',
      'o-2',
    ]);
  });

  it('tailTopics follows for the seconds asked and answers the new records and where to resume', async () => {
    const started = Date.now();
    const tail = call(client, 'tailTopics', { cluster: 'local', topics: [topic], seconds: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await kafka.produce(topic, [{ partition: 0, key: 'late', value: '{"id":5}' }]);
    const { isError, json } = await tail;
    expect(isError).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(json.records.map((r: { key: string }) => r.key)).toEqual(['late']);
    expect(json.offsets).toEqual(expect.arrayContaining([`${topic},0,3`]));
    expect(json.seconds).toBe(3);
  });

  it('replayTopicData counts first with dryRun, then runs to its end and answers the counts and cursor', async () => {
    const target = await kafka.createTopic(1);
    const body = { toTopic: target, filter: 'value.status == "FAILED"', partitioning: 'key' };
    const counted = await call(client, 'replayTopicData', {
      cluster: 'local',
      topic,
      body: { ...body, dryRun: true },
    });
    expect(counted.isError).toBe(false);
    expect(counted.json).toMatchObject({ matched: 2, targets: { [target]: 2 }, reason: 'end' });
    const ran = await call(client, 'replayTopicData', { cluster: 'local', topic, body });
    expect(ran.isError).toBe(false);
    expect(ran.json).toMatchObject({
      sent: 2,
      targets: { [target]: 2 },
      reason: 'end',
      id: expect.any(String),
    });
    const copied = await (await fetch(`${writable.url}/api/local/topic/${target}/data`)).json();
    expect(copied.results.map((r: { key: string }) => r.key).sort()).toEqual(['o-2', 'o-3']);
  });

  it('refuses a bad argument with an error naming it', async () => {
    const unknown = await call(client, 'getTopic', { cluster: 'local', topic, nme: 'x' });
    expect(unknown.isError).toBe(true);
    expect(unknown.json.fields).toEqual([
      { field: 'nme', message: expect.stringContaining('not an argument') },
    ]);
    const tooLong = await call(client, 'tailTopics', { cluster: 'local', topics: [topic], seconds: 120 });
    expect(tooLong.json.fields?.[0]?.field).toBe('seconds');
    const bad = await call(client, 'createTopic', { cluster: 'local', body: { name: '' } });
    expect(bad.isError).toBe(true);
    expect(bad.json.code).toBe('BAD_REQUEST');
    expect(bad.json.fields?.[0]?.field).toBe('body.name');
  });

  it('createTopic creates the topic with allowWrites on; without it the tool does not exist', async () => {
    const name = uniqueName('topic');
    kafka.track(name);
    const created = await call(client, 'createTopic', { cluster: 'local', body: { name, partition: 3 } });
    expect(created.isError).toBe(false);
    expect(created.json.name).toBe(name);
    const described = await kafka.admin.metadata({ topics: [name] });
    expect(described.topics.get(name)?.partitionsCount).toBe(3);

    const other = uniqueName('topic');
    const reader = await mcpClient(readOnly);
    const refused = await call(reader, 'createTopic', { cluster: 'local', body: { name: other } });
    await reader.close();
    expect(refused.isError).toBe(true);
    expect(refused.json.message).toContain('mcp.allowWrites is off');
    const listed = await (await fetch(`${readOnly.url}/api/local/topic/name`)).json();
    expect(listed).not.toContain(other);
  });

  it('records every tool call in the audit trail with via mcp, reads included', async () => {
    await call(client, 'getTopic', { cluster: 'local', topic });
    const events = await auditUntil(writable, `object=${topic}`, (e) =>
      e.some((event) => event.route === 'GET /api/:cluster/topic/:topic' && event.via === 'mcp'),
    );
    const read = events.find((e) => e.route === 'GET /api/:cluster/topic/:topic');
    expect(read).toMatchObject({ via: 'mcp', action: 'TOPIC:READ', outcome: 'success' });
    const writes = await auditUntil(writable, 'action=TOPIC%3ACREATE', (e) =>
      e.some((event) => event.via === 'mcp'),
    );
    expect(writes.find((e) => e.via === 'mcp')).toMatchObject({
      route: 'POST /api/:cluster/topic',
      outcome: 'success',
    });
  });

  it('answers a GET on the endpoint with 405: it is stateless', async () => {
    const res = await fetch(`${writable.url}/mcp`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('serves the cluster overview and a topic as resources, and the lag prompt', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('kafka-console://clusters/local/overview');
    const topicRead = await client.readResource({ uri: `kafka-console://clusters/local/topics/${topic}` });
    const described = JSON.parse(resourceText(topicRead.contents[0]));
    expect(described.name).toBe(topic);
    expect(described.partitions).toHaveLength(2);
    const overview = await client.readResource({ uri: 'kafka-console://clusters/local/overview' });
    expect(overview.contents[0]?.mimeType).toBe('application/json');
    expect(JSON.parse(resourceText(overview.contents[0]))).toBeTypeOf('object');

    const prompt = await client.getPrompt({
      name: 'diagnose-consumer-lag',
      arguments: { cluster: 'local', group },
    });
    const text = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
    for (const tool of [
      'getGroup',
      'listGroupOffsets',
      'getGroupLagHistory',
      'getGroupLagTime',
      'getTopicRate',
    ])
      expect(text).toContain(tool);
    expect(text).toContain(group);
  });
});
