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

/** Creates the demo topics once and fills them; a second run finds them and leaves them as they are. */
export async function seedTopics(endpoints: Endpoints): Promise<typeof DEMO_TOPICS> {
  const admin = new Admin({ clientId: 'demo', bootstrapBrokers: [endpoints.bootstrap] });
  const existing = new Set(await admin.listTopics());
  const fresh = Object.values(DEMO_TOPICS).filter((t) => !existing.has(t));
  for (const topic of fresh) {
    const compacted = topic === DEMO_TOPICS.profiles;
    await admin.createTopics({
      topics: [topic],
      partitions: topic === DEMO_TOPICS.orders ? 3 : 1,
      replicas: 1,
      configs: compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
    });
  }
  await admin.close();

  const producer = new Producer({ clientId: 'demo', bootstrapBrokers: [endpoints.bootstrap] });
  const send = (topic: string, messages: { key?: Buffer; value: Buffer; headers?: Record<string, Buffer> }[]) =>
    producer.send({ messages: messages.map((m) => ({ topic, ...m })) });
  const text = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

  if (fresh.includes(DEMO_TOPICS.orders)) {
    await send(
      DEMO_TOPICS.orders,
      Array.from({ length: 300 }, (_, i) => ({
        key: text(`order-${i}`),
        value: text({ orderId: i, customer: `customer-${i % 25}`, total: Math.round(i * 137) / 10, items: i % 5 }),
        headers: { source: text(i % 2 ? 'web' : 'mobile'), 'trace-id': text(`trace-${i.toString(16)}`) },
      })),
    );
  }
  if (fresh.includes(DEMO_TOPICS.customers)) {
    await send(
      DEMO_TOPICS.customers,
      Array.from({ length: 25 }, (_, i) => ({
        key: text(`customer-${i}`),
        value: text({ id: i, name: `Customer ${i}`, country: ['FR', 'DE', 'US', 'JP'][i % 4] }),
      })),
    );
  }
  if (fresh.includes(DEMO_TOPICS.profiles)) {
    await send(
      DEMO_TOPICS.profiles,
      Array.from({ length: 60 }, (_, i) => ({
        key: text(`user-${i % 12}`),
        value: text({ user: `user-${i % 12}`, revision: Math.floor(i / 12), email: `user${i % 12}@example.com` }),
      })),
    );
  }
  if (fresh.includes(DEMO_TOPICS.payments)) {
    const registered = (await postJson(`${endpoints.registry}/subjects/${DEMO_TOPICS.payments}-value/versions`, {
      schemaType: 'AVRO',
      schema: JSON.stringify(PAYMENT_SCHEMA),
    })) as { id: number };
    await send(
      DEMO_TOPICS.payments,
      Array.from({ length: 100 }, (_, i) => ({
        key: text(`payment-${i}`),
        value: confluentFrame(
          registered.id,
          encodeAvro([...PAYMENT_FIELDS], { id: `payment-${i}`, orderId: i * 3, amount: i * 9.99, currency: 'EUR' }),
        ),
      })),
    );
  }
  await producer.close();
  return DEMO_TOPICS;
}
