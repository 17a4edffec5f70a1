/**
 * Kafka's own console consumer (`kafka-console-consumer`, org.apache.kafka.tools.consumer.ConsoleConsumer)
 * as the records tests' reference reader: it reads a partition from an offset with no consumer group.
 * It runs from the kafka-tools jar (kafka-tools.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { bootstrap } from './kafka.ts';
import { ensureToolsJar, toolsClasspath } from './kafka-tools.ts';

const run = promisify(execFile);

export type ConsumedRecord = {
  partition: number;
  offset: number;
  /** CreateTime in epoch milliseconds, as the consumer prints it. */
  timestamp: number;
  /** `null` for a null key, as the consumer prints it. */
  key: string;
  /** `key:value` pairs joined by `,`; `NO_HEADERS` when there are none. */
  headers: string;
  /** `null` for a null value. */
  value: string;
};

/** The records of `partition` from `offset` on, `count` of them, as the console consumer prints them. */
export async function consoleConsume(
  topic: string,
  partition: number,
  count: number,
  offset = 0,
): Promise<ConsumedRecord[]> {
  await ensureToolsJar();
  const java = process.env.JAVA ?? 'java';
  const { stdout } = await run(
    java,
    [
      '-cp',
      toolsClasspath(),
      'org.apache.kafka.tools.consumer.ConsoleConsumer',
      '--bootstrap-server',
      bootstrap(),
      '--topic',
      topic,
      '--partition',
      String(partition),
      '--offset',
      String(offset),
      '--max-messages',
      String(count),
      '--timeout-ms',
      '20000',
      '--formatter-property',
      'print.partition=true',
      '--formatter-property',
      'print.offset=true',
      '--formatter-property',
      'print.timestamp=true',
      '--formatter-property',
      'print.headers=true',
      '--formatter-property',
      'print.key=true',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('CreateTime:'))
    .map((line) => {
      // CreateTime:T, Partition:P, Offset:O, headers, key, value (which may hold tabs), by tabs.
      const [t = '', p = '', o = '', headers = '', key = '', ...value] = line.split('\t');
      return {
        timestamp: Number(t.slice('CreateTime:'.length)),
        partition: Number(p.slice('Partition:'.length)),
        offset: Number(o.slice('Offset:'.length)),
        headers,
        key,
        value: value.join('\t'),
      };
    });
}
