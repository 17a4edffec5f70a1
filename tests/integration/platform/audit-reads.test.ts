/**
 * `audit.reads`: with it on, every read of record data (browse, one record, search,
 * download, live tail) is an event in the audit topic naming the reader and the topic; with it off, only
 * writes are. Both servers share the stack's broker, each with its own audit topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { sseMessages } from '../../support/records.ts';

const kafka = testKafka();
let topic: string;
let reading: RunningApp;
let quiet: RunningApp;

type AuditAnswer = {
  results: { user: string; action: string; object?: string; route: string }[];
  total: number;
};

async function withAudit(reads: boolean): Promise<RunningApp> {
  const auditTopic = uniqueName('topic');
  kafka.track(auditTopic);
  return startApp((config) => ({
    ...config,
    audit: { ...config.audit, enabled: true, topic: auditTopic, reads },
  }));
}

const trail = async (app: RunningApp, query: string): Promise<AuditAnswer> =>
  (await (await fetch(`${app.url}/api/audit?${query}`)).json()) as AuditAnswer;

/** Polls the trail until `enough` holds (the index follows the topic), answering the last trail read. */
async function trailUntil(app: RunningApp, query: string, enough: (a: AuditAnswer) => boolean) {
  const until = Date.now() + 30_000;
  let answer = await trail(app, query);
  while (!enough(answer) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await trail(app, query);
  }
  return answer;
}

/** Every way record data is read: a page, one record, a search, a download and a moment of live tail. */
async function readEveryWay(app: RunningApp): Promise<void> {
  const api = `${app.url}/api/local`;
  expect((await fetch(`${api}/topic/${topic}/data`)).status).toBe(200);
  expect((await fetch(`${api}/topic/${topic}/data/record/0/0`)).status).toBe(200);
  const search = await fetch(`${api}/topic/${topic}/data/search?searchByValue=order`);
  for await (const message of sseMessages(search)) if (message.event === 'searchEnd') break;
  expect(await (await fetch(`${api}/topic/${topic}/data/download?format=json`)).text()).toContain('order-1');
  const tail = new AbortController();
  const live = await fetch(`${api}/tail/sse?topics=${topic}`, { signal: tail.signal });
  expect(live.status).toBe(200);
  tail.abort();
}

beforeAll(async () => {
  topic = await kafka.createTopic(1);
  await kafka.produce(topic, [
    { partition: 0, key: 'a', value: '{"id":"order-1"}' },
    { partition: 0, key: 'b', value: '{"id":"order-2"}' },
  ]);
  [reading, quiet] = await Promise.all([withAudit(true), withAudit(false)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([reading?.close(), quiet?.close()]);
  await kafka.cleanup();
});

describe('audit.reads', () => {
  it('on: every way of reading record data is in the trail, naming the topic', async () => {
    await readEveryWay(reading);
    const query = `action=${encodeURIComponent('TOPIC_DATA:READ')}&object=${topic}`;
    const seen = await trailUntil(reading, query, (a) => a.total >= 5);
    const routes = seen.results.map((event) => event.route);
    for (const path of ['/data', '/data/record/', '/data/search', '/data/download'])
      expect(
        routes.some((route) => route.includes(path)),
        `a read through ${path}`,
      ).toBe(true);
    expect(routes.some((route) => route.includes('/tail/sse'))).toBe(true);
    expect(seen.results.every((event) => event.object?.includes(topic))).toBe(true);
  });

  it('off: reads leave no event, writes still do', async () => {
    await readEveryWay(quiet);
    const made = uniqueName('topic');
    kafka.track(made);
    const create = await fetch(`${quiet.url}/api/local/topic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: made, partition: 1, replication: 1 }),
    });
    expect(create.status).toBeLessThan(300);
    // The write's event follows the reads in the topic: once the index holds it, it holds any read too.
    expect((await trailUntil(quiet, `object=${made}`, (a) => a.total > 0)).total).toBe(1);
    expect((await trail(quiet, `action=${encodeURIComponent('TOPIC_DATA:READ')}`)).total).toBe(0);
  });
});
