/**
 * Decoding without a registry: records written by Python's protobuf, fastavro and msgpack
 * (through confluent-kafka) read through `clusters.local.deserialization`, records the console produces with
 * the same settings read back by those libraries, and the format detected on topics with no settings.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRecord } from '../../../packages/contract/src/index.ts';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import { getJson, type RunningApp, request, startApp } from '../../support/app.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';
import {
  installPythonFormats,
  type PythonFormat,
  pythonConsume,
  pythonProduce,
  writeDescriptorSet,
} from '../../support/python-formats.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
const prefix = `test-topic-formats-${randomUUID()}`;
const dir = mkdtempSync(join(tmpdir(), 'formats-'));
const files = {
  descriptorSet: join(dir, 'shop.desc'),
  protoDir: join(dir, 'protos'),
  avsc: join(dir, 'reading.avsc'),
};

/** The same definitions formats.py builds, as .proto source. */
function writeProtoDir(): void {
  mkdirSync(join(files.protoDir, 'common'), { recursive: true });
  mkdirSync(join(files.protoDir, 'shop'), { recursive: true });
  writeFileSync(
    join(files.protoDir, 'common', 'money.proto'),
    'syntax = "proto3";\npackage common;\n\nmessage Money {\n  string currency = 1;\n  int64 cents = 2;\n}\n',
  );
  writeFileSync(
    join(files.protoDir, 'shop', 'order.proto'),
    'syntax = "proto3";\npackage shop;\n\nimport "common/money.proto";\n\nenum Status {\n  NEW = 0;\n  PAID = 1;\n}\n\n' +
      'message Order {\n  string order_id = 1;\n  common.Money total = 2;\n  repeated string tags = 3;\n  Status status = 4;\n}\n',
  );
}

const avroSchema = {
  type: 'record',
  name: 'Reading',
  namespace: 'iot',
  fields: [
    { name: 'sensor', type: 'string' },
    { name: 'at', type: 'long' },
    { name: 'celsius', type: 'double' },
    { name: 'note', type: ['null', 'string'], default: null },
  ],
};

type Case = {
  name: string;
  topic: string;
  python: Omit<PythonFormat, 'bootstrap' | 'topic'>;
  records: { key: number; value: unknown }[];
  /** What the console shows for each record's value. */
  shown: string[];
  format: { key: 'INT' | 'LONG'; value: 'PROTOBUF' | 'AVRO' | 'MSGPACK' };
  subject?: string;
  /** A value produced through the console, as the produce form's JSON. */
  produced: string;
};

const order = (id: string, cents: string) => ({
  order_id: id,
  total: { currency: 'EUR', cents },
  tags: ['gift'],
  status: 'PAID',
});
const orderText = (id: string, cents: string) =>
  `{"order_id":"${id}","total":{"currency":"EUR","cents":"${cents}"},"tags":["gift"],"status":"PAID"}`;

const cases: Case[] = [
  {
    name: 'Protobuf from a descriptor set, LONG keys',
    topic: `${prefix}-pdesc`,
    python: { format: 'protobuf', keyFormat: 'long' },
    records: [
      { key: -42, value: order('o-1', '9007199254740993') },
      { key: 1234567890123, value: order('o-2', '-5') },
    ],
    shown: [orderText('o-1', '9007199254740993'), orderText('o-2', '-5')],
    format: { key: 'LONG', value: 'PROTOBUF' },
    subject: 'shop.Order',
    produced: '{"orderId":"o-3","total":{"currency":"USD","cents":"12"},"status":"PAID"}',
  },
  {
    name: 'Protobuf from a folder of .proto files, INT keys',
    topic: `${prefix}-pdir`,
    python: { format: 'protobuf', keyFormat: 'int' },
    records: [{ key: 7, value: order('o-9', '100') }],
    shown: [orderText('o-9', '100')],
    format: { key: 'INT', value: 'PROTOBUF' },
    subject: 'shop.Order',
    produced: '{"order_id":"o-10","tags":["a","b"]}',
  },
  {
    name: 'Avro from a schema file (raw binary), INT keys',
    topic: `${prefix}-avro`,
    python: { format: 'avro', keyFormat: 'int', avsc: files.avsc },
    records: [
      { key: 1, value: { sensor: 's-1', at: 1714560896789, celsius: 21.5, note: null } },
      { key: -2, value: { sensor: 's-2', at: -1, celsius: -3.25, note: 'cold' } },
    ],
    shown: [
      '{"sensor":"s-1","at":1714560896789,"celsius":21.5,"note":null}',
      '{"sensor":"s-2","at":-1,"celsius":-3.25,"note":"cold"}',
    ],
    format: { key: 'INT', value: 'AVRO' },
    subject: 'iot.Reading',
    produced: '{"sensor":"s-3","at":5,"celsius":0.5,"note":"from the console"}',
  },
  {
    name: 'MessagePack, LONG keys',
    topic: `${prefix}-msgpack`,
    python: { format: 'msgpack', keyFormat: 'long' },
    records: [
      {
        key: 3,
        value: { id: { $int: '9007199254740993' }, raw: { $bytes: 'AQI=' }, list: [1, 2.5, null, true] },
      },
      { key: -3, value: { id: { $int: '-9223372036854775808' }, text: 'naïve', empty: {} } },
    ],
    shown: [
      '{"id":9007199254740993,"raw":"AQI=","list":[1,2.5,null,true]}',
      '{"id":-9223372036854775808,"text":"naïve","empty":{}}',
    ],
    format: { key: 'LONG', value: 'MSGPACK' },
    produced: '{"name":"x","n":-1,"nested":{"ok":false}}',
  },
];

