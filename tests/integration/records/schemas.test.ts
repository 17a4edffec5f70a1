import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
const subjects: string[] = [];
const registry = () => {
  const url = process.env.SCHEMA_REGISTRY_URL;
  if (!url) throw new Error('SCHEMA_REGISTRY_URL is not set');
  return url;
};

async function register(
  subject: string,
  schemaType: 'AVRO' | 'JSON' | 'PROTOBUF',
  schema: string,
): Promise<number> {
  const res = await fetch(`${registry()}/subjects/${encodeURIComponent(subject)}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
    body: JSON.stringify({ schema, ...(schemaType === 'AVRO' ? {} : { schemaType }) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  subjects.push(subject);
  return ((await res.json()) as { id: number }).id;
}

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
  for (const subject of subjects) {
    const path = `${registry()}/subjects/${encodeURIComponent(subject)}`;
    await fetch(path, { method: 'DELETE' });
    await fetch(`${path}?permanent=true`, { method: 'DELETE' });
  }
});

type Rec = {
  partition: number;
  offset: number;
  key?: string;
  value?: string;
  keySchemaId?: string;
  valueSchemaId?: string;
  keySubject?: string;
  valueSubject?: string;
  exceptions: string[];
  valueBase64?: boolean;
};

async function produce(topic: string, body: Record<string, unknown>) {
  const res = await fetch(`${app.url}/api/local/topic/${topic}/data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ headers: [], multiMessage: false, ...body }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Rec[] & { message?: string; fields?: { field: string }[] },
  };
}

async function records(topic: string, query = ''): Promise<Rec[]> {
  const { body } = (await getJson(`${app.url}/api/local/topic/${topic}/data${query}`)) as {
    body: { results: Rec[] };
  };
  return body.results;
}

/** The Confluent framing written by hand: magic 0, the id, then (for Protobuf) the message indexes. */
function framed(id: number, payload: Buffer, indexes?: number[]): Buffer {
  const head = Buffer.alloc(5);
  head.writeInt32BE(id, 1);
  const zigzag = (n: number) => (n << 1) ^ (n >> 31);
  const path = indexes
    ? Buffer.from(indexes.length === 1 && indexes[0] === 0 ? [0] : [indexes.length, ...indexes].map(zigzag))
    : Buffer.alloc(0);
  return Buffer.concat([head, path, payload]);
}

/** Avro binary of a string or an int, written by hand (a second, independent encoder). */
const avroString = (s: string) => Buffer.concat([Buffer.from([Buffer.byteLength(s) * 2]), Buffer.from(s)]);
const avroInt = (n: number) => Buffer.from([n * 2]);

describe('Avro through the registry', () => {
  it('encodes produced JSON with the subject schema and decodes it back, with ids and names', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const valueId = await register(
      `${topic}-value`,
      'AVRO',
      JSON.stringify({
        type: 'record',
        name: 'Person',
        namespace: 'test.people',
        fields: [
          { name: 'name', type: 'string' },
          { name: 'age', type: 'int' },
          { name: 'big', type: 'long' },
          { name: 'nick', type: ['null', 'string'], default: null },
          { name: 'tags', type: { type: 'array', items: 'string' } },
        ],
      }),
    );
    const keyId = await register(`${topic}-key`, 'AVRO', '"string"');
    const value = '{"name":"Ada","age":36,"big":9007199254740993,"nick":"ada","tags":["x","y"]}';
    const sent = await produce(topic, {
      key: 'person-1',
      value,
      keySchema: `${topic}-key`,
      valueSchema: `${topic}-value`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body[0]).toMatchObject({ keySchemaId: String(keyId), valueSchemaId: String(valueId) });

    // Another client: the Confluent framing and Avro binary written by hand.
    const other = Buffer.concat([
      avroString('Bob'),
      avroInt(7),
      Buffer.from([0]),
      Buffer.from([0]),
      Buffer.from([0]),
    ]);
    await produceMany(topic, 1, () => ({ partition: 0, key: 'person-2', value: framed(valueId, other) }));

    const [first, second] = await records(topic);
    expect(first).toMatchObject({
      key: 'person-1',
      keySchemaId: String(keyId),
      valueSchemaId: String(valueId),
      valueSubject: 'test.people.Person',
      exceptions: [],
    });
    expect(JSON.parse(first?.value ?? '')).toEqual({
      name: 'Ada',
      age: 36,
      big: 9007199254740992,
      nick: 'ada',
      tags: ['x', 'y'],
    });
    expect(first?.value).toContain('"big":9007199254740993');
    expect(JSON.parse(second?.value ?? '')).toEqual({ name: 'Bob', age: 7, big: 0, nick: null, tags: [] });

    const bySubject = await records(topic, '?sort=OLDEST');
    expect(bySubject).toHaveLength(2);
    const search = await fetch(
      `${app.url}/api/local/topic/${topic}/data/search?searchByValueSubject=people.person_C&searchByValue=bob_C`,
    );
    expect(await search.text()).toContain('"key":"person-2"');
  });

  it('refuses a value that does not fit the schema, naming the field', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    await register(
      `${topic}-value`,
      'AVRO',
      JSON.stringify({ type: 'record', name: 'N', fields: [{ name: 'n', type: 'int' }] }),
    );
    const bad = await produce(topic, { value: '{"n":"seven"}', valueSchema: `${topic}-value` });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field).toBe('body.value');
    const unknown = await produce(topic, { value: '{}', valueSchema: `${topic}-nope` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields?.[0]?.field).toBe('body.valueSchema');
  });
});

