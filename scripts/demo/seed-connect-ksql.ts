import { mkdirSync, writeFileSync } from 'node:fs';
import { type Endpoints, postJson } from './endpoints.ts';
import { DEMO_TOPICS } from './seed-topics.ts';

/** One running FileStream source connector and a ksqlDB stream over the orders topic. */
export async function seedConnectAndKsql(endpoints: Endpoints): Promise<void> {
  mkdirSync(endpoints.workDir, { recursive: true });
  const file = `${endpoints.workDir}/access.log`;
  writeFileSync(
    file,
    Array.from({ length: 50 }, (_, i) => `127.0.0.1 - - "GET /products/${i} HTTP/1.1" 200 ${512 + i}`).join(
      '\n',
    ),
  );
  await postJson(
    `${endpoints.connect}/connectors/demo-file-source/config`,
    {
      'connector.class': 'org.apache.kafka.connect.file.FileStreamSourceConnector',
      'tasks.max': '1',
      file,
      topic: DEMO_TOPICS.fileLines,
    },
    'PUT',
  );
  const shown = (await postJson(`${endpoints.ksqldb}/ksql`, {
    ksql: 'SHOW STREAMS;',
    streamsProperties: {},
  })) as [{ streams: { name: string }[] }];
  if (shown[0].streams.some((s) => s.name === 'ORDERS')) return;
  await postJson(`${endpoints.ksqldb}/ksql`, {
    ksql: `CREATE STREAM ORDERS (orderId INT, customer VARCHAR, total DOUBLE) WITH (kafka_topic='${DEMO_TOPICS.orders}', value_format='JSON');`,
    streamsProperties: {},
  });
}
