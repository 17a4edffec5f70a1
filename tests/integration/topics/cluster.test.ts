import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('cluster routes on the real stack', () => {
  it('lists the local cluster with its registry, Connect and ksqlDB', async () => {
    expect(await getJson(`${app.url}/api/cluster`)).toEqual({
      status: 200,
      body: [
        { id: 'local', registry: true, registryType: 'CONFLUENT', connects: ['local'], ksqldbs: ['local'] },
      ],
    });
  });

  it('describes the real broker and its controller', async () => {
    const { status, body } = await getJson(`${app.url}/api/local/node`);
    expect(status).toBe(200);
    const [host, port] = bootstrap().split(':');
    const node = { id: 1, host, port: Number(port) };
    const kafka = testKafka();
    try {
      // AKHQ's Cluster: Kafka's cluster id, the nodes, and the controller as a node.
      const { id } = await kafka.admin.metadata({ topics: [] });
      expect(body).toEqual({ id, nodes: [node], controller: node });
    } finally {
      await kafka.cleanup();
    }
  });

  it('is ready when the broker answers, and counts requests in /metrics', async () => {
    expect(await getJson(`${app.url}/ready`)).toEqual({
      status: 200,
      body: { ready: true, clusters: [{ id: 'local', ready: true }] },
    });
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/ready",status="200"\} [1-9]/,
    );
  });

  it('talks to the broker the test helpers talk to', async () => {
    const kafka = testKafka();
    try {
      const topic = await kafka.createTopic(3);
      const metadata = await kafka.admin.metadata({ topics: [topic] });
      expect(metadata.topics.get(topic)?.partitionsCount).toBe(3);
    } finally {
      await kafka.cleanup();
    }
  });
});

describe('a cluster whose brokers are down', () => {
  let mixed: RunningApp;
  beforeAll(async () => {
    mixed = await startApp((config) => {
      const local = config.clusters.local;
      if (!local) throw new Error('the stack config has no cluster named local');
      const down = { ...local, properties: { 'bootstrap.servers': '127.0.0.1:1' } };
      return { ...config, clusters: { ...config.clusters, down } };
    });
  });
  afterAll(() => mixed.close());

  it('answers its routes with 503 naming it, while the other cluster keeps working', async () => {
    const started = Date.now();
    expect(await getJson(`${mixed.url}/api/down/node`)).toMatchObject({
      status: 503,
      body: {
        code: 'CLUSTER_CONNECTION_REFUSED',
        message:
          "Cluster 'down': connection refused by 127.0.0.1:1; is the broker running, and is this its port?",
      },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await getJson(`${mixed.url}/api/local/node`)).status).toBe(200);
    expect(await getJson(`${mixed.url}/ready`)).toMatchObject({
      status: 503,
      body: {
        ready: false,
        clusters: [
          { id: 'local', ready: true },
          { id: 'down', ready: false, code: 'CLUSTER_CONNECTION_REFUSED' },
        ],
      },
    });
  });
});