describe('JSON Schema through the registry', () => {
  it('validates and frames produced JSON, and decodes it back', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const id = await register(
      `${topic}-value`,
      'JSON',
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        title: 'Order',
        type: 'object',
        properties: { id: { type: 'integer' }, item: { type: 'string' } },
        required: ['id'],
      }),
    );
    const sent = await produce(topic, { value: '{ "id": 3, "item": "tea" }', valueSchema: `${topic}-value` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const invalid = await produce(topic, { value: '{"item":"no id"}', valueSchema: `${topic}-value` });
    expect(invalid.status).toBe(400);
    await produceMany(topic, 1, () => ({ partition: 0, value: framed(id, Buffer.from('{"id":4}')) }));
    const [ours, theirs] = await records(topic);
    expect(ours).toMatchObject({
      value: '{"id":3,"item":"tea"}',
      valueSchemaId: String(id),
      valueSubject: 'Order',
    });
    expect(theirs).toMatchObject({ value: '{"id":4}', valueSchemaId: String(id), exceptions: [] });
  });
});

describe('Protobuf through the registry', () => {
  it('encodes the first message, decodes any message by its index path', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const id = await register(
      `${topic}-value`,
      'PROTOBUF',
      [
        'syntax = "proto3";',
        'package shop;',
        'message Item { string name = 1; int64 count = 2; }',
        'message Order { string order_id = 1; repeated Item items = 2; }',
      ].join('\n'),
    );
    const sent = await produce(topic, {
      value: '{"name":"pen","count":"12"}',
      valueSchema: `${topic}-value`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Another client writes an Order (message index 1): order_id "o-9", one item {name "ink"}.
    const item = Buffer.from([0x0a, 3, ...Buffer.from('ink')]);
    const order = Buffer.concat([Buffer.from([0x0a, 3, ...Buffer.from('o-9'), 0x12, item.length]), item]);
    await produceMany(topic, 1, () => ({ partition: 0, value: framed(id, order, [1]) }));
    const [ours, theirs] = await records(topic);
    expect(ours).toMatchObject({ valueSchemaId: String(id), valueSubject: 'shop.Item', exceptions: [] });
    expect(JSON.parse(ours?.value ?? '')).toEqual({ name: 'pen', count: '12' });
    expect(theirs).toMatchObject({ valueSubject: 'shop.Order', exceptions: [] });
    expect(JSON.parse(theirs?.value ?? '')).toEqual({ orderId: 'o-9', items: [{ name: 'ink' }] });
  });
});

describe('decoding failures', () => {
  it('keep the record, report the problem and fall back to the raw bytes', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const id = await register(
      `${topic}-value`,
      'AVRO',
      JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'n', type: 'long' }] }),
    );
    await produceMany(topic, 2, (i) => ({
      partition: 0,
      value: i === 0 ? framed(987_654_321, Buffer.from('hello')) : framed(id, Buffer.from([0xff])),
    }));
    const [unknown, broken] = await records(topic);
    expect(unknown?.valueSchemaId).toBe('987654321');
    expect(unknown?.exceptions[0]).toContain('987654321');
    expect(unknown?.value).toBeDefined();
    expect(broken?.valueSchemaId).toBe(String(id));
    expect(broken?.exceptions[0]).toContain(`Schema ${id} (AVRO)`);
    expect(broken?.valueBase64).toBe(true);
  });
});
