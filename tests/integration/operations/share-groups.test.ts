// Share groups (KIP-932) on the stack's broker, with Kafka's own ConsoleShareConsumer as the member and
// ShareGroupCommand as the other side of every read and write.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { bootstrap, testKafka, uniqueName } from '../../support/kafka.ts';
import { ensureToolsJar, kafkaTool, toolsClasspath } from '../../support/kafka-tools.ts';

let app: RunningApp;
const kafka = testKafka();
let topic: string;
const group = uniqueName('group');
let consumer: ChildProcess | undefined;
let consumed = 0;

beforeAll(async () => {
  app = await startApp();
  topic = await kafka.createTopic(2);
  await ensureToolsJar();
}, 120_000);

afterAll(async () => {
  consumer?.kill('SIGKILL');
  await kafka.admin.deleteGroups({ groups: [group] }).catch(() => undefined);
  await kafka.cleanup();
  await app?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const shareTool = (args: string[]) =>
  kafkaTool('consumer.group.ShareGroupCommand', ['--bootstrap-server', bootstrap(), ...args]);

/** Rows of ShareGroupCommand's offsets table for the topic: partition → [start offset, lag]. */
async function toolOffsets(): Promise<Map<number, [string, string]>> {
  const out = await shareTool(['--describe', '--group', group, '--offsets']);
  const rows = out.split('\n').filter((line) => line.includes(topic));
  return new Map(
    rows.map((line) => {
      const cols = line.trim().split(/\s+/);
      const at = cols.indexOf(topic);
      return [Number(cols[at + 1]), [cols[at + 2] ?? '', cols[at + 3] ?? '']];
    }),
  );
}

describe('share groups', () => {
  it("lists and describes a live share group's member and assignment as ShareGroupCommand does", async () => {
    consumer = spawn(
      process.env.JAVA ?? 'java',
      [
        '-Xmx256m',
        '-XX:TieredStopAtLevel=1',
        '-cp',
        toolsClasspath(),
        'org.apache.kafka.tools.consumer.ConsoleShareConsumer',
        '--bootstrap-server',
        bootstrap(),
        '--topic',
        topic,
        '--group',
        group,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    consumer.stdout?.on('data', (chunk: Buffer) => {
      consumed += chunk
        .toString()
        .split('\n')
        .filter((l) => l.startsWith('v')).length;
    });

    const described = await until(
      () => call('GET', `/share-groups/${group}`),
      (r) => r.status === 200 && r.body.members.length === 1 && r.body.members[0].assignments.length === 2,
    );
    expect(described.body).toMatchObject({ id: group, type: 'share', state: 'STABLE' });
    const [member] = described.body.members;
    expect(member.assignments).toEqual([
      { topic, partition: 0 },
      { topic, partition: 1 },
    ]);
    expect(member.subscribedTopics).toEqual([topic]);
    const members = await shareTool(['--describe', '--group', group, '--members']);
    expect(members).toContain(member.memberId);
    expect(members).toContain(member.clientId);

    const listed = await call('GET', `/share-groups?search=${group}`);
    expect(listed.body.results).toEqual([{ id: group, type: 'share', state: 'STABLE' }]);
    expect(await shareTool(['--list'])).toContain(group);
    // A share group is no consumer group: the consumer group list leaves it out.
    const consumers = await call('GET', `/group?search=${group}`);
    expect(consumers.body.results).toEqual([]);
  });

  it('shows start offsets and lag as they move, equal to what ShareGroupCommand reports', async () => {
    await kafka.produce(
      topic,
      Array.from({ length: 10 }, (_, i) => ({ partition: i % 2, value: `v${i}` })),
    );
    await until(
      async () => consumed,
      (n) => n >= 10,
    );
    // Every record acknowledged: nothing left to deliver on either partition.
    const offsets = await until(
      () => call('GET', `/share-groups/${group}`),
      (r) => r.body.offsets.length === 2 && r.body.offsets.every((o: { lag?: number }) => o.lag === 0),
    );
    const ours = offsets.body.offsets as { partition: number; startOffset: number; lag: number }[];
    expect(ours.map((o) => [o.partition, o.lag])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect([...(await toolOffsets())]).toEqual(ours.map((o) => [o.partition, [String(o.startOffset), '0']]));
  });

  it("refuses a reset and a delete while the group has members, with Kafka's reason", async () => {
    const reset = await call('POST', `/share-groups/${group}/offsets`, [
      { topic, partition: 0, to: 'EARLIEST' },
    ]);
    expect(reset.status).toBe(409);
    expect(reset.body.message).toBeTruthy();
    expect((await call('DELETE', `/share-groups/${group}`)).status).toBe(409);
  });

  it('resets start offsets once the group is empty, as ShareGroupCommand then shows', async () => {
    consumer?.kill('SIGTERM');
    await until(
      () => call('GET', `/share-groups/${group}`),
      (r) => r.body.state === 'EMPTY',
    );
    const reset = await call('POST', `/share-groups/${group}/offsets`, [
      { topic, partition: 0, to: 'EARLIEST' },
      { topic, partition: 1, offset: 3 },
    ]);
    expect(reset.status).toBe(204);
    expect([...(await toolOffsets())]).toEqual([
      [0, ['0', '5']],
      [1, ['3', '2']],
    ]);
    // And the other way: Kafka's tool resets, the console reads it.
    await shareTool(['--reset-offsets', '--group', group, '--topic', topic, '--to-latest', '--execute']);
    const after = await call('GET', `/share-groups/${group}`);
    expect(after.body.offsets.map((o: { startOffset: number }) => o.startOffset)).toEqual([5, 5]);
  });

  it('refuses bad input naming the field, and a partition the topic lacks', async () => {
    const both = await call('POST', `/share-groups/${group}/offsets`, [
      { topic, partition: 0, offset: 1, to: 'LATEST' },
    ]);
    expect(both.status).toBe(400);
    expect(both.body.fields[0].field).toContain('body.0');
    const missing = await call('POST', `/share-groups/${group}/offsets`, [
      { topic, partition: 7, offset: 0 },
    ]);
    expect(missing.status).toBe(404);
    expect(missing.body.fields).toEqual([{ field: 'body.0.partition', message: 'no such partition' }]);
    expect((await call('GET', `/share-groups/${uniqueName('group')}`)).status).toBe(404);
  });

  it('deletes an empty share group, which ShareGroupCommand then no longer lists', async () => {
    expect((await call('DELETE', `/share-groups/${group}`)).status).toBe(204);
    expect(await shareTool(['--list'])).not.toContain(group);
    expect((await call('GET', `/share-groups?search=${group}`)).body).toMatchObject({
      results: [],
      total: 0,
    });
  });
});
