import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';
import { sha256, withSecurity } from '../../support/security.ts';

// Issue 37 item 4: fake records from a template or a registry subject, written through the console.
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const admin = basic('admin');
const tag = randomUUID().slice(0, 8);
const kafka = testKafka();
const subjects: string[] = [];
let app: RunningApp;

beforeAll(async () => {
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        all: [{ resources: ['TOPIC', 'TOPIC_DATA', 'SCHEMA'], actions: ['READ', 'CREATE', 'DELETE'] }],
        reads: [{ resources: ['TOPIC', 'TOPIC_DATA', 'SCHEMA'], actions: ['READ'] }],
        'data-writer': [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ', 'CREATE'] }],
      },
      groups: {
        admin: [{ role: 'all' }],
        reader: [{ role: 'reads' }],
        writer: [{ role: 'data-writer' }],
      },
      users: [
        { username: 'admin', password: sha256('pw'), groups: ['admin'] },
        { username: 'reader', password: sha256('pw'), groups: ['reader'] },
        { username: 'writer', password: sha256('pw'), groups: ['writer'] },
      ],
    }),
  );
});
afterAll(async () => {
  for (const subject of subjects) {
    await request(`${app.url}/api/local/schema/${encodeURIComponent(subject)}`, {
      method: 'DELETE',
      headers: admin,
    });
  }
  await app.close();
  await kafka.cleanup();
});

type Rec = { key?: string; value?: string; valueSchemaId?: string; exceptions: string[] };

const generate = (topic: string, body: unknown, query = '', headers = admin): Promise<Answer> =>
  request(`${app.url}/api/local/topic/${encodeURIComponent(topic)}/data/generate${query}`, {
    method: 'POST',
    body,
    headers,
  });

async function topicOf(partitions = 1): Promise<string> {
  const topic = await kafka.createTopic(partitions);
  await waitForTopic(kafka.admin, topic, partitions);
  return topic;
}

/** Every record of the topic, decoded by the console, in offset order (one partition). */
async function records(topic: string): Promise<Rec[]> {
  const answer = await request(`${app.url}/api/local/topic/${topic}/data?sort=OLDEST&size=200`, {
    headers: admin,
  });
  expect(answer.status).toBe(200);
  return answer.body.results as Rec[];
}