function configured(raw: Config): Config {
  const local = raw.clusters.local;
  if (!local) throw new Error('the stack config has no cluster local');
  const deserialization: Config['clusters'][string]['deserialization'] = [
    {
      topics: [`${prefix}-pdesc.*`],
      key: { format: 'LONG' },
      value: { format: 'PROTOBUF', descriptorSet: files.descriptorSet, messageType: 'shop.Order' },
    },
    {
      topics: [`${prefix}-pdir`],
      key: { format: 'INT' },
      value: { format: 'PROTOBUF', protoDir: files.protoDir, messageType: 'shop.Order' },
    },
    { topics: [`${prefix}-avro`], key: { format: 'INT' }, value: { format: 'AVRO', schemaFile: files.avsc } },
    { topics: [`${prefix}-msgpack`], key: { format: 'LONG' }, value: { format: 'MSGPACK' } },
  ];
  return { ...raw, clusters: { ...raw.clusters, local: { ...local, deserialization } } };
}

beforeAll(async () => {
  writeProtoDir();
  writeFileSync(files.avsc, JSON.stringify(avroSchema));
  await installPythonFormats();
  await writeDescriptorSet(files.descriptorSet);
  for (const c of cases) {
    await kafka.createTopic(1, { name: c.topic });
    await waitForTopic(kafka.admin, c.topic);
  }
  app = await startApp(configured);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await kafka.cleanup();
});

async function page(topic: string): Promise<DataRecord[]> {
  const { status, body } = await getJson(`${app.url}/api/local/topic/${topic}/data`);
  expect(status).toBe(200);
  return (body as { results: DataRecord[] }).results;
}

const produce = (topic: string, body: Record<string, unknown>) =>
  request(`${app.url}/api/local/topic/${topic}/data`, {
    method: 'POST',
    body: { headers: [], multiMessage: false, ...body },
  });

