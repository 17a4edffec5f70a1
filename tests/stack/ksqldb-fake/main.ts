// Entry point of the ksqlDB fake as a stand-alone process: node tests/stack/ksqldb-fake/main.ts --port N
import { parseArgs } from 'node:util';
import { startKsqlFake } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8088' },
    host: { type: 'string', default: '127.0.0.1' },
    'kafka-cluster-id': { type: 'string' },
  },
});

const fake = await startKsqlFake({
  port: Number(values.port),
  host: values.host,
  ...(values['kafka-cluster-id'] ? { kafkaClusterId: values['kafka-cluster-id'] } : {}),
});
console.log(`ksqlDB fake listening on ${fake.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`ksqlDB fake stopping on ${signal}`);
    fake.close().then(() => process.exit(0));
  });
}
