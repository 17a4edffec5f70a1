import { Admin, Producer } from '@platformatic/kafka';
import { confluentFrame, encodeAvro } from './avro.ts';
import { type Endpoints, postJson } from './endpoints.ts';

export const DEMO_TOPICS = {
  orders: 'demo.orders',
  customers: 'demo.customers',
  payments: 'demo.payments-avro',
  profiles: 'demo.profiles-compacted',
  fileLines: 'demo.file-lines',
} as const;

const PAYMENT_FIELDS = [
  { name: 'id', type: 'string' },
  { name: 'orderId', type: 'long' },
  { name: 'amount', type: 'double' },
  { name: 'currency', type: 'string' },
] as const;

const PAYMENT_SCHEMA = {
  type: 'record',
  name: 'Payment',
  namespace: 'demo',
  fields: PAYMENT_FIELDS.map(({ name, type }) => ({ name, type })),
};

const PARTITIONS: Record<string, number> = { [DEMO_TOPICS.orders]: 3 };
const text = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
type Message = { key?: Buffer; value: Buffer; headers?: Map<Buffer, Buffer> };

/** Creates the demo topics and fills those still empty, so a second run (or a failed first) converges. */
export async function seedTopics(endpoints: Endpoints): Promise<typeof DEMO_TOPICS> {
  const admin = new Admin({ clientId: 'demo', bootstrapBrokers: [endpoints.bootstrap] });
  const existing = new Set(await admin.listTopics());
  for (const topic of Object.values(DEMO_TOPICS).filter((t) => !existing.has(t))) {
    await admin.createTopics({
      topics: [topic],
      partitions: PARTITIONS[topic] ?? 1,
      replicas: 1,
      configs: topic === DEMO_TOPICS.profiles ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
    });
  }
  const ends = await admin.listOffsets({
    topics: Object.values(DEMO_TOPICS).map((name) => ({
      name,
      partitions: Array.from({ length: PARTITIONS[name] ?? 1 }, (_, partitionIndex) => ({
        partitionIndex,
        timestamp: -1n,
      })),
    })),
  });
  await admin.close();
  const empty = new Set(ends.filter((t) => t.partitions.every((p) => p.offset === 0n)).map((t) => t.name));

  const producer = new Producer({ clientId: 'demo', bootstrapBrokers: [endpoints.bootstrap] });
  const fill = async (topic: string, messages: () => Promise<Message[]> | Message[]) => {
    if (empty.has(topic)) await producer.send({ messages: (await messages()).map((m) => ({ topic, ...m })) });
  };
  await fill(DEMO_TOPICS.orders, () =>
    Array.from({ length: 300 }, (_, i) => ({
      key: text(`order-${i}`),
      value: text({
        orderId: i,
        customer: `customer-${i % 25}`,
        total: Math.round(i * 137) / 10,
        items: i % 5,
      }),
      headers: new Map([
        [text('source'), text(i % 2 ? 'web' : 'mobile')],
        [text('trace-id'), text(`trace-${i.toString(16)}`)],
      ]),
    })),
  );
  await fill(DEMO_TOPICS.customers, () =>
    Array.from({ length: 25 }, (_, i) => ({
      key: text(`customer-${i}`),
      value: text({ id: i, name: `Customer ${i}`, country: ['FR', 'DE', 'US', 'JP'][i % 4] }),
    })),
  );
  await fill(DEMO_TOPICS.profiles, () =>
    Array.from({ length: 60 }, (_, i) => ({
      key: text(`user-${i % 12}`),
      value: text({
        user: `user-${i % 12}`,
        revision: Math.floor(i / 12),
        email: `user${i % 12}@example.com`,
      }),
    })),
  );
  await fill(DEMO_TOPICS.payments, async () => {
    const { id } = (await postJson(`${endpoints.registry}/subjects/${DEMO_TOPICS.payments}-value/versions`, {
      schemaType: 'AVRO',
      schema: JSON.stringify(PAYMENT_SCHEMA),
    })) as { id: number };
    return Array.from({ length: 100 }, (_, i) => ({
      key: text(`payment-${i}`),
      value: confluentFrame(
        id,
        encodeAvro([...PAYMENT_FIELDS], {
          id: `payment-${i}`,
          orderId: i * 3,
          amount: i * 9.99,
          currency: 'EUR',
        }),
      ),
    }));
  });
  await producer.close();
  return DEMO_TOPICS;
}