describe('records written by Python libraries, read through the configured formats', () => {
  it.each(cases)('$name: read, then produced by the console and read back by Python', async (c) => {
    const args = { bootstrap: bootstrap(), topic: c.topic, ...c.python };
    await pythonProduce({ ...args, records: c.records });
    const read = await page(c.topic);
    expect(read.map((r) => r.value)).toEqual(c.shown);
    expect(read.map((r) => r.key)).toEqual(c.records.map((r) => String(r.key)));
    for (const r of read) {
      expect(r).toMatchObject({ format: c.format, exceptions: [] });
      expect(r.valueSubject).toBe(c.subject);
    }

    const sent = await produce(c.topic, { key: '77', value: c.produced });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body[0]).toMatchObject({ format: c.format });
    const back = await pythonConsume({ ...args, count: c.records.length + 1 });
    expect(back.map((r) => r.key)).toEqual([...c.records.map((r) => r.key), 77]);
    const theirs = back.at(-1)?.value;
    const expected = JSON.parse(c.produced);
    if (c.python.format === 'protobuf') {
      // Python's JSON mapping: proto field names, defaults left out, int64 as a string.
      const { orderId, ...rest } = expected;
      expect(theirs).toEqual(orderId ? { order_id: orderId, ...rest } : expected);
    } else {
      expect(theirs).toEqual(expected);
    }
  });

  it('refuses to produce what the format cannot encode, naming the field; writes nothing', async () => {
    const [proto, , avro, msgpack] = cases.map((c) => c.topic);
    const bad = [
      [proto, { key: 'x', value: '{}' }, 'body.key'],
      [proto, { key: '1', value: '{"nope":1}' }, 'body.value'],
      [avro, { key: '1', value: '{"sensor":"s"}' }, 'body.value'],
      [msgpack, { key: '1', value: 'not json' }, 'body.value'],
    ] as const;
    const before = await Promise.all([proto, avro, msgpack].map((t) => page(t ?? '')));
    for (const [topic, body, field] of bad) {
      const res = await produce(topic ?? '', body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([expect.objectContaining({ field })]);
    }
    const after = await Promise.all([proto, avro, msgpack].map((t) => page(t ?? '')));
    expect(after).toEqual(before);
  });

  it('decodes the live tail through the configured format', async () => {
    const topic = cases[3]?.topic ?? '';
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(), 15_000);
    try {
      const res = await fetch(`${app.url}/api/local/tail/sse?topics=${topic}`, { signal: controller.signal });
      const events = sseMessages(res);
      expect((await events.next()).value?.event).toBe('tailBody'); // the starting offsets
      expect((await produce(topic, { key: '5', value: '{"live":true}' })).status).toBe(200);
      let record: DataRecord | undefined;
      while (!record) {
        const next = await events.next();
        if (next.done) break;
        record = (next.value.data as { records?: DataRecord[] }).records?.[0];
      }
      expect(record).toMatchObject({ key: '5', value: '{"live":true}', format: cases[3]?.format });
    } finally {
      clearTimeout(deadline);
      controller.abort();
    }
  });

  it('shows a record the configured format cannot read as it is, with the reason', async () => {
    const topic = `${prefix}-pdesc-broken`;
    await kafka.createTopic(1, { name: topic });
    await waitForTopic(kafka.admin, topic);
    await produceMany(topic, 1, () => ({ partition: 0, key: 'k', value: Buffer.from([0x0a, 0xff]) }));
    const [record] = await page(topic);
    expect(record).toMatchObject({
      key: 'k',
      value: 'Cv8=',
      valueBase64: true,
      format: { key: 'TEXT', value: 'BINARY' },
    });
    expect(record).not.toHaveProperty('valueSubject');
    expect(record?.exceptions).toEqual([
      expect.stringMatching(/^Key as LONG: is 1 bytes/),
      expect.stringMatching(/^Value as PROTOBUF shop\.Order: /),
    ]);
  });
});

describe('the format detected where nothing is configured', () => {
  it('registry-framed, JSON, text and binary, in browse, one record, search, download and last record', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const registry = process.env.SCHEMA_REGISTRY_URL;
    const subject = `${topic}-value`;
    const registered = await fetch(`${registry}/subjects/${subject}/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({ schema: JSON.stringify(avroSchema) }),
    });
    expect(registered.status).toBe(200);
    try {
      await produceMany(topic, 4, (i) => ({
        partition: 0,
        key: i === 0 ? '{"id":1}' : `k${i}`,
        value: ['{"a":[1,2]}', 'plain words', Buffer.from([0xff, 0x00, 0xfe]), '42'][i] ?? null,
      }));
      const framed = await produce(topic, {
        key: 'k4',
        value: '{"sensor":"s","at":1,"celsius":1.5,"note":null}',
        valueSchema: subject,
      });
      expect(framed.status).toBe(200);
      const expected = [
        { key: 'JSON', value: 'JSON' },
        { key: 'TEXT', value: 'TEXT' },
        { key: 'TEXT', value: 'BINARY' },
        { key: 'TEXT', value: 'TEXT' },
        { key: 'TEXT', value: 'AVRO' },
      ];
      expect((await page(topic)).map((r) => r.format)).toEqual(expected);

      const one = await getJson(`${app.url}/api/local/topic/${topic}/data/record/0/4`);
      expect((one.body as { results: DataRecord[] }).results[0]?.format).toEqual(expected[4]);

      const found: DataRecord[] = [];
      const res = await fetch(`${app.url}/api/local/topic/${topic}/data/search?searchByValue=words`);
      for await (const m of sseMessages(res)) {
        if (m.event === 'searchBody') found.push(...(m.data as { records: DataRecord[] }).records);
      }
      expect(found.map((r) => r.format)).toEqual([expected[1]]);

      const download = await fetch(`${app.url}/api/local/topic/${topic}/data/download`);
      const rows = (await download.json()) as { format: unknown }[];
      expect(rows.map((r) => r.format)).toEqual(expected);

      const last = await getJson(`${app.url}/api/local/topic/last-record?topics=${topic}`);
      expect((last.body as Record<string, DataRecord>)[topic]?.format).toEqual(expected[4]);
    } finally {
      await fetch(`${registry}/subjects/${subject}`, { method: 'DELETE' });
      await fetch(`${registry}/subjects/${subject}?permanent=true`, { method: 'DELETE' });
    }
  });
});
