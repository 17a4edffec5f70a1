import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectDefinition, ConnectorOffsets } from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { eventually, send } from '../../support/upstreams.ts';
import { connectApi, connectorState, direct, lines, newConnectorName, SINK, SOURCE } from './support.ts';

// KIP-875 through the console against the stack's real worker: every answer is compared with what
// Connect's own REST API answers, and the effect is read where the connector leaves it (the topic, the file).
let app: RunningApp;
let dir: string;
const kafka = testKafka();
const connectors: string[] = [];
const api = connectApi(() => app);

beforeAll(async () => {
  app = await startApp();
  dir = await mkdtemp(join(tmpdir(), 'connect-offsets-'));
});
afterAll(async () => {
  for (const name of connectors) await direct(`/connectors/${name}`, 'DELETE').catch(() => undefined);
  await app?.close();
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** The values in a topic, oldest first, read through the console. */
async function values(topic: string): Promise<string[]> {
  const page = await send<{ results: { value?: string }[] }>(
    `${app.url}/api/local/topic/${topic}/data?sort=OLDEST&partition=All`,
  );
  return page.body.results.map((r) => r.value ?? '');
}

describe('a source connector: stop, read, alter and resume its offsets', () => {
  it('re-reads its file from the position an alteration gives it', { timeout: 180_000 }, async () => {
    const name = newConnectorName();
    connectors.push(name);
    const file = join(dir, `${name}.txt`);
    await writeFile(file, 'one\ntwo\nthree\n');
    const topic = await kafka.createTopic(1);
    const created = await api('', 'POST', {
      name,
      configs: { 'connector.class': SOURCE, file, topic, 'tasks.max': '1' },
    });
    expect(created.status).toBe(200);
    await eventually(
      () => values(topic),
      (v) => v.length === 3,
      60_000,
    );

    // While it runs, Connect refuses an offsets change: the console says so with its own code.
    const refused = await api<{ code: string; message: string }>(`/${name}/offsets`, 'PATCH', {
      offsets: [{ partition: { filename: file }, offset: { position: 4 } }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONNECTOR_NOT_STOPPED');
    expect(refused.body.message).toMatch(/stop the connector first/);
    expect((await api<{ code: string }>(`/${name}/offsets`, 'DELETE')).body.code).toBe(
      'CONNECTOR_NOT_STOPPED',
    );

    // The committed position (end of file) as the console and as Connect report it.
    const read = await eventually(
      () => api<ConnectorOffsets>(`/${name}/offsets`),
      (a) => a.body.offsets?.[0]?.offset?.position === 14,
    );
    expect(read.body).toEqual((await direct(`/connectors/${name}/offsets`)).body);
    expect(read.body).toEqual({ offsets: [{ partition: { filename: file }, offset: { position: 14 } }] });

    expect((await api(`/${name}/stop`, 'POST')).status).toBe(204);
    const status = await connectorState(name, 'STOPPED');
    const shown = await eventually(
      () => api<ConnectDefinition>(`/${name}`),
      (a) => a.body.state === 'STOPPED',
    );
    expect(shown.body.state).toBe(status.body.connector?.state);

    // A partition the plugin does not know is bad input, named.
    const bad = await api<{ code: string; fields: { field: string; message: string }[] }>(
      `/${name}/offsets`,
      'PATCH',
      { offsets: [{ partition: { nope: file }, offset: { position: 4 } }] },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({
      field: 'body.offsets',
      message: expect.stringMatching(/filename/),
    });

    const altered = await api<{ message: string }>(`/${name}/offsets`, 'PATCH', {
      offsets: [{ partition: { filename: file }, offset: { position: 4 } }],
    });
    expect(altered).toMatchObject({ status: 200, body: { message: expect.stringMatching(/altered/) } });
    const after = await api<ConnectorOffsets>(`/${name}/offsets`);
    expect(after.body).toEqual({ offsets: [{ partition: { filename: file }, offset: { position: 4 } }] });
    expect(after.body).toEqual((await direct(`/connectors/${name}/offsets`)).body);

    expect((await api(`/${name}/resume`, 'POST')).status).toBe(204);
    const again = await eventually(
      () => values(topic),
      (v) => v.length === 5,
      60_000,
    );
    expect(again.slice(3).map((v) => JSON.parse(v))).toEqual(['two', 'three']);
  });
});

describe('a sink connector: reset its offsets', () => {
  it('consumes its topic again from the start after a reset', { timeout: 180_000 }, async () => {
    const name = newConnectorName();
    connectors.push(name);
    const file = join(dir, `${name}.out`);
    const topic = await kafka.createTopic(1);
    // The worker's converter is JSON: each value is a JSON string, written to the file as its text.
    await kafka.produce(topic, [
      { partition: 0, value: '"alpha"' },
      { partition: 0, value: '"beta"' },
    ]);
    const created = await api('', 'POST', {
      name,
      configs: { 'connector.class': SINK, file, topics: topic, 'tasks.max': '1' },
    });
    expect(created.status).toBe(200);
    await eventually(
      () => lines(file),
      (l) => l.length === 2,
      60_000,
    );

    const read = await eventually(
      () => api<ConnectorOffsets>(`/${name}/offsets`),
      (a) => a.body.offsets?.[0]?.offset?.kafka_offset === 2,
    );
    expect(read.body).toEqual({
      offsets: [{ partition: { kafka_topic: topic, kafka_partition: 0 }, offset: { kafka_offset: 2 } }],
    });
    expect(read.body).toEqual((await direct(`/connectors/${name}/offsets`)).body);

    expect((await api(`/${name}/stop`, 'POST')).status).toBe(204);
    await connectorState(name, 'STOPPED');
    // The sink's consumer group empties as its tasks stop; until then Connect may refuse the reset.
    const reset = await eventually(
      () => api<{ message: string }>(`/${name}/offsets`, 'DELETE'),
      (a) => a.status === 200,
    );
    expect(reset.body.message).toMatch(/reset/);
    const empty = await api<ConnectorOffsets>(`/${name}/offsets`);
    expect(empty.body).toEqual({ offsets: [] });
    expect(empty.body).toEqual((await direct(`/connectors/${name}/offsets`)).body);

    expect((await api(`/${name}/resume`, 'POST')).status).toBe(204);
    const written = await eventually(
      () => lines(file),
      (l) => l.length === 4,
      60_000,
    );
    expect(written).toEqual(['alpha', 'beta', 'alpha', 'beta']);
  });
});

describe('offsets of a connector the worker lacks', () => {
  it('answers 404 for stop and offsets of an unknown connector', async () => {
    const name = newConnectorName();
    expect(await api(`/${name}/stop`, 'POST')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await api(`/${name}/offsets`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses an alteration that is not a list of partition and offset objects, naming the field', async () => {
    const name = newConnectorName();
    const answer = await api<{ fields: { field: string }[] }>(`/${name}/offsets`, 'PATCH', {
      offsets: [{ partition: 'x', offset: 1 }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f) => f.field)).toContain('body.offsets.0.partition');
    const none = await api(`/${name}/offsets`, 'PATCH', { offsets: [] });
    expect(none.status).toBe(400);
  });
});
