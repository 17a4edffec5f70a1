/**
 * Round trips with another client (issue "Records", Tests): Confluent's own serializers (Python
 * confluent-kafka) write Avro, JSON Schema and Protobuf values the console reads, and read back what the
 * console produced through the same registry subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import {
  confluentConsume,
  confluentProduce,
  installConfluentClient,
  type SerdeArgs,
} from '../../support/confluent-client.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
const subjects: string[] = [];
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const schemas = {
  avro: JSON.stringify({
    type: 'record',
    name: 'Person',
    namespace: 'interop',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'age', type: 'int' },
    ],
  }),
  json: JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Person',
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'integer' } },
    required: ['name', 'age'],
    additionalProperties: false,
  }),
  // What serde.py's message class is.
  protobuf:
    'syntax = "proto3";\npackage interop;\n\nmessage Person {\n  string name = 1;\n  int32 age = 2;\n}\n',
};
const schemaTypes = { avro: 'AVRO', json: 'JSON', protobuf: 'PROTOBUF' } as const;

async function register(subject: string, format: SerdeArgs['format']): Promise<void> {
  const res = await fetch(`${env('SCHEMA_REGISTRY_URL')}/subjects/${encodeURIComponent(subject)}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
    body: JSON.stringify({ schema: schemas[format], schemaType: schemaTypes[format] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  subjects.push(subject);
}

type Rec = { key?: string; value?: string; valueSchemaId?: string; exceptions: string[] };

beforeAll(async () => {
  await installConfluentClient();
  app = await startApp();
}, 240_000);
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
  for (const subject of subjects) {
    const path = `${env('SCHEMA_REGISTRY_URL')}/subjects/${encodeURIComponent(subject)}`;
    await fetch(path, { method: 'DELETE' });
    await fetch(`${path}?permanent=true`, { method: 'DELETE' });
  }
});

describe("Confluent's serializers and the console, both ways", () => {
  it.each(['avro', 'json', 'protobuf'] as const)('%s', async (format) => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const args: SerdeArgs = {
      bootstrap: env('KAFKA_BOOTSTRAP'),
      registry: env('SCHEMA_REGISTRY_URL'),
      topic,
      format,
      schema: schemas[format],
    };
    await register(`${topic}-value`, format);

    await confluentProduce({ ...args, key: 'from-confluent', value: { name: 'Ada', age: 36 } });
    const read = (await getJson(`${app.url}/api/local/topic/${topic}/data`)) as { body: { results: Rec[] } };
    const [written] = read.body.results;
    expect(written).toMatchObject({ key: 'from-confluent', exceptions: [] });
    expect(written?.valueSchemaId).toMatch(/^\d+$/);
    expect(JSON.parse(written?.value ?? '')).toEqual({ name: 'Ada', age: 36 });

    const produced = await fetch(`${app.url}/api/local/topic/${topic}/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: 'from-console',
        value: JSON.stringify({ name: 'Bob', age: 7 }),
        valueSchema: `${topic}-value`,
        headers: [],
        multiMessage: false,
      }),
    });
    expect(produced.status, await produced.clone().text()).toBe(200);
    expect(await confluentConsume({ ...args, count: 2 })).toEqual([
      { name: 'Ada', age: 36 },
      { name: 'Bob', age: 7 },
    ]);
  });
});
