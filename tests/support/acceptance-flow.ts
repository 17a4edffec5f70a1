/**
 * The acceptance flow a cluster must pass through the console's API, whatever its security: create and
 * list a topic, produce, browse, search, list groups and see a record arrive on a live tail. Used against
 * the secured listeners (tests/integration/connections/).
 */
import { expect } from 'vitest';
import type { DataRecord, SearchBody, TailBody } from '../../packages/contract/src/index.ts';
import { type Answer, request } from './app.ts';
import { sseMessages } from './records.ts';

const call = (base: string, method: string, path: string, body?: unknown): Promise<Answer<unknown>> =>
  request(`${base}${path}`, { method, body });

/** `check` until it is true, or fails naming `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const produce = (base: string, api: string, topic: string, key: string, value: string) =>
  call(base, 'POST', `${api}/topic/${topic}/data`, { key, value, headers: [], multiMessage: false });

export async function acceptanceFlow(base: string, cluster: string, topic: string): Promise<void> {
  const api = `/api/${cluster}`;
  const created = await call(base, 'POST', `${api}/topic`, { name: topic, partition: 1, replication: 1 });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await until(`topic ${topic} in the list`, async () => {
    const list = await call(base, 'GET', `${api}/topic?search=${topic}`);
    return (list.body as { results?: { name: string }[] }).results?.some((t) => t.name === topic) === true;
  });

  const sent = await produce(base, api, topic, 'k1', 'first value');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const page = await call(base, 'GET', `${api}/topic/${topic}/data`);
  expect(page.status).toBe(200);
  expect((page.body as { results: DataRecord[] }).results.map((r) => r.value)).toEqual(['first value']);

  const search = await fetch(`${base}${api}/topic/${topic}/data/search?searchByValue=first`);
  expect(search.status).toBe(200);
  const found: DataRecord[] = [];
  let ended = false;
  for await (const m of sseMessages(search)) {
    if (m.event === 'searchBody') found.push(...((m.data as SearchBody).records ?? []));
    if (m.event === 'searchEnd') ended = true;
  }
  expect(ended).toBe(true);
  expect(found.map((r) => r.key)).toEqual(['k1']);

  expect((await call(base, 'GET', `${api}/group`)).status).toBe(200);

  const controller = new AbortController();
  const tail = await fetch(`${base}${api}/tail/sse?topics=${topic}`, { signal: controller.signal });
  expect(tail.status).toBe(200);
  const events = sseMessages(tail);
  expect((await events.next()).value?.event).toBe('tailBody');
  const timer = setTimeout(() => controller.abort(), 20_000);
  try {
    expect((await produce(base, api, topic, 'k2', 'tailed value')).status).toBe(200);
    const tailed: DataRecord[] = [];
    while (tailed.length === 0) {
      const next = await events.next();
      if (next.done) break;
      tailed.push(...((next.value.data as TailBody).records ?? []));
    }
    expect(tailed.map((r) => r.value)).toEqual(['tailed value']);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
