/**
 * A console whose Kafka principal has limited rights (User:reader: DESCRIBE and READ on `public-` topics
 * and groups, DESCRIBE on the cluster), and one whose OAuth tokens live 12 s on a listener that asks for
 * re-authentication every 10 s (KIP-368): what it may do works, what it may not answers 403 naming
 * Kafka's refusal, never a 5xx, and a live tail and searches keep working across re-authentications.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord, TailBody } from '../../../packages/contract/src/index.ts';
import { onlyClusters, type RunningApp, request, startApp } from '../../support/app.ts';
import { sseMessages } from '../../support/records.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';

let broker: SecureBroker;
let app: RunningApp;
let counter: Server;
let tokensIssued = 0;
const id = randomUUID().slice(0, 8);
const publicTopic = `public-${id}`;
const privateTopic = `test-topic-private-${id}`;

/** The issuer's short-token endpoint behind a proxy that counts the tokens the console asks for. */
async function countingTokenEndpoint(target: string): Promise<string> {
  counter = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    tokensIssued++;
    const answer = await fetch(target, {
      method: 'POST',
      headers: {
        authorization: req.headers.authorization ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(counter.address() as AddressInfo).port}/token`;
}

beforeAll(async () => {
  broker = await secureBroker();
  const { certs, users, listeners } = broker;
  const scram = (user: { name: string; password: string }) => ({
    'bootstrap.servers': listeners.saslSsl.bootstrap,
    'security.protocol': 'SASL_SSL',
    'sasl.mechanism': 'SCRAM-SHA-512',
    'sasl.jaas.config': `org.apache.kafka.common.security.scram.ScramLoginModule required username="${user.name}" password="${user.password}";`,
    'ssl.ca.location': certs.caPem,
  });
  const shortTokens = await countingTokenEndpoint(broker.tokenEndpointFor(12));
  const oauth = {
    'bootstrap.servers': listeners.oauth.bootstrap,
    'security.protocol': 'SASL_PLAINTEXT',
    'sasl.mechanism': 'OAUTHBEARER',
    'sasl.oauthbearer.token.endpoint.url': shortTokens,
    'sasl.jaas.config': `org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required clientId="${broker.oauthClient.id}" clientSecret="${broker.oauthClient.secret}" scope="kafka";`,
  };
  app = await startApp(onlyClusters({ owner: scram(users.console), reader: scram(users.reader), oauth }));
  for (const topic of [publicTopic, privateTopic]) {
    expect(
      (await send('POST', '/api/owner/topic', { name: topic, partition: 1, replication: 1 })).status,
    ).toBe(200);
    await eventually(async () => (await send('GET', `/api/owner/topic/${topic}`)).status === 200);
    const produced = await send('POST', `/api/owner/topic/${topic}/data`, {
      value: `in ${topic}`,
      headers: [],
      multiMessage: false,
    });
    expect(produced.status).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  await app?.close();
  counter?.close();
  await broker?.stop();
});

const send = (method: string, path: string, body?: unknown) => request(`${app.url}${path}`, { method, body });

async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a console principal with limited rights', () => {
  it('lists only the topics Kafka lets it describe, and reads their records', async () => {
    const list = await send('GET', `/api/reader/topic?search=${id}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect((list.body as { results: { name: string }[] }).results.map((t) => t.name)).toEqual([publicTopic]);
    const data = await send('GET', `/api/reader/topic/${publicTopic}/data`);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect((data.body as { results: DataRecord[] }).results.map((r) => r.value)).toEqual([
      `in ${publicTopic}`,
    ]);
  });

  it('answers 403 naming Kafka’s refusal for what it may not do, and keeps the user signed in', async () => {
    const create = await send('POST', '/api/reader/topic', {
      name: `public-new-${id}`,
      partition: 1,
      replication: 1,
    });
    expect(create).toMatchObject({ status: 403, body: { code: 'KAFKA_AUTHORIZATION_FAILED' } });
    expect(create.body.message).toMatch(
      /^Kafka refused the console's principal on cluster 'reader': (TOPIC|CLUSTER)_AUTHORIZATION_FAILED/,
    );
    const produce = await send('POST', `/api/reader/topic/${publicTopic}/data`, {
      value: 'x',
      headers: [],
      multiMessage: false,
    });
    expect(produce).toMatchObject({ status: 403, body: { code: 'KAFKA_AUTHORIZATION_FAILED' } });
  });

  it('answers every page it opens with what it may see or a 4xx, never a 5xx', async () => {
    const pages = [
      '/api/reader/topic',
      `/api/reader/topic/${publicTopic}`,
      `/api/reader/topic/${publicTopic}/partitions`,
      `/api/reader/topic/${publicTopic}/configs`,
      `/api/reader/topic/${privateTopic}`,
      `/api/reader/topic/${privateTopic}/data`,
      '/api/reader/group',
      '/api/reader/node',
      '/api/reader/acls',
    ];
    const answers = await Promise.all(
      pages.map(async (page) => [page, (await send('GET', page)).status] as const),
    );
    expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
    expect(Object.fromEntries(answers)[`/api/reader/topic/${publicTopic}`]).toBe(200);
  });
});

describe('OAUTHBEARER tokens that expire, on a listener that re-authenticates every 10 s', () => {
  it('keeps a live tail and searches working across re-authentications, with fresh tokens', async () => {
    const topic = `test-topic-reauth-${id}`;
    expect(
      (await send('POST', '/api/oauth/topic', { name: topic, partition: 1, replication: 1 })).status,
    ).toBe(200);
    await eventually(async () => (await send('GET', `/api/oauth/topic/${topic}`)).status === 200);
    const before = tokensIssued;
    const controller = new AbortController();
    const tail = await fetch(`${app.url}/api/oauth/tail/sse?topics=${topic}`, { signal: controller.signal });
    const events = sseMessages(tail);
    expect((await events.next()).value?.event).toBe('tailBody');
    const seen: string[] = [];
    const reading = (async () => {
      for await (const m of events)
        seen.push(...((m.data as TailBody).records ?? []).map((r) => String(r.value)));
    })().catch(() => {});
    const sent: string[] = [];
    const failures: number[] = [];
    // 26 s: more than two re-authentication periods and two token lifetimes.
    for (let i = 0; i < 13; i++) {
      const value = `record ${i}`;
      const produced = await send('POST', `/api/oauth/topic/${topic}/data`, {
        value,
        headers: [],
        multiMessage: false,
      });
      if (produced.status !== 200) failures.push(produced.status);
      else sent.push(value);
      const search = await fetch(`${app.url}/api/oauth/topic/${topic}/data/search?searchByValue=record`);
      if (search.status !== 200) failures.push(search.status);
      await search.text();
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await eventually(async () => seen.length >= sent.length, 10_000).catch(() => {});
    controller.abort();
    await reading;
    expect(failures).toEqual([]);
    expect(seen).toEqual(sent);
    expect(tokensIssued - before).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
