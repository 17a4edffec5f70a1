import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { stackTool } from '../../support/kafka-tools.ts';

type Entry = {
  name: string;
  value?: string;
  description?: string;
  type: string;
  source: string;
  readOnly: boolean;
  sensitive: boolean;
};

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });
const entry = (entries: Entry[], name: string) => entries.find((e) => e.name === name);

describe('GET /api/{cluster}/topic/{topic}/configs', () => {
  it("lists every config sorted by name, with the broker's description, type and source", async () => {
    const topic = await kafka.createTopic(1, { configs: { 'retention.ms': '7200000' } });
    const { status, body } = await call('GET', `/topic/${topic}/configs`);
    expect(status).toBe(200);
    const entries = body as Entry[];
    const names = entries.map((e) => e.name);
    expect(names).toEqual([...names].sort());
    expect(entry(entries, 'retention.ms')).toEqual({
      name: 'retention.ms',
      value: '7200000',
      description: expect.stringContaining('retain a log'),
      type: 'LONG',
      source: 'DYNAMIC_TOPIC_CONFIG',
      readOnly: false,
      sensitive: false,
    });
    expect(entry(entries, 'cleanup.policy')).toMatchObject({
      type: 'LIST',
      source: 'DEFAULT_CONFIG',
      value: 'delete',
    });
    expect(entry(entries, 'max.message.bytes')).toMatchObject({ type: 'INT' });
  });

  it('gives every value as kafka-configs.sh --describe --all reads it, empty values as ""', async () => {
    const topic = await kafka.createTopic(1);
    const printed = await stackTool('ConfigCommand', [
      '--describe',
      '--all',
      '--entity-type',
      'topics',
      '--entity-name',
      topic,
    ]);
    // `  name=value sensitive=false synonyms={...}`, a value Kafka does not give printed as `null`.
    const cli = new Map(
      [...printed.matchAll(/^\s+([\w.]+)=(.*?) sensitive=(true|false) synonyms=/gm)].map((m) => [m[1], m[2]]),
    );
    const { body } = await call('GET', `/topic/${topic}/configs`);
    const ours = new Map((body as Entry[]).map((e) => [e.name, e.value ?? 'null']));
    expect(cli.size).toBeGreaterThan(30);
    expect(Object.fromEntries(ours)).toEqual(Object.fromEntries(cli));
    expect(ours.get('leader.replication.throttled.replicas')).toBe('');
    expect(entry(body as Entry[], 'follower.replication.throttled.replicas')?.value).toBe('');
  });
});

describe('POST /api/{cluster}/topic/{topic}/configs', () => {
  it('changes only the given keys and answers those (AKHQ answers the changed ones); every other override stays', async () => {
    const topic = await kafka.createTopic(1, {
      configs: { 'retention.ms': '7200000', 'cleanup.policy': 'compact', 'segment.bytes': '20000000' },
    });
    const { status, body } = await call('POST', `/topic/${topic}/configs`, {
      // An unchanged key is not a change: it is left out of the answer, as in AKHQ.
      configs: { 'max.message.bytes': 2_000_000, 'retention.ms': '7200000' },
      clusterId: 'local',
      topicId: topic,
    });
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({
        name: 'max.message.bytes',
        value: '2000000',
        source: 'DYNAMIC_TOPIC_CONFIG',
      }),
    ]);

    const reread = (await call('GET', `/topic/${topic}/configs`)).body as Entry[];
    expect(reread.filter((e) => e.source === 'DYNAMIC_TOPIC_CONFIG').map((e) => [e.name, e.value])).toEqual([
      ['cleanup.policy', 'compact'],
      ['max.message.bytes', '2000000'],
      ['retention.ms', '7200000'],
      ['segment.bytes', '20000000'],
    ]);
  });

  it('removes an override given an empty value, back to the default', async () => {
    const topic = await kafka.createTopic(1, {
      configs: { 'retention.ms': '7200000', 'segment.bytes': '20000000' },
    });
    const changed = (await call('POST', `/topic/${topic}/configs`, { configs: { 'retention.ms': '' } }))
      .body as Entry[];
    expect(changed.map((e) => e.name)).toEqual(['retention.ms']);
    expect(changed[0]?.source).not.toBe('DYNAMIC_TOPIC_CONFIG');
    const entries = (await call('GET', `/topic/${topic}/configs`)).body as Entry[];
    expect(entry(entries, 'retention.ms')?.source).not.toBe('DYNAMIC_TOPIC_CONFIG');
    expect(entry(entries, 'segment.bytes')).toMatchObject({
      value: '20000000',
      source: 'DYNAMIC_TOPIC_CONFIG',
    });
  });

  it("answers 409 with Kafka's reason for a refused value or key, and when nothing would change", async () => {
    const topic = await kafka.createTopic(1, { configs: { 'retention.ms': '7200000' } });
    expect(
      await call('POST', `/topic/${topic}/configs`, { configs: { 'retention.ms': 'forever' } }),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'CONFLICT',
        message: expect.stringContaining('Invalid value forever for configuration retention.ms'),
      },
    });
    expect(await call('POST', `/topic/${topic}/configs`, { configs: { 'no.such.key': '1' } })).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('no.such.key') },
    });
    expect(
      await call('POST', `/topic/${topic}/configs`, { configs: { 'retention.ms': '7200000' } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'No config to update' },
    });
  });

  it('answers 400 naming the field for a malformed body, 404 for an unknown topic', async () => {
    const topic = await kafka.createTopic();
    const bad = await call('POST', `/topic/${topic}/configs`, { configs: 'retention.ms=1' });
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'body.configs' }] } });
    const missing = uniqueName('topic');
    expect(
      await call('POST', `/topic/${missing}/configs`, { configs: { 'retention.ms': '1' } }),
    ).toMatchObject({
      status: 404,
      body: { message: `Topic '${missing}' doesn't exist` },
    });
  });
});