/** Records in the topic's one partition, by its end offset. */
async function countOf(topic: string): Promise<number> {
  const ends = await kafka.admin.listOffsets({
    topics: [{ name: topic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
  });
  return Number(ends[0]?.partitions[0]?.offset);
}

/** A subject registered through the console's own schema API. */
async function registerSubject(subject: string, schemaType: 'AVRO' | 'JSON', schema: unknown) {
  const answer = await request(`${app.url}/api/local/schema`, {
    method: 'POST',
    headers: admin,
    body: { subject, schema: JSON.stringify(schema), schemaType },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  subjects.push(subject);
  return answer.body.id as number;
}

const template = {
  id: '{{faker.string.uuid}}',
  name: '{{faker.person.firstName}}',
  age: '{{faker.number.int({"min":18,"max":90})}}',
  vip: '{{faker.datatype.boolean}}',
  n: '{{index}}',
  greeting: 'Hello {{faker.person.firstName}} #{{index}}',
};

describe('generate from a template', () => {
  it('writes `count` records whose values are JSON with the template’s types', async () => {
    const topic = await topicOf();
    const answer = await generate(topic, { template, keyTemplate: 'user-{{index}}', count: 25 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ written: 25 });
    const written = await records(topic);
    expect(written).toHaveLength(25);
    written.forEach((record, i) => {
      const value = JSON.parse(record.value ?? '');
      expect(record.key).toBe(`user-${i}`);
      expect(value.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(typeof value.name).toBe('string');
      expect(Number.isInteger(value.age) && value.age >= 18 && value.age <= 90).toBe(true);
      expect(typeof value.vip).toBe('boolean');
      expect(value.n).toBe(i);
      expect(value.greeting).toMatch(new RegExp(`^Hello \\S+ #${i}$`));
    });
  });

  it('the same seed writes the same values twice', async () => {
    const [a, b] = [await topicOf(), await topicOf()];
    for (const topic of [a, b]) {
      expect((await generate(topic, { template, count: 10, seed: 1234 })).body).toEqual({ written: 10 });
    }
    const values = async (topic: string) => (await records(topic)).map((r) => r.value);
    expect(await values(a)).toEqual(await values(b));
    const other = await generate(a, { template, count: 10, seed: 99 }, '?preview=3');
    expect(other.body.preview.map((p: { value: string }) => p.value)).not.toEqual(
      (await values(a)).slice(0, 3),
    );
  });

  it('a preview answers generated records and writes nothing', async () => {
    const topic = await topicOf();
    const answer = await generate(
      topic,
      { template, keyTemplate: '{{faker.string.uuid}}', count: 1000 },
      '?preview=5',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.written).toBe(0);
    expect(answer.body.preview).toHaveLength(5);
    for (const { key, value } of answer.body.preview) {
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof JSON.parse(value).age).toBe('number');
    }
    expect(await countOf(topic)).toBe(0);
  });

  it('refuses an unknown faker method with a 400 naming it', async () => {
    const topic = await topicOf();
    const answer = await generate(topic, { template: { a: '{{faker.person.nope}}' }, count: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([
      { field: 'body.template', message: expect.stringContaining('{{faker.person.nope}}') },
    ]);
    expect(await countOf(topic)).toBe(0);
  });

  it('refuses expressions that reach for code or prototypes, writing nothing', async () => {
    const topic = await topicOf();
    for (const expression of ['{{constructor.constructor("return process")()}}', '{{faker.__proto__}}']) {
      const answer = await generate(topic, { template: { a: expression }, count: 1 });
      expect(answer.status, expression).toBe(400);
      expect(answer.body.fields[0].field).toBe('body.template');
      expect(answer.body.message).toContain(expression);
    }
    expect(await countOf(topic)).toBe(0);
  });

  it('asks for exactly one source and one amount, naming the field', async () => {
    const topic = await topicOf();
    const both = await generate(topic, { template, subject: 'x', count: 1 });
    expect(both.status).toBe(400);
    expect(both.body.fields[0].field).toBe('body.template');
    const neither = await generate(topic, { count: 1 });
    expect(neither.body.fields[0].field).toBe('body.subject');
    const noAmount = await generate(topic, { template });
    expect(noAmount.body.fields[0].field).toBe('body.count');
    const tooMany = await generate(topic, { template, count: 1_000_001 });
    expect(tooMany.body.fields[0].field).toBe('body.count');
  });

  it('rate mode paces the records over the duration: 50 a second for 2 s', async () => {
    const topic = await topicOf();
    const started = Date.now();
    const answer = await generate(topic, { template, ratePerSecond: 50, durationSeconds: 2 });
    const took = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.written).toBeGreaterThanOrEqual(90);
    expect(answer.body.written).toBeLessThanOrEqual(110);
    expect(took).toBeGreaterThanOrEqual(1_800);
    expect(took).toBeLessThan(8_000);
    expect(await countOf(topic)).toBe(answer.body.written);
  });
});

describe('a client that leaves', () => {
  it('stops a rate-mode run: the topic stops growing well short of the total', async () => {
    const topic = await topicOf();
    const leave = new AbortController();
    const call = fetch(`${app.url}/api/local/topic/${topic}/data/generate`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ template, ratePerSecond: 100, durationSeconds: 30 }),
      signal: leave.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    leave.abort();
    await call;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const settled = await countOf(topic);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await countOf(topic)).toBe(settled);
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan(600);
  });
});

describe('generate from a registry subject', () => {
  it('Avro: every record decodes through the console with the subject’s schema id and conforms', async () => {
    const topic = await topicOf();
    const id = await registerSubject(`${topic}-value`, 'AVRO', {
      type: 'record',
      name: 'Customer',
      namespace: `gen${tag}`,
      fields: [
        { name: 'id', type: { type: 'string', logicalType: 'uuid' } },
        { name: 'email', type: 'string' },
        { name: 'age', type: 'int' },
        { name: 'createdAt', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'tier', type: { type: 'enum', name: 'Tier', symbols: ['GOLD', 'SILVER'] } },
        { name: 'tags', type: { type: 'array', items: 'string' } },
        { name: 'nickname', type: ['null', 'string'], default: null },
        { name: 'balance', type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 } },
      ],
    });
    const answer = await generate(topic, { subject: `${topic}-value`, count: 30 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ written: 30 });
    const written = await records(topic);
    expect(written).toHaveLength(30);
    for (const record of written) {
      expect(record.exceptions).toEqual([]);
      expect(record.valueSchemaId).toBe(String(id));
      const value = JSON.parse(record.value ?? '');
      expect(value.email).toMatch(/@/);
      expect(Number.isInteger(value.age)).toBe(true);
      expect(['GOLD', 'SILVER']).toContain(value.tier);
      expect(Math.abs(Date.now() - value.createdAt)).toBeLessThan(31 * 86_400_000);
      expect(value.nickname === null || typeof value.nickname === 'string').toBe(true);
    }
  });

  it('JSON Schema: every value validates against the schema', async () => {
    const topic = await topicOf();
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Reading',
      type: 'object',
      required: ['sensorId', 'celsius', 'unit', 'readings'],
      additionalProperties: false,
      properties: {
        sensorId: { type: 'string', format: 'uuid' },
        celsius: { type: 'number', minimum: -40, maximum: 60 },
        unit: { enum: ['C'] },
        code: { type: 'string', pattern: '^[A-Z]{2}[0-9]{3}$' },
        readings: {
          type: 'array',
          minItems: 1,
          maxItems: 5,
          items: { type: 'integer', minimum: 0, maximum: 9 },
        },
        label: { type: 'string', minLength: 2, maxLength: 6 },
      },
    };
    await registerSubject(`${topic}-value`, 'JSON', schema);
    const answer = await generate(topic, { subject: `${topic}-value`, count: 20, seed: 3 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const written = await records(topic);
    expect(written).toHaveLength(20);
    // The schema's rules, checked one by one here (the tests have no JSON Schema validator of their own).
    const allowed = new Set(Object.keys(schema.properties));
    for (const record of written) {
      expect(record.exceptions).toEqual([]);
      const value = JSON.parse(record.value ?? '');
      for (const key of schema.required) expect(value, key).toHaveProperty(key);
      for (const key of Object.keys(value)) expect(allowed.has(key), key).toBe(true);
      expect(value.sensorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(typeof value.celsius === 'number' && value.celsius >= -40 && value.celsius <= 60).toBe(true);
      expect(value.unit).toBe('C');
      if ('code' in value) expect(value.code).toMatch(/^[A-Z]{2}[0-9]{3}$/);
      expect(value.readings.length >= 1 && value.readings.length <= 5).toBe(true);
      for (const n of value.readings) expect(Number.isInteger(n) && n >= 0 && n <= 9).toBe(true);
      if ('label' in value) expect(value.label.length >= 2 && value.label.length <= 6).toBe(true);
    }
  });

  it('Protobuf: every record decodes through the console with the subject’s schema id', async () => {
    const topic = await topicOf();
    const proto = `syntax = "proto3";
message Shipment {
  string shipment_id = 1;
  string city = 2;
  Kind kind = 3;
  repeated Parcel parcels = 4;
  map<string, int32> counts = 5;
  enum Kind { STANDARD = 0; EXPRESS = 1; }
}
message Parcel { double weight = 1; int64 created_at = 2; }`;
    const answer = await request(`${app.url}/api/local/schema`, {
      method: 'POST',
      headers: admin,
      body: { subject: `${topic}-value`, schema: proto, schemaType: 'PROTOBUF' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    subjects.push(`${topic}-value`);
    const generated = await generate(topic, { subject: `${topic}-value`, count: 10 });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const written = await records(topic);
    expect(written).toHaveLength(10);
    for (const record of written) {
      expect(record.exceptions).toEqual([]);
      expect(record.valueSchemaId).toBe(String(answer.body.id));
      const value = JSON.parse(record.value ?? '');
      expect(['STANDARD', 'EXPRESS']).toContain(value.kind ?? 'STANDARD');
      expect(Array.isArray(value.parcels)).toBe(true);
    }
  });

  it('an unknown subject is a 404 naming body.subject', async () => {
    const topic = await topicOf();
    const answer = await generate(topic, { subject: `no-such-${tag}`, count: 1 });
    expect(answer.status).toBe(404);
    expect(answer.body.fields[0].field).toBe('body.subject');
  });
});

describe('permissions', () => {
  it('a role without TOPIC_DATA CREATE is refused with 403, and nothing is written', async () => {
    const topic = await topicOf();
    const answer = await generate(topic, { template, count: 5 }, '', basic('reader'));
    expect(answer.status).toBe(403);
    expect(await countOf(topic)).toBe(0);
  });

  it('writing from a subject also needs SCHEMA READ on it', async () => {
    const topic = await topicOf();
    await registerSubject(`${topic}-value`, 'AVRO', {
      type: 'record',
      name: 'R',
      fields: [{ name: 'a', type: 'string' }],
    });
    const writer = basic('writer');
    expect((await generate(topic, { template, count: 1 }, '', writer)).status).toBe(200);
    expect((await generate(topic, { subject: `${topic}-value`, count: 1 }, '', writer)).status).toBe(403);
  });
});
